import { extraModules } from './registered-modules';

describe('extraModules (AIDE_E2E_EXTRA_MODULES, the composition e2e’s hook)', () => {
  it('registers nothing when unset', () => {
    expect(extraModules(undefined)).toEqual([]);
    expect(extraModules('')).toEqual([]);
  });

  it('reads a JSON list of modules', () => {
    const probe = { id: 'probe', title: 'Probe', routes: ['/probe'] };
    expect(extraModules(JSON.stringify([probe]))).toEqual([probe]);
  });

  it('refuses to start on a malformed list rather than register half a module', () => {
    expect(() => extraModules('[{"id":"Bad Id","title":"x","routes":["/x"]}]')).toThrow('AIDE_E2E_EXTRA_MODULES');
    expect(() => extraModules('[{"id":"probe","title":"Probe","routes":["probe"]}]')).toThrow('AIDE_E2E_EXTRA_MODULES');
  });
});
