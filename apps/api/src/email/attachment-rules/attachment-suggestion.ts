import type { SuggestionCandidate } from '../../suggestions/suggestion-detector';
import type { AttachmentFile } from './attachment-documents.service';

/**
 * The suggestion that records an attachment saved to Documents (by a rule or by the person), so the
 * message shows what it became. Its key names the attachment, the one a 'document' suggestion for
 * the same attachment has, so it is recorded once whichever way it was saved.
 */
export function savedAttachmentCandidate(
  file: Pick<AttachmentFile, 'index' | 'filename' | 'contentType'>,
  detail: string | null,
) {
  return {
    kind: 'document',
    origin: 'attachment',
    key: attachmentSuggestionKey(file.index),
    title: `Save ${file.filename} to Documents`,
    detail,
    draft: { attachmentIndex: file.index, filename: file.filename, contentType: file.contentType },
  } satisfies SuggestionCandidate;
}

/** The suggestion key of the email's attachment at `index` (0-based). */
export const attachmentSuggestionKey = (index: number) => `attachment:${index}`;
