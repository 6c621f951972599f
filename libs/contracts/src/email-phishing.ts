import { z } from 'zod';

/**
 * Why a message is suspected of phishing (issue 24): each signal as data, so the email screen words
 * it in the reader's language (the API's `reasons` are the same in English, for other clients).
 */
export const phishingSignalSchema = z.discriminatedUnion('kind', [
  /** The display name shows an address (`shown`) of another organisation than the sender's `domain`. */
  z.object({ kind: z.literal('shownAddress'), shown: z.string(), domain: z.string() }),
  /** The display name (`name`) borrows a brand whose domains do not include the sender's `domain`. */
  z.object({ kind: z.literal('brandName'), name: z.string(), domain: z.string() }),
  /** The sender's `domain` spells itself with look-alike (punycode) characters. */
  z.object({ kind: z.literal('punycode'), domain: z.string() }),
  /** The sender's `domain` is `imitates` with digits in place of letters (paypa1.com). */
  z.object({ kind: z.literal('digitsForLetters'), domain: z.string(), imitates: z.string() }),
  /** The sender's `domain` adds words to the `name` of `imitates` (secure-paypal-login.com). */
  z.object({ kind: z.literal('extraWords'), domain: z.string(), name: z.string(), imitates: z.string() }),
  /** The receiving server's Authentication-Results say this check failed. */
  z.object({ kind: z.literal('authenticationFailed'), method: z.enum(['DKIM', 'SPF', 'DMARC']) }),
  /** A form in the message asks for passwords or account details. */
  z.object({ kind: z.literal('credentialForm') }),
  /** A link whose text shows one domain (`shown`) leads to another (`target`). */
  z.object({ kind: z.literal('deceptiveLink'), shown: z.string(), target: z.string() }),
]);
export type PhishingSignal = z.infer<typeof phishingSignalSchema>;
export type PhishingSignalKind = PhishingSignal['kind'];

/** emails.metadata.phishing: the reasons in English, and (since the signals were added) the same as data. */
export const phishingVerdictSchema = z.object({
  reasons: z.array(z.string()),
  signals: z.array(phishingSignalSchema).optional(),
});
export type PhishingVerdict = z.infer<typeof phishingVerdictSchema>;
