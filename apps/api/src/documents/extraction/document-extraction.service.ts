import { Injectable } from '@nestjs/common';

/**
 * Text extraction and AI enrichment of uploaded documents, as background jobs.
 * STUB: the extraction work replaces this file.
 */
@Injectable()
export class DocumentExtractionService {
  /** Queues extraction (then summary, tags and category) of a stored document; call after the row is committed. */
  async queue(_userId: number, _documentId: number): Promise<void> {}
}
