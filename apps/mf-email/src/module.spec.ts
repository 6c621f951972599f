import type { RemoteModule } from '@aide/module-kit';

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
});
