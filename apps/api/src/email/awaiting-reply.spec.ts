import { awaitsReply, isAutomatedSender } from './awaiting-reply';

const mail = (body: string, more: Partial<Parameters<typeof awaitsReply>[0]> = {}) => ({
  subject: 'Q3 budget',
  from: 'Ann Lee <ann@example.com>',
  body,
  receivedAt: new Date('2026-11-26T09:00:00Z'),
  category: null,
  metadata: {},
  ...more,
});

describe('awaitsReply', () => {
  it('is true for a question', () => {
    expect(awaitsReply(mail('Hi,\n\nDo you have time to look at the numbers on Friday?\n\nAnn'))).toBe(true);
  });

  it('is true for a request without a question mark, and for "let me know"', () => {
    expect(awaitsReply(mail('Please send me the signed contract.'))).toBe(true);
    expect(awaitsReply(mail('The draft is attached. Let me know what you think.'))).toBe(true);
  });

  it('is false for a message that only informs', () => {
    expect(awaitsReply(mail('Thanks, the invoice has been paid. Have a nice weekend.'))).toBe(false);
  });

  it('reads only the new text: a question in the quoted conversation does not count', () => {
    const body = 'Done, thanks.\n\nOn Tue, Bob wrote:\n> Could you send me the slides?';
    expect(awaitsReply(mail(body))).toBe(false);
  });

  it('is false for newsletters, lists and the person’s own mail', () => {
    expect(awaitsReply(mail('Want 20% off?', { category: 'newsletter' }))).toBe(false);
    expect(awaitsReply(mail('Any questions?', { metadata: { listUnsubscribe: { http: 'https://x.org/u' } } }))).toBe(
      false,
    );
    expect(awaitsReply(mail('Can we meet?', { metadata: { status: 'sent' } }))).toBe(false);
  });

  it('is false for automated senders', () => {
    expect(awaitsReply(mail('Did you request a password reset?', { from: 'GitHub <noreply@github.com>' }))).toBe(false);
    expect(isAutomatedSender('Shop <no-reply@shop.example>')).toBe(true);
    expect(isAutomatedSender('notifications@service.example')).toBe(true);
    expect(isAutomatedSender('Ann Lee <ann@example.com>')).toBe(false);
  });
});
