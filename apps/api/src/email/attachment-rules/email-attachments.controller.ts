import {
  type AttachmentRule,
  type AttachmentRuleValues,
  type DocumentSourceEmail,
  EMAIL_ATTACHMENT_MESSAGES,
  emailAttachmentsEndpoints as routes,
  type SavedAttachment,
} from '@aide/contracts';
import { BadRequestException, Controller, Param, type PipeTransform, Res, StreamableFile } from '@nestjs/common';
import { ApiCookieAuth, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { contentDisposition } from '../../documents/content-disposition.util';
import { toDocumentSummary } from '../../documents/document.mapper';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { AttachmentDocumentsService } from './attachment-documents.service';
import { AttachmentRulesService } from './attachment-rules.service';
import { savedAttachmentCandidate } from './attachment-suggestion';
import { SuggestionsService } from '../../suggestions/suggestions.service';

/** An attachment's place in the email's list: 0, 1, 2 … */
class AttachmentIndexPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^(0|[1-9]\d{0,3})$/.test(value))
      throw new BadRequestException(EMAIL_ATTACHMENT_MESSAGES.attachmentIndexInvalid);
    return Number(value);
  }
}

const emailId = new IdParamPipe('Email id must be a positive whole number');
const documentId = new IdParamPipe('Document id must be a positive whole number');
const ruleId = new IdParamPipe('Rule id must be a positive whole number');
const attachmentIndex = new AttachmentIndexPipe();

/** Routes and payloads: `emailAttachmentsEndpoints` in @aide/contracts. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailAttachmentsController {
  constructor(
    private readonly attachments: AttachmentDocumentsService,
    private readonly rules: AttachmentRulesService,
    private readonly suggestions: SuggestionsService,
  ) {}

  @Endpoint(routes.download)
  @ApiProduces('application/octet-stream')
  async download(
    @CurrentUser() user: User,
    @Param('id', emailId) id: number,
    @Param('index', attachmentIndex) index: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.attachments.download(user.id, id, index);
    // The sender chose the type: never let the browser sniff or render it in the app's origin.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, no-cache, no-transform');
    return new StreamableFile(file.content, {
      type: /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream',
      length: file.content.length,
      disposition: contentDisposition('attachment', file.filename),
    });
  }

  @Endpoint(routes.saveToDocuments)
  async saveToDocuments(
    @CurrentUser() user: User,
    @Param('id', emailId) id: number,
    @Param('index', attachmentIndex) index: number,
  ): Promise<SavedAttachment> {
    const { document, created } = await this.attachments.save(user.id, id, index);
    // The message shows what it became (a pending 'document' suggestion of this attachment is settled).
    await this.suggestions.record(
      user.id,
      { emailId: id },
      savedAttachmentCandidate({ index, filename: document.originalName, contentType: document.mimeType }, null),
      { type: 'document', id: document.id },
      'person',
    );
    return { document: toDocumentSummary(document), created };
  }

  @Endpoint(routes.sourceEmail)
  sourceEmail(@CurrentUser() user: User, @Param('id', documentId) id: number): Promise<DocumentSourceEmail> {
    return this.attachments.sourceEmail(user.id, id);
  }

  @Endpoint(routes.rules)
  list(@CurrentUser() user: User): Promise<AttachmentRule[]> {
    return this.rules.list(user.id);
  }

  @Endpoint(routes.createRule)
  create(
    @CurrentUser() user: User,
    @EndpointBody(routes.createRule) body: AttachmentRuleValues,
  ): Promise<AttachmentRule> {
    return this.rules.create(user.id, body);
  }

  @Endpoint(routes.updateRule)
  update(
    @CurrentUser() user: User,
    @Param('id', ruleId) id: number,
    @EndpointBody(routes.updateRule) body: Partial<AttachmentRuleValues>,
  ): Promise<AttachmentRule> {
    return this.rules.update(user.id, id, body);
  }

  @Endpoint(routes.deleteRule)
  remove(@CurrentUser() user: User, @Param('id', ruleId) id: number): Promise<void> {
    return this.rules.remove(user.id, id);
  }
}
