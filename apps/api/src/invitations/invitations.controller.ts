import {
  type EmailInvitation,
  type RespondedInvitation,
  INVITATION_MESSAGES,
  invitationsEndpoints as routes,
  type RespondToInvitationPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { InvitationsService } from './invitations.service';

const emailId = new IdParamPipe('Email id must be a positive whole number');
// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const invitationId = new IdParamPipe(INVITATION_MESSAGES.invalidId);

/** Routes and payloads: `invitationsEndpoints` in @aide/contracts. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Endpoint(routes.forEmail)
  forEmail(@CurrentUser() user: User, @Param('id', emailId) id: number): Promise<EmailInvitation> {
    return this.invitations.forEmail(user.id, id);
  }

  @Endpoint(routes.respond)
  respond(
    @CurrentUser() user: User,
    @Param('id', invitationId) id: number,
    @EndpointBody(routes.respond) body: RespondToInvitationPayload,
  ): Promise<RespondedInvitation> {
    return this.invitations.respond(user.id, id, body.response);
  }
}
