import {
  type ClassifyEmailPayload,
  classifyEmailSchema,
  type Email,
  EMAIL_MESSAGES,
  EMAIL_PAGE_SIZE,
  EMAIL_TABS,
  type EmailPage,
  type EmailStats,
  type EmailTriage,
  type ForwardEmailPayload,
  forwardEmailSchema,
  type ListEmailsQuery,
  listEmailsQuerySchema,
  type ReplyEmailPayload,
  replyEmailSchema,
  type SendEmailResult,
  type UpdateEmailPayload,
  updateEmailSchema,
} from '@aide/contracts';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { EmailsService } from './emails.service';
import { EmailSendingService } from './sending/email-sending.service';
import { EmailTriageService } from './triage/email-triage.service';

const emailId = new IdParamPipe('Email id must be a positive whole number');

@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller('api/emails')
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly sending: EmailSendingService,
    private readonly triage: EmailTriageService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs refetch their lists, counts and the dashboard. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: {
          type: 'entity.changed',
          entity: { type: 'email', id },
          invalidate: ['/api/emails', '/api/emails/stats', '/api/dashboard'],
        },
      },
    ]);
  }

  @Get()
  @ApiQuery({
    name: 'tab',
    required: false,
    enum: EMAIL_TABS,
    description: 'Default inbox; archived emails appear only in archived',
  })
  @ApiQuery({
    name: 'q',
    required: false,
    description: 'Words of the subject, sender or body, each matched as a prefix',
  })
  @ApiQuery({ name: 'priority', required: false })
  @ApiQuery({ name: 'category', required: false })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({
    name: 'pageSize',
    required: false,
    description: `Default ${EMAIL_PAGE_SIZE.default}, at most ${EMAIL_PAGE_SIZE.max}`,
  })
  @ApiOkResponse({ description: '{ items, total, page, pageSize }: one page, newest first' })
  @ApiBadRequestResponse({ description: "e.g. 'Page size must be at most 100'" })
  list(
    @CurrentUser() user: User,
    @Query(new ZodValidationPipe(listEmailsQuerySchema)) query: ListEmailsQuery,
  ): Promise<EmailPage> {
    return this.emails.list(user.id, query);
  }

  @Get('stats')
  @ApiOkResponse({
    description:
      'Counts for the tiles (urgent, important, work, total) and the tabs (inbox, urgent, important, regular)',
  })
  stats(@CurrentUser() user: User): Promise<EmailStats> {
    return this.emails.stats(user.id);
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateEmailSchema) })
  @ApiOkResponse({ description: 'Updated' })
  @ApiNotFoundResponse({ description: 'Email not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', emailId) id: number,
    @Body(new ZodValidationPipe(updateEmailSchema)) body: UpdateEmailPayload,
  ): Promise<Email> {
    const email = await this.emails.update(user.id, id, body);
    await this.changed(user.id, id);
    return email;
  }

  @Post('reply')
  @HttpCode(200)
  @ApiBody({ schema: openApiSchema(replyEmailSchema) })
  @ApiOkResponse({
    description: `{ emailSent, message, email }: emailSent false when delivery failed and the reply was saved as a draft ('${EMAIL_MESSAGES.deliveryFailedDraft}')`,
  })
  @ApiBadRequestResponse({
    description: `'${EMAIL_MESSAGES.replyContentRequired}', '${EMAIL_MESSAGES.noSendingAccount}' or '${EMAIL_MESSAGES.noReplyAddress}'`,
  })
  @ApiNotFoundResponse({ description: 'Email not found' })
  async reply(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(replyEmailSchema)) body: ReplyEmailPayload,
  ): Promise<SendEmailResult> {
    const result = await this.sending.reply(user.id, body);
    await this.changed(user.id, result.email.id);
    return result;
  }

  @Post('forward')
  @HttpCode(200)
  @ApiBody({ schema: openApiSchema(forwardEmailSchema) })
  @ApiOkResponse({
    description: `{ emailSent, message, email }: emailSent false when delivery failed and the message was saved as a draft ('${EMAIL_MESSAGES.deliveryFailedDraft}')`,
  })
  @ApiBadRequestResponse({
    description: `'${EMAIL_MESSAGES.forwardRecipientRequired}', '${EMAIL_MESSAGES.invalidEmail}' or '${EMAIL_MESSAGES.noSendingAccount}'`,
  })
  @ApiNotFoundResponse({ description: 'Email not found' })
  async forward(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(forwardEmailSchema)) body: ForwardEmailPayload,
  ): Promise<SendEmailResult> {
    const result = await this.sending.forward(user.id, body);
    await this.changed(user.id, result.email.id);
    return result;
  }

  /** The /email-test page: what triage (rules and the user's learnt model) would say; nothing is stored. */
  @Post('classify')
  @HttpCode(200)
  @ApiBody({ schema: openApiSchema(classifyEmailSchema) })
  @ApiOkResponse({
    description: '{ priority, category, basis: { priority, category } } where basis is rules or learned',
  })
  async classify(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(classifyEmailSchema)) body: ClassifyEmailPayload,
  ): Promise<EmailTriage> {
    const [verdict] = await this.triage.classify(user.id, [body]);
    return verdict;
  }
}
