import {
  type AuthUser,
  type ChangePasswordInput,
  changePasswordSchema,
  PASSWORD_CHANGED,
  type SignInSession,
  VERIFICATION_SENT,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { startSession } from '../auth/session.service';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { AccountService } from './account.service';
import { SessionRegistryService } from './session-registry.service';

/** The signed-in user's own account controls (Profile → Security). */
@ApiTags('account')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller('api/account')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly registry: SessionRegistryService,
  ) {}

  @Post('password')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(changePasswordSchema) })
  @ApiOkResponse({ description: 'Password changed; this session continues under a new id, every other one is ended' })
  @ApiBadRequestResponse({ description: 'The current password is not correct, or the new one breaks the policy' })
  async changePassword(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(changePasswordSchema)) body: ChangePasswordInput,
    @Req() request: Request,
  ): Promise<{ message: string; user: AuthUser }> {
    const changed = await this.account.changePassword(user.id, body);
    await startSession(request, changed);
    await this.registry.endAll(user.id, request.sessionID);
    return { message: PASSWORD_CHANGED, user: toAuthUser(changed) };
  }

  @Post('verification-email')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOkResponse({
    description: 'A verification link was mailed; 409 when already verified or when the server sends no mail',
  })
  async sendVerification(@CurrentUser() user: User): Promise<{ message: string }> {
    await this.account.requestVerification(user.id);
    return { message: VERIFICATION_SENT };
  }

  @Get('sessions')
  @ApiOkResponse({ description: "The user's signed-in sessions, this one first" })
  sessions(@CurrentUser() user: User, @Req() request: Request): Promise<SignInSession[]> {
    return this.registry.list(user.id, request.sessionID);
  }

  @Delete('sessions/:sessionKey')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'That session is signed out (this one too, when it is this one)' })
  @ApiNotFoundResponse({ description: 'Session not found (none of this user’s)' })
  async endSession(@CurrentUser() user: User, @Param('sessionKey') key: string): Promise<void> {
    await this.registry.end(user.id, key);
  }

  @Delete('sessions')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Every other session of the user is signed out; this one stays' })
  async endOtherSessions(@CurrentUser() user: User, @Req() request: Request): Promise<void> {
    await this.registry.endAll(user.id, request.sessionID);
  }
}
