import {
  type ComposedMessage,
  EMAIL_COMPOSE_MESSAGES,
  emailOutboxEndpoints,
  type OutgoingEmail,
  type SendComposedEmailPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { OutboxService } from './outbox.service';

const outgoingId = new IdParamPipe('Message id must be a positive whole number');

/** Routes and payloads: `emailOutboxEndpoints` in @aide/contracts (issue 24, scheduled send and undo send). */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class OutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Endpoint(emailOutboxEndpoints.send)
  @ApiBadRequestResponse({
    description: `'${EMAIL_COMPOSE_MESSAGES.recipientRequired}', '${EMAIL_COMPOSE_MESSAGES.sendAtInPast}', '${EMAIL_COMPOSE_MESSAGES.sendAtTooFar}' or 'Choose the account to send from'`,
  })
  @ApiNotFoundResponse({ description: 'The email answered or the draft is not found' })
  send(
    @CurrentUser() user: User,
    @EndpointBody(emailOutboxEndpoints.send) body: SendComposedEmailPayload,
  ): Promise<OutgoingEmail> {
    return this.outbox.send(user.id, body);
  }

  @Endpoint(emailOutboxEndpoints.outbox)
  list(@CurrentUser() user: User): Promise<OutgoingEmail[]> {
    return this.outbox.list(user.id);
  }

  @Endpoint(emailOutboxEndpoints.reschedule)
  @ApiNotFoundResponse({ description: EMAIL_COMPOSE_MESSAGES.outgoingNotFound })
  @ApiConflictResponse({ description: EMAIL_COMPOSE_MESSAGES.alreadySent })
  reschedule(
    @CurrentUser() user: User,
    @Param('id', outgoingId) id: number,
    @EndpointBody(emailOutboxEndpoints.reschedule)
    body: z.output<(typeof emailOutboxEndpoints.reschedule)['body']>,
  ): Promise<OutgoingEmail> {
    return this.outbox.reschedule(user.id, id, body.sendAt);
  }

  @Endpoint(emailOutboxEndpoints.cancel)
  @ApiNotFoundResponse({ description: EMAIL_COMPOSE_MESSAGES.outgoingNotFound })
  @ApiConflictResponse({ description: EMAIL_COMPOSE_MESSAGES.alreadySent })
  cancel(@CurrentUser() user: User, @Param('id', outgoingId) id: number): Promise<{ message: ComposedMessage }> {
    return this.outbox.cancel(user.id, id);
  }
}
