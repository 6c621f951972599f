import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  type PasswordResetInput,
  passwordResetRequestSchema,
  passwordResetSchema,
  type VerifyEmailInput,
  verifyEmailSchema,
} from '@aide/contracts';
import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { LimitPasswordResets } from '../auth/auth-rate-limit';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { AccountService } from './account.service';

/** The links of the app's mail, opened signed out: reset a forgotten password, verify an address. */
@ApiTags('auth')
@Controller('api/auth')
export class PasswordResetController {
  constructor(private readonly account: AccountService) {}

  @Post('password-reset/request')
  @LimitPasswordResets()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiBody({ schema: openApiSchema(passwordResetRequestSchema) })
  @ApiAcceptedResponse({ description: 'The same answer whether or not an account has the address' })
  @ApiServiceUnavailableResponse({ description: 'The server sends no mail: an admin resets passwords' })
  @ApiTooManyRequestsResponse({ description: 'Too many password reset attempts. Try again in a minute.' })
  async request(
    @Body(new ZodValidationPipe(passwordResetRequestSchema)) body: { email: string },
  ): Promise<{ message: string }> {
    await this.account.requestPasswordReset(body.email);
    return { message: PASSWORD_RESET_REQUESTED };
  }

  @Post('password-reset')
  @LimitPasswordResets()
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(passwordResetSchema) })
  @ApiOkResponse({ description: 'Password set; every session of the account was ended' })
  @ApiBadRequestResponse({ description: 'The link expired or was used, or the password breaks the policy' })
  async reset(
    @Body(new ZodValidationPipe(passwordResetSchema)) body: PasswordResetInput,
  ): Promise<{ message: string }> {
    await this.account.resetPassword(body.token, body.password);
    return { message: PASSWORD_RESET_DONE };
  }

  @Post('verify-email')
  @LimitPasswordResets()
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(verifyEmailSchema) })
  @ApiOkResponse({ description: 'The address is verified' })
  @ApiBadRequestResponse({ description: 'The link expired or was used' })
  async verify(
    @Body(new ZodValidationPipe(verifyEmailSchema)) body: VerifyEmailInput,
    @Req() request: Request,
  ): Promise<{ message: string }> {
    return { message: await this.account.verifyEmail(body.token, request.user?.id) };
  }
}
