/** The event name of DocumentTextReadEvent. */
export const DOCUMENT_TEXT_READ = 'document.text-read';

/**
 * A document's text was read (extracted or recognised) and saved: emitted by the extraction after
 * the row is updated, before the AI's summary. Listeners: the suggestions (a bill becomes a
 * suggested task), so the document opens with them. An event rather than a call, so the documents
 * module does not depend on the suggestions (which depend on documents through attachments).
 */
export class DocumentTextReadEvent {
  constructor(
    readonly userId: number,
    readonly documentId: number,
  ) {}
}
