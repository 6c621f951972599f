import remoteFailurePlugin, { isFailedRemote, REMOTE_LOAD_FAILED } from './remote-failure-plugin';

type ErrorLoadRemote = (args: { id: string; error: unknown; lifecycle: string }) => Promise<unknown>;
const errorLoadRemote = remoteFailurePlugin().errorLoadRemote as unknown as ErrorLoadRemote;

describe('remoteFailurePlugin', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers a remote that failed to load with a marker, so the shell shows its fallback', async () => {
    const error = new Error('ChunkLoadError');
    const answer = await errorLoadRemote({ id: 'email/module', error, lifecycle: 'onLoad' });
    expect(isFailedRemote(answer)).toBe(true);
    expect(answer).toEqual({ [REMOTE_LOAD_FAILED]: true, error });
    expect(console.warn).toHaveBeenCalledWith('[aide] remote "email/module" failed to load', error);
  });

  it('lets earlier failures (manifest, entry script) throw, so nothing failed is cached and Retry fetches afresh', async () => {
    for (const lifecycle of ['afterResolve', 'beforeRequest', 'beforeLoadShare']) {
      expect(await errorLoadRemote({ id: 'email', error: new Error('502'), lifecycle })).toBeUndefined();
    }
  });
});

describe('isFailedRemote', () => {
  it('tells the marker from a module', () => {
    expect(isFailedRemote({ [REMOTE_LOAD_FAILED]: true, error: null })).toBe(true);
    expect(isFailedRemote({ default: { id: 'email', routes: [] } })).toBe(false);
    expect(isFailedRemote(undefined)).toBe(false);
    expect(isFailedRemote(null)).toBe(false);
    expect(isFailedRemote('module')).toBe(false);
  });
});
