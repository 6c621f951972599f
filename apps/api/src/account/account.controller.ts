import {
  accountEndpoints,
  type ChangePasswordInput,
  type MessageResponse,
  PASSWORD_CHANGED,
  type PasswordChanged,
  type SignInSession,
  VERIFICATION_SENT,
} from '@aide/contracts';
import { Controller, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { startSession } from '../auth/session.service';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { AccountService } from './account.service';
import { SessionRegistryService } from './session-registry.service';

/** The signed-in user's own account controls (Profile → Security). Routes: `accountEndpoints`. */
@ApiTags('account')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly registry: SessionRegistryService,
  ) {}

  @Endpoint(accountEndpoints.changePassword)
  @ApiBadRequestResponse({ description: 'The current password is not correct, or the new one breaks the policy' })
  async changePassword(
    @CurrentUser() user: User,
    @EndpointBody(accountEndpoints.changePassword) body: ChangePasswordInput,
    @Req() request: Request,
  ): Promise<PasswordChanged> {
    const changed = await this.account.changePassword(user.id, body);
    await startSession(request, changed);
    await this.registry.endAll(user.id, request.sessionID);
    return { message: PASSWORD_CHANGED, user: toAuthUser(changed) };
  }

  @Endpoint(accountEndpoints.sendVerification)
  async sendVerification(@CurrentUser() user: User): Promise<MessageResponse> {
    await this.account.requestVerification(user.id);
    return { message: VERIFICATION_SENT };
  }

  @Endpoint(accountEndpoints.sessions)
  sessions(@CurrentUser() user: User, @Req() request: Request): Promise<SignInSession[]> {
    return this.registry.list(user.id, request.sessionID);
  }

  @Endpoint(accountEndpoints.endSession)
  @ApiNotFoundResponse({ description: 'Session not found (none of this user’s)' })
  async endSession(@CurrentUser() user: User, @Param('sessionKey') key: string): Promise<void> {
    await this.registry.end(user.id, key);
  }

  @Endpoint(accountEndpoints.endOtherSessions)
  async endOtherSessions(@CurrentUser() user: User, @Req() request: Request): Promise<void> {
    await this.registry.endAll(user.id, request.sessionID);
  }
}
