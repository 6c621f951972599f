import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderTree } from '@aide/testing';
import { INTEGRATIONS_QUERY_KEY, type EmailAccount } from './useEmailIntegrations';
import { useSyncWatcher, type SyncReport } from './useSyncWatcher';

afterEach(cleanup);

const account = (fields: Partial<EmailAccount> = {}): EmailAccount => ({
  id: 1,
  provider: 'imap',
  email: 'ada@example.test',
  displayName: null,
  isActive: true,
  syncEnabled: true,
  syncing: false,
  syncFrequency: 300,
  autoRespond: false,
  autoCategories: true,
  lastSyncAt: '2026-03-01T10:00:00.000Z',
  lastSyncError: null,
  imapHost: null,
  imapPort: null,
  smtpHost: null,
  smtpPort: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  signature: null,
  ...fields,
});

/** Mounts the hook the way the panel does; `show` renders it with a fresh list, as the live stream's refetch would. */
function mount() {
  const reports: Parameters<SyncReport>[] = [];
  const client = new QueryClient();
  let watcher!: ReturnType<typeof useSyncWatcher>;
  function Probe({ accounts }: { accounts: EmailAccount[] }) {
    watcher = useSyncWatcher(accounts, (...args) => reports.push(args));
    return null;
  }
  const tree = (accounts: EmailAccount[]) => (
    <QueryClientProvider client={client}>
      <Probe accounts={accounts} />
    </QueryClientProvider>
  );
  const { rerender } = renderTree(tree([account()]));
  const show = (accounts: EmailAccount[]) => {
    client.setQueryData(INTEGRATIONS_QUERY_KEY, accounts);
    rerender(tree(accounts));
  };
  return { reports, show, client, watcher: () => watcher };
}

describe('useSyncWatcher: Sync Now reports when its background job ends', () => {
  it('reports success once the account stops syncing, and only once', () => {
    const { reports, show, watcher } = mount();
    const before = account();
    act(() => {
      watcher().begin(before);
      watcher().answered(before, account({ syncing: true }));
    });
    show([account({ syncing: true })]);
    expect(reports).toEqual([]);
    show([account({ syncing: false, lastSyncAt: '2026-03-01T10:05:00.000Z' })]);
    expect(reports.map(([, outcome]) => outcome)).toEqual([{ kind: 'succeeded' }]);
    show([account({ syncing: false, lastSyncAt: '2026-03-01T10:06:00.000Z' })]);
    expect(reports).toHaveLength(1);
  });

  it('reports the failure with the lastSyncError the job recorded', () => {
    const { reports, show, watcher } = mount();
    const before = account();
    act(() => {
      watcher().begin(before);
      watcher().answered(before, account({ syncing: true }));
    });
    show([account({ syncing: false, lastSyncError: 'Authentication failed' })]);
    expect(reports.map(([a, outcome]) => [a.email, outcome])).toEqual([
      ['ada@example.test', { kind: 'failed', error: 'Authentication failed' }],
    ]);
  });

  it('reports at once when the job ended before the answer was read', () => {
    const { reports, client, watcher } = mount();
    const before = account();
    act(() => {
      watcher().begin(before);
    });
    // The list refetched with the sync's answer already shows it done.
    client.setQueryData(INTEGRATIONS_QUERY_KEY, [account({ syncing: false, lastSyncAt: '2026-03-01T10:05:00.000Z' })]);
    act(() => watcher().answered(before, account({ syncing: true })));
    expect(reports.map(([, outcome]) => outcome)).toEqual([{ kind: 'succeeded' }]);
  });

  it('reports when the refetch that follows the answer already shows the sync ended', () => {
    const { reports, show, watcher } = mount();
    const before = account({ lastSyncError: 'old error' });
    act(() => {
      watcher().begin(before);
    });
    show([account({ syncing: false, lastSyncAt: '2026-03-01T10:05:00.000Z', lastSyncError: null })]);
    expect(reports.map(([, outcome]) => outcome)).toEqual([{ kind: 'succeeded' }]);
    act(() => watcher().answered(before, account({ syncing: true })));
    expect(reports).toHaveLength(1);
  });

  it('takes an answer without a running sync as the result', () => {
    const { reports, watcher } = mount();
    const before = account();
    act(() => {
      watcher().begin(before);
      watcher().answered(before, account({ lastSyncError: 'Connection refused' }));
    });
    expect(reports.map(([, outcome]) => outcome)).toEqual([{ kind: 'failed', error: 'Connection refused' }]);
  });

  it('says nothing about syncs it did not ask for, or that the API refused', () => {
    const { reports, show, watcher } = mount();
    show([account({ syncing: true })]);
    show([account({ syncing: false, lastSyncAt: '2026-03-01T10:05:00.000Z' })]);
    const before = account();
    act(() => {
      watcher().begin(before);
      watcher().cancel(before.id);
    });
    show([account({ syncing: false, lastSyncAt: '2026-03-01T10:09:00.000Z' })]);
    expect(reports).toEqual([]);
  });
});
