import type { ComposeAttachment } from '@aide/contracts';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';

/** A file ready for nodemailer: what the outbox attaches when it sends. */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  content: Buffer | Readable;
}

/**
 * Turns a message's attachment references (an upload from the compose window, a document from
 * Documents) into files, read when the message is sent. The outbox (outbox/) calls `resolve`; the
 * compose part (compose/) stores the uploads and implements it.
 */
@Injectable()
export class ComposeAttachmentsService {
  async resolve(_userId: number, attachments: ComposeAttachment[]): Promise<ResolvedAttachment[]> {
    if (attachments.length === 0) return [];
    throw new BadRequestException('Attachments cannot be sent yet');
  }
}
