import { EMAIL_MESSAGES, type Email } from '@aide/contracts';
import { quotedReply } from '../shared/emailText';
import { replyFormSchema, sendResultToast } from './ComposeDialogs';

const email = { from: 'ada@example.test', receivedAt: '2026-03-03T14:05:00.000Z', body: 'Are you free?' };

describe('the reply form', () => {
  it("refuses a reply that is only the quoted original, with the contract's message", () => {
    const result = replyFormSchema.safeParse({ emailId: 1, content: quotedReply(email) });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['content'], message: EMAIL_MESSAGES.replyContentRequired });
  });

  it('sends the reply with the quote, trimmed', () => {
    const result = replyFormSchema.safeParse({ emailId: '1', content: `Yes!${quotedReply(email)}` });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ emailId: 1, content: `Yes!${quotedReply(email)}` });
  });
});

describe('the toast after a reply or forward', () => {
  const sent = { email: {} as Email, message: 'Reply sent to ada@example.test' };

  it('says sent when the server delivered it', () => {
    expect(sendResultToast({ ...sent, emailSent: true }, 'Reply sent')).toEqual({ title: 'Reply sent', description: 'Reply sent to ada@example.test' });
  });

  it('is destructive and explains the provider verification failure when it was saved as a draft (spec §8)', () => {
    expect(sendResultToast({ ...sent, emailSent: false }, 'Reply sent')).toEqual({
      title: 'Saved as draft',
      description: EMAIL_MESSAGES.deliveryFailedDraft,
      variant: 'destructive',
    });
    expect(EMAIL_MESSAGES.deliveryFailedDraft).toMatch(/delivery failed due to email provider verification requirements/i);
  });
});
