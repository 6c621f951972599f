import { emailEndpoints, type EmailStats } from '@aide/contracts';
import type { RemoteModule } from '@aide/module-kit';
import { EMAIL_STATS_QUERY_KEY } from './email/useEmails';

let email: RemoteModule;
beforeAll(async () => {
  // The build defines the remote's version; here the test does, before the module reads it.
  Object.assign(globalThis, { __AIDE_REMOTE_VERSION__: '9.9.9-test' });
  email = (await import('./module')).default;
});

describe('the email module', () => {
  it('puts the unread figure and the insights card on the dashboard', () => {
    expect(email.widgets?.map((w) => [`${email.id}.${w.id}`, w.title, w.size])).toEqual([
      ['email.unread', 'Unread Emails', 'stat'],
      ['email.insights', 'Email Insights', 'half'],
    ]);
  });

  it("fills the calendar's integrations slot with its accounts panel", () => {
    expect(email.slots?.map((s) => s.slot)).toEqual(['calendar.integrations']);
  });

  it("badges Email Manager with the unread count, read through the stats endpoint's query", () => {
    const item = email.nav.find((n) => n.path === '/email');
    expect(item?.label).toBe('Email Manager');
    // The meta spells the key out (the build reads it as data): it must be the key the screens use.
    expect(item?.badge?.queryKey).toEqual(EMAIL_STATS_QUERY_KEY);
    expect(item?.badge?.queryKey).toEqual([emailEndpoints.stats.path]);
    expect(item?.badge?.color).toBe('gold');
    expect(item?.badge?.select({ unread: 5 } as EmailStats)).toBe(5);
  });
});
