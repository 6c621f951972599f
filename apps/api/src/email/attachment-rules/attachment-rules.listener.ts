import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../events/email-arrived.event';
import type { EmailEntity } from '../email.entity';
import { AttachmentDocumentsService } from './attachment-documents.service';
import type { AttachmentRuleEntity } from './attachment-rule.entity';
import { attachmentsToFile } from './attachment-rule-matching';
import { AttachmentRulesService } from './attachment-rules.service';
import { savedAttachmentCandidate } from './attachment-suggestion';
import { SuggestionsService } from '../../suggestions/suggestions.service';

/**
 * The attachment rules run on every sync, for the mail it brought (EmailArrivedEvent): each
 * attachment the first matching rule is about is filed into Documents. An attachment is filed
 * once: the documents pipeline answers the document the same bytes from the same email already
 * are, and a message arrives once.
 */
@Injectable()
export class AttachmentRulesListener {
  private readonly logger = new Logger('AttachmentRules');

  constructor(
    private readonly rules: AttachmentRulesService,
    private readonly attachments: AttachmentDocumentsService,
    private readonly suggestions: SuggestionsService,
  ) {}

  /** A failure is logged (per message) and does not fail the sync: the mail is stored either way. */
  @OnEvent(EMAIL_ARRIVED, { async: true, promisify: true })
  async arrived({ integration, emails }: EmailArrivedEvent): Promise<void> {
    const withAttachments = emails.filter((email) => email.attachments.length > 0);
    if (withAttachments.length === 0) return;
    const rules = await this.rules.enabledRules(integration.userId);
    if (rules.length === 0) return;
    for (const email of withAttachments) {
      try {
        await this.file(email, rules);
      } catch (error) {
        this.logger.warn(
          `Email ${email.id}: attachments not filed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
  }

  private async file(email: EmailEntity, rules: AttachmentRuleEntity[]): Promise<void> {
    const filing = attachmentsToFile(rules, email);
    if (filing.size === 0) return;
    const files = await this.attachments.read(email, [...filing.keys()]);
    for (const file of files) {
      const rule = filing.get(file.index)!;
      const { document, created } = await this.attachments.store(email, file, {
        folderId: rule.folderId,
        tags: rule.tag ? [rule.tag] : [],
      });
      if (created) await this.rules.countFiled(rule.id, 1);
      // The message shows what it became: accepted by rule (a pending suggestion of it is settled).
      await this.suggestions.record(
        email.userId,
        { emailId: email.id },
        savedAttachmentCandidate(file, `Filed by the rule “${rule.name}”`),
        { type: 'document', id: document.id },
        'rule',
      );
    }
  }
}
