import {
  type AuthUser,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  twoFactorSignInSchema,
  type TwoFactorStatus,
} from '@aide/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { TwoFactorSignInService } from './two-factor-sign-in.service';
import { TwoFactorService } from './two-factor.service';

@ApiTags('two-factor')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller('api/account/two-factor')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @ApiOkResponse({
    description: 'Whether two-factor sign-in is on, required by an admin, and how many recovery codes are left',
  })
  status(@CurrentUser() user: User): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user);
  }

  @Post('setup')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A new secret and its otpauth:// URI, in force once confirmed' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  setup(@CurrentUser() user: User): Promise<TwoFactorSetup> {
    return this.twoFactor.startSetup(user);
  }

  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(confirmTwoFactorSchema) })
  @ApiOkResponse({ description: 'Two-factor sign-in is on; the ten recovery codes, shown this once' })
  @ApiBadRequestResponse({ description: 'That code is not right' })
  @ApiConflictResponse({ description: 'Setup not started, or already on' })
  confirm(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(confirmTwoFactorSchema)) body: z.output<typeof confirmTwoFactorSchema>,
  ): Promise<TwoFactorRecoveryCodes> {
    return this.twoFactor.confirmSetup(user, body.code);
  }

  @Post('disable')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiBody({ schema: openApiSchema(disableTwoFactorSchema) })
  @ApiNoContentResponse({ description: 'Two-factor sign-in is off' })
  @ApiForbiddenResponse({ description: 'The password or code is not right' })
  @ApiConflictResponse({ description: 'Not on, or required by an admin' })
  async disable(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(disableTwoFactorSchema)) body: z.output<typeof disableTwoFactorSchema>,
  ): Promise<void> {
    await this.twoFactor.disable(user, body);
  }
}

/** The second step of signing in (POST /api/auth/login or Google answered that a code is needed). */
@ApiTags('auth')
@Controller('api/auth/two-factor')
export class TwoFactorSignInController {
  constructor(private readonly signIn: TwoFactorSignInService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(twoFactorSignInSchema) })
  @ApiOkResponse({ description: 'Signed in: the user, as POST /api/auth/login answers' })
  @ApiUnauthorizedResponse({ description: 'Wrong code, or no sign-in is waiting (expired)' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes. Try again in 5 minutes.' })
  async verify(
    @Req() request: Request,
    @Body(new ZodValidationPipe(twoFactorSignInSchema)) body: z.output<typeof twoFactorSignInSchema>,
  ): Promise<AuthUser> {
    return toAuthUser(await this.signIn.complete(request, body.code));
  }
}
