import {
  accountEndpoints,
  type MessageResponse,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  type PasswordResetInput,
  type PasswordResetRequestInput,
  type VerifyEmailInput,
} from '@aide/contracts';
import { Controller, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { LimitPasswordResets } from '../auth/auth-rate-limit';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { AccountService } from './account.service';

/** The links of the app's mail, opened signed out: reset a forgotten password, verify an address. */
@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly account: AccountService) {}

  @Endpoint(accountEndpoints.requestPasswordReset)
  @LimitPasswordResets()
  @ApiServiceUnavailableResponse({ description: 'The server sends no mail: an admin resets passwords' })
  @ApiTooManyRequestsResponse({ description: 'Too many password reset attempts. Try again in a minute.' })
  async request(
    @EndpointBody(accountEndpoints.requestPasswordReset) body: PasswordResetRequestInput,
  ): Promise<MessageResponse> {
    await this.account.requestPasswordReset(body.email);
    return { message: PASSWORD_RESET_REQUESTED };
  }

  @Endpoint(accountEndpoints.resetPassword)
  @LimitPasswordResets()
  @ApiBadRequestResponse({ description: 'The link expired or was used, or the password breaks the policy' })
  async reset(@EndpointBody(accountEndpoints.resetPassword) body: PasswordResetInput): Promise<MessageResponse> {
    await this.account.resetPassword(body.token, body.password);
    return { message: PASSWORD_RESET_DONE };
  }

  @Endpoint(accountEndpoints.verifyEmail)
  @LimitPasswordResets()
  @ApiBadRequestResponse({ description: 'The link expired or was used' })
  async verify(
    @EndpointBody(accountEndpoints.verifyEmail) body: VerifyEmailInput,
    @Req() request: Request,
  ): Promise<MessageResponse> {
    return { message: await this.account.verifyEmail(body.token, request.user?.id) };
  }
}
