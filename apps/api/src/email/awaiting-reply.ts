import { isBulkOrOwn, type MailForDates, readableText, sentences } from '../suggestions/mail-dates/mail-dates';
import { requestTitle } from '../suggestions/mail-dates/action-titles';
import { senderOf } from './newsletters/sender-address';

/** Addresses that send mail nobody answers: no-reply, notifications, bounces, robots. */
const AUTOMATED_SENDER =
  /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|notifications?|notify|alerts?|mailer[-_.]?daemon|postmaster|bounces?|automated|robot|system|updates?|news(?:letter)?|info|marketing|billing|receipts?)(?:[-_.+][^@]*)?@/i;

/** Words that ask for an answer even without a question mark, in the six languages the app speaks. */
const ASKS =
  /\b(?:let me know|please (?:confirm|advise|reply|respond|get back)|get back to me|looking forward to (?:your|hearing)|your thoughts|lass(?:en sie)? mich wissen|bitte (?:bestätigen|antworte)|merci de (?:confirmer|me dire|répondre)|tenez-moi au courant|avísame|por favor (?:confirma|responde)|dime)\b|ご確認ください|ご返信|お知らせください|请确认|请回复|告诉我/i;

/** Whether the address is a machine's (no-reply, notifications, bounces…): nobody waits for a reply there. */
export function isAutomatedSender(from: string): boolean {
  return AUTOMATED_SENDER.test(senderOf(from));
}

/**
 * Whether a message (the newest of its conversation, from someone else) waits for the person's
 * reply: not a list, newsletter, promotion or the person's own mail (the suggestions' isBulkOrOwn),
 * not from an automated address, and its own new text (without the quoted conversation and the
 * signature) asks something: a question, a request ("Could you send…", as the suggestions read
 * requests), or "let me know". Pure.
 */
export function awaitsReply(mail: MailForDates): boolean {
  if (isBulkOrOwn(mail) || isAutomatedSender(mail.from)) return false;
  return sentences(readableText(mail.body)).some(
    (sentence) => /[?？]\s*$/.test(sentence) || ASKS.test(sentence) || requestTitle(sentence, null) !== null,
  );
}
