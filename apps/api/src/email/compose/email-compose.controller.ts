import {
  type ComposeUpload,
  DOCUMENT_MESSAGES,
  EMAIL_ATTACHMENTS_MAX_MB,
  EMAIL_DRAFT_MESSAGES,
  type EmailContact,
  type EmailContactsQuery,
  emailComposeEndpoints,
  type SaveDraftPayload,
  type SavedDraft,
} from '@aide/contracts';
import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody, EndpointQuery } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { discardRequestBody } from '../../documents/upload/discard-request-body';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { ComposeAttachmentsService } from './compose-attachments.service';
import { EmailContactsService } from './email-contacts.service';
import { EmailDraftsService } from './email-drafts.service';

const draftId = new IdParamPipe('Draft id must be a positive whole number');

/** The New Message window: drafts, address suggestions and uploads (`emailComposeEndpoints`). */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailComposeController {
  constructor(
    private readonly drafts: EmailDraftsService,
    private readonly contacts: EmailContactsService,
    private readonly attachments: ComposeAttachmentsService,
  ) {}

  @Endpoint(emailComposeEndpoints.contacts)
  searchContacts(
    @CurrentUser() user: User,
    @EndpointQuery(emailComposeEndpoints.contacts) query: EmailContactsQuery,
  ): Promise<EmailContact[]> {
    return this.contacts.search(user.id, query);
  }

  @Endpoint(emailComposeEndpoints.createDraft)
  @ApiNotFoundResponse({ description: 'Email integration, attachment or document not found' })
  @ApiBadRequestResponse({
    description: `e.g. '${EMAIL_DRAFT_MESSAGES.attachmentsTooLarge(EMAIL_ATTACHMENTS_MAX_MB)}'`,
  })
  createDraft(
    @CurrentUser() user: User,
    @EndpointBody(emailComposeEndpoints.createDraft) body: SaveDraftPayload,
  ): Promise<SavedDraft> {
    return this.drafts.save(user.id, null, body);
  }

  @Endpoint(emailComposeEndpoints.updateDraft)
  @ApiNotFoundResponse({ description: EMAIL_DRAFT_MESSAGES.draftNotFound })
  updateDraft(
    @CurrentUser() user: User,
    @Param('id', draftId) id: number,
    @EndpointBody(emailComposeEndpoints.updateDraft) body: SaveDraftPayload,
  ): Promise<SavedDraft> {
    return this.drafts.save(user.id, id, body);
  }

  @Endpoint(emailComposeEndpoints.getDraft)
  @ApiNotFoundResponse({ description: EMAIL_DRAFT_MESSAGES.draftNotFound })
  getDraft(@CurrentUser() user: User, @Param('id', draftId) id: number): Promise<SavedDraft> {
    return this.drafts.get(user.id, id);
  }

  @Endpoint(emailComposeEndpoints.deleteDraft)
  @ApiNotFoundResponse({ description: EMAIL_DRAFT_MESSAGES.draftNotFound })
  async deleteDraft(@CurrentUser() user: User, @Param('id', draftId) id: number): Promise<void> {
    await this.drafts.remove(user.id, id);
  }

  @Endpoint(emailComposeEndpoints.upload)
  @ApiConsumes('multipart/form-data')
  @ApiBadRequestResponse({ description: `'${DOCUMENT_MESSAGES.fileRequired}' or '${DOCUMENT_MESSAGES.badUpload}'` })
  @ApiPayloadTooLargeResponse({ description: `Over ${EMAIL_ATTACHMENTS_MAX_MB} MB` })
  async upload(
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ComposeUpload> {
    try {
      return await this.attachments.upload(user.id, { headers: request.headers, body: request });
    } catch (error) {
      discardRequestBody(request, response);
      throw error;
    }
  }
}
