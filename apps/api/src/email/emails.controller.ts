import {
  type ClassifyEmailPayload,
  type Email,
  EMAIL_MESSAGES,
  emailEndpoints,
  type EmailPage,
  type EmailStats,
  type EmailTriage,
  type ForwardEmailPayload,
  type ListEmailsQuery,
  type ReplyEmailPayload,
  type SendEmailResult,
  type UpdateEmailPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody, EndpointQuery } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { EmailsService } from './emails.service';
import { EmailSendingService } from './sending/email-sending.service';
import { EmailTriageService } from './triage/email-triage.service';

const emailId = new IdParamPipe('Email id must be a positive whole number');

/** Routes and payloads: `emailEndpoints` in @aide/contracts; each change refetches the lists it names. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly sending: EmailSendingService,
    private readonly triage: EmailTriageService,
  ) {}

  @Endpoint(emailEndpoints.list)
  @ApiBadRequestResponse({ description: "e.g. 'Page size must be at most 100'" })
  list(@CurrentUser() user: User, @EndpointQuery(emailEndpoints.list) query: ListEmailsQuery): Promise<EmailPage> {
    return this.emails.list(user.id, query);
  }

  @Endpoint(emailEndpoints.stats)
  stats(@CurrentUser() user: User): Promise<EmailStats> {
    return this.emails.stats(user.id);
  }

  @Endpoint(emailEndpoints.get)
  @ApiNotFoundResponse({ description: 'Email not found' })
  get(@CurrentUser() user: User, @Param('id', emailId) id: number): Promise<Email> {
    return this.emails.get(user.id, id);
  }

  @Endpoint(emailEndpoints.update)
  @ApiNotFoundResponse({ description: 'Email not found' })
  update(
    @CurrentUser() user: User,
    @Param('id', emailId) id: number,
    @EndpointBody(emailEndpoints.update) body: UpdateEmailPayload,
  ): Promise<Email> {
    return this.emails.update(user.id, id, body);
  }

  @Endpoint(emailEndpoints.reply)
  @ApiBadRequestResponse({
    description: `'${EMAIL_MESSAGES.replyContentRequired}', '${EMAIL_MESSAGES.noSendingAccount}' or '${EMAIL_MESSAGES.noReplyAddress}'`,
  })
  @ApiNotFoundResponse({ description: 'Email not found' })
  reply(
    @CurrentUser() user: User,
    @EndpointBody(emailEndpoints.reply) body: ReplyEmailPayload,
  ): Promise<SendEmailResult> {
    return this.sending.reply(user.id, body);
  }

  @Endpoint(emailEndpoints.forward)
  @ApiBadRequestResponse({
    description: `'${EMAIL_MESSAGES.forwardRecipientRequired}', '${EMAIL_MESSAGES.invalidEmail}' or '${EMAIL_MESSAGES.noSendingAccount}'`,
  })
  @ApiNotFoundResponse({ description: 'Email not found' })
  forward(
    @CurrentUser() user: User,
    @EndpointBody(emailEndpoints.forward) body: ForwardEmailPayload,
  ): Promise<SendEmailResult> {
    return this.sending.forward(user.id, body);
  }

  /** The /email-test page: what triage (rules and the user's learnt model) would say; nothing is stored. */
  @Endpoint(emailEndpoints.classify)
  async classify(
    @CurrentUser() user: User,
    @EndpointBody(emailEndpoints.classify) body: ClassifyEmailPayload,
  ): Promise<EmailTriage> {
    const [verdict] = await this.triage.classify(user.id, [body]);
    return verdict;
  }
}
