import { type DocumentDraft, SUGGESTION_MESSAGES } from '@aide/contracts';
import { ConflictException, Injectable } from '@nestjs/common';
import type { SuggestionEntity, SuggestionResult } from '../../suggestions/suggestion.entity';
import type { SuggestionMaker } from '../../suggestions/suggestion-maker';
import { AttachmentDocumentsService } from './attachment-documents.service';

/**
 * A 'document' suggestion (e.g. a reservation's confirmation PDF) becomes that attachment stored in
 * Documents, as the one-click save does: read from the mail server, linked to the message. An
 * attachment already saved from it answers its document.
 */
@Injectable()
export class DocumentMaker implements SuggestionMaker<'document'> {
  readonly kind = 'document';

  constructor(private readonly attachments: AttachmentDocumentsService) {}

  async make(userId: number, suggestion: SuggestionEntity, draft: DocumentDraft): Promise<SuggestionResult> {
    if (suggestion.emailId === null) throw new ConflictException(SUGGESTION_MESSAGES.sourceGone);
    const { document } = await this.attachments.save(userId, suggestion.emailId, draft.attachmentIndex);
    return { type: 'document', id: document.id };
  }
}
