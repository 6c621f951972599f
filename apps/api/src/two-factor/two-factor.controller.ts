import {
  type AuthUser,
  type confirmTwoFactorSchema,
  type disableTwoFactorSchema,
  twoFactorEndpoints,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type twoFactorSignInSchema,
  type TwoFactorStatus,
} from '@aide/contracts';
import { Controller, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { TwoFactorSignInService } from './two-factor-sign-in.service';
import { TwoFactorService } from './two-factor.service';

/** Routes and payloads: `twoFactorEndpoints` in @aide/contracts. */
@ApiTags('two-factor')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Endpoint(twoFactorEndpoints.status)
  status(@CurrentUser() user: User): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user);
  }

  @Endpoint(twoFactorEndpoints.setup)
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  setup(@CurrentUser() user: User): Promise<TwoFactorSetup> {
    return this.twoFactor.startSetup(user);
  }

  @Endpoint(twoFactorEndpoints.confirm)
  @ApiBadRequestResponse({ description: 'That code is not right' })
  @ApiConflictResponse({ description: 'Setup not started, or already on' })
  confirm(
    @CurrentUser() user: User,
    @EndpointBody(twoFactorEndpoints.confirm) body: z.output<typeof confirmTwoFactorSchema>,
  ): Promise<TwoFactorRecoveryCodes> {
    return this.twoFactor.confirmSetup(user, body.code);
  }

  @Endpoint(twoFactorEndpoints.disable)
  @ApiForbiddenResponse({ description: 'The password or code is not right' })
  @ApiConflictResponse({ description: 'Not on, or required by an admin' })
  async disable(
    @CurrentUser() user: User,
    @EndpointBody(twoFactorEndpoints.disable) body: z.output<typeof disableTwoFactorSchema>,
  ): Promise<void> {
    await this.twoFactor.disable(user, body);
  }
}

/** The second step of signing in (POST /api/auth/login or Google answered that a code is needed). */
@ApiTags('auth')
@Controller()
export class TwoFactorSignInController {
  constructor(private readonly signIn: TwoFactorSignInService) {}

  @Endpoint(twoFactorEndpoints.signIn)
  @ApiUnauthorizedResponse({ description: 'Wrong code, or no sign-in is waiting (expired)' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes. Try again in 5 minutes.' })
  async verify(
    @Req() request: Request,
    @EndpointBody(twoFactorEndpoints.signIn) body: z.output<typeof twoFactorSignInSchema>,
  ): Promise<AuthUser> {
    return toAuthUser(await this.signIn.complete(request, body.code));
  }
}
