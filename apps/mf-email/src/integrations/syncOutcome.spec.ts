import { finishedOnAnswer, outcomeOf, startWatch, syncOutcome } from './syncOutcome';
import type { EmailAccount } from './useEmailIntegrations';

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
  imapHost: 'imap.example.test',
  imapPort: 993,
  smtpHost: 'smtp.example.test',
  smtpPort: 465,
  createdAt: '2026-03-01T09:00:00.000Z',
  signature: null,
  ...fields,
});

describe('how a Sync Now ends', () => {
  const before = account();

  it('waits while the account is syncing', () => {
    const watch = startWatch(before, account({ syncing: true }));
    expect(syncOutcome(watch, account({ syncing: true }))).toEqual({ kind: 'pending' });
  });

  it('succeeds when syncing ends without an error', () => {
    const watch = startWatch(before, account({ syncing: true }));
    expect(syncOutcome(watch, account({ syncing: false, lastSyncAt: '2026-03-01T10:05:00.000Z' }))).toEqual({
      kind: 'succeeded',
    });
  });

  it('fails with the readable lastSyncError when syncing ends with one', () => {
    const watch = startWatch(before, account({ syncing: true }));
    expect(
      syncOutcome(watch, account({ syncing: false, lastSyncError: 'Authentication failed: check the password' })),
    ).toEqual({
      kind: 'failed',
      error: 'Authentication failed: check the password',
    });
  });

  it('tells the end of a sync that failed exactly as the previous one did, once it was seen syncing', () => {
    const failedBefore = account({ lastSyncError: 'Connection refused' });
    const watch = startWatch(failedBefore, account({ lastSyncError: 'Connection refused', syncing: true }));
    expect(syncOutcome(watch, failedBefore)).toEqual({ kind: 'failed', error: 'Connection refused' });
  });

  it('without a syncing flag, waits until the sync fields change', () => {
    const watch = startWatch(before, undefined);
    expect(syncOutcome(watch, account())).toEqual({ kind: 'pending' });
    expect(syncOutcome(watch, account({ lastSyncAt: '2026-03-01T10:05:00.000Z' }))).toEqual({ kind: 'succeeded' });
  });

  it('drops the watch when the account is gone', () => {
    expect(syncOutcome(startWatch(before, undefined), undefined)).toEqual({ kind: 'gone' });
  });

  it('takes an answer that is not syncing as the end of it', () => {
    expect(finishedOnAnswer(account({ syncing: true }))).toBe(false);
    expect(finishedOnAnswer(undefined)).toBe(false);
    expect(finishedOnAnswer(account())).toBe(true);
    expect(outcomeOf(account({ lastSyncError: 'x' }))).toEqual({ kind: 'failed', error: 'x' });
    expect(outcomeOf(account())).toEqual({ kind: 'succeeded' });
  });
});
