import { type AttachmentType, isAttachmentOfType, type SenderMatch } from '@aide/contracts';
import { senderAddress } from '../triage/triage-rules';

/** What a rule looks at. */
export interface RuleConditions {
  sender: string | null;
  senderMatch: SenderMatch;
  subjectContains: string | null;
  attachmentType: AttachmentType;
  integrationId: number | null;
}

/** What of a message a rule looks at. */
export interface RuleMessage {
  integrationId: number | null;
  from: string;
  subject: string;
  attachments: ReadonlyArray<{ filename: string | null; contentType: string }>;
}

/**
 * Whether the message is one the rule is about (account, sender, subject; case-insensitive).
 * 'equals' compares with the sender's address (or the whole From, for 'Ann <ann@x.org>'); 'contains'
 * looks in the whole From, name included ('invoice@', 'Acme').
 */
export function messageMatches(rule: RuleConditions, message: RuleMessage): boolean {
  if (rule.integrationId !== null && rule.integrationId !== message.integrationId) return false;
  if (rule.sender) {
    const wanted = rule.sender.toLowerCase();
    const from = message.from.toLowerCase();
    const matches =
      rule.senderMatch === 'equals' ? senderAddress(message.from) === wanted || from === wanted : from.includes(wanted);
    if (!matches) return false;
  }
  if (rule.subjectContains && !message.subject.toLowerCase().includes(rule.subjectContains.toLowerCase())) return false;
  return true;
}

/**
 * Which rule files which attachment of the message (by index): the first rule, in the given order,
 * that matches both the message and the attachment's type. Each attachment is filed once at most.
 */
export function attachmentsToFile<R extends RuleConditions>(rules: readonly R[], message: RuleMessage): Map<number, R> {
  const filed = new Map<number, R>();
  for (const rule of rules) {
    if (!messageMatches(rule, message)) continue;
    message.attachments.forEach((attachment, index) => {
      if (!filed.has(index) && isAttachmentOfType(attachment, rule.attachmentType)) filed.set(index, rule);
    });
  }
  return filed;
}
