import { EMAIL_MESSAGES, type Email } from '@aide/contracts';
import { replyEmailSchema } from '@aide/contracts';
import { sendResultToast } from './ComposeDialogs';

describe('the reply form (the contract schema: the server adds the quote)', () => {
  it("refuses a blank reply with the contract's message", () => {
    const result = replyEmailSchema.safeParse({ emailId: 1, content: '  \n ' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['content'], message: EMAIL_MESSAGES.replyContentRequired });
  });

  it('sends only what the user wrote', () => {
    const result = replyEmailSchema.safeParse({ emailId: '1', content: 'Yes, Friday works.' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ emailId: 1, content: 'Yes, Friday works.' });
  });
});

describe('the toast after a reply or forward', () => {
  const sent = { email: {} as Email, message: 'Reply sent to ada@example.test' };

  it('says sent when the server delivered it', () => {
    expect(sendResultToast({ ...sent, emailSent: true }, 'Reply sent')).toEqual({
      title: 'Reply sent',
      description: 'Reply sent to ada@example.test',
    });
    // Not the same words twice.
    expect(sendResultToast({ ...sent, emailSent: true, message: 'Reply sent' }, 'Reply sent')).toEqual({
      title: 'Reply sent',
      description: undefined,
    });
  });

  it('is destructive and explains the provider verification failure when it was saved as a draft (spec §8)', () => {
    expect(sendResultToast({ ...sent, emailSent: false }, 'Reply sent')).toEqual({
      title: 'Saved as draft',
      description: EMAIL_MESSAGES.deliveryFailedDraft,
      variant: 'destructive',
    });
    expect(EMAIL_MESSAGES.deliveryFailedDraft).toMatch(
      /delivery failed due to email provider verification requirements/i,
    );
  });
});
