import { cleanup, render } from '@aide/testing';
import { EmailIntegrationCard, frequencyText, syncState } from './EmailIntegrationCard';
import type { EmailAccount } from './useEmailIntegrations';

afterEach(cleanup);

const account = (fields: Partial<EmailAccount> = {}): EmailAccount => ({
  id: 7,
  provider: 'imap',
  email: 'ada@example.test',
  displayName: 'Ada at work',
  isActive: true,
  syncEnabled: true,
  syncing: false,
  syncFrequency: 300,
  autoRespond: false,
  autoCategories: true,
  lastSyncAt: null,
  lastSyncError: null,
  imapHost: 'imap.example.test',
  imapPort: 993,
  smtpHost: null,
  smtpPort: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  signature: null,
  ...fields,
});

const noop = () => undefined;
const card = (a: EmailAccount, syncPending = false) =>
  render(
    <EmailIntegrationCard
      account={a}
      syncPending={syncPending}
      togglePending={false}
      onSync={noop}
      onToggleSync={noop}
      onSettings={noop}
      onDelete={noop}
    />,
  );

describe('the sync icon (spec: green, yellow, red)', () => {
  it('is green when active with sync on, yellow when sync is off, red when inactive', () => {
    expect(syncState({ isActive: true, syncEnabled: true })).toBe('on');
    expect(syncState({ isActive: true, syncEnabled: false })).toBe('paused');
    expect(syncState({ isActive: false, syncEnabled: true })).toBe('inactive');
    expect(syncState({ isActive: false, syncEnabled: false })).toBe('inactive');
  });

  it('renders in the theme’s success, warning and error colours', () => {
    const colour = (a: EmailAccount) => (card(a).querySelector('[data-sync-state]') as HTMLElement).style.color;
    const green = colour(account());
    const yellow = colour(account({ syncEnabled: false }));
    const red = colour(account({ isActive: false }));
    expect(new Set([green, yellow, red]).size).toBe(3);
    expect(green).toBe('rgb(82, 196, 26)');
    expect(yellow).toBe('rgb(250, 173, 20)');
    expect(red).toBe('rgb(255, 77, 79)');
  });
});

describe('EmailIntegrationCard', () => {
  it('shows the Active or Inactive badge from isActive', () => {
    expect(card(account()).textContent).toContain('Active');
    expect(card(account({ isActive: false })).textContent).toContain('Inactive');
  });

  it('shows the last sync error readably', () => {
    const text = card(
      account({ lastSyncError: 'IMAP login failed: invalid credentials (check the app password)' }),
    ).textContent;
    expect(text).toContain('Last sync failed');
    expect(text).toContain('IMAP login failed: invalid credentials (check the app password)');
  });

  it('says Syncing... and disables Sync Now while a sync runs', () => {
    const container = card(account({ syncing: true }));
    const button = Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.includes('Syncing...'))!;
    expect(button).toBeDefined();
    expect(button.disabled).toBe(true);
  });

  it('says how often it syncs', () => {
    expect(frequencyText(300)).toBe('5 minutes');
    expect(frequencyText(60)).toBe('1 minute');
    expect(frequencyText(3600)).toBe('1 hour');
    expect(frequencyText(90)).toBe('90 seconds');
  });
});
