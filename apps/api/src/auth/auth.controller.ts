import { type AuthUser, loginSchema, registerSchema } from '@aide/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { Env } from '../config/env.schema';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { LimitSignIns, LimitSignUps } from './auth-rate-limit';
import { AUTH_USER_OPENAPI } from './auth-user.openapi';
import { AuthService, type LoginPayload, type RegisterPayload } from './auth.service';
import { googleUnavailablePage } from './google-unavailable.page';
import { SessionService } from './session.service';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Post('auth/register')
  @LimitSignUps()
  @ApiBody({ schema: openApiSchema(registerSchema) })
  @ApiCreatedResponse({ description: 'Account created and signed in', schema: AUTH_USER_OPENAPI })
  @ApiConflictResponse({ description: 'An account with this email already exists' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-up attempts. Try again in a minute.' })
  async register(
    @Body(new ZodValidationPipe(registerSchema)) body: RegisterPayload,
    @Req() request: Request,
  ): Promise<AuthUser> {
    const user = await this.auth.register(body);
    await this.sessions.start(request, user);
    return toAuthUser(user);
  }

  @Post('auth/login')
  @LimitSignIns()
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(loginSchema) })
  @ApiOkResponse({ description: 'Signed in', schema: AUTH_USER_OPENAPI })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-in attempts. Try again in a minute.' })
  async login(@Body(new ZodValidationPipe(loginSchema)) body: LoginPayload, @Req() request: Request): Promise<AuthUser> {
    const user = await this.auth.signIn(body);
    await this.sessions.start(request, user);
    return toAuthUser(user);
  }

  @Get('auth/user')
  @UseGuards(SessionAuthGuard)
  @ApiCookieAuth()
  @ApiOkResponse({ description: 'The signed-in user', schema: AUTH_USER_OPENAPI })
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  user(@CurrentUser() user: User): AuthUser {
    return toAuthUser(user);
  }

  /** Where "Sign In" buttons lead: the shell renders the email + password page at /sign-in. */
  @Get('login')
  @Redirect('/sign-in', HttpStatus.FOUND)
  @ApiFoundResponse({ description: 'Redirects to /sign-in' })
  signInPage(): void {}

  @Get('logout')
  @ApiFoundResponse({ description: 'Ends the session and redirects to /' })
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.end(request, response);
    response.redirect(HttpStatus.FOUND, '/');
  }

  @Post('auth/logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Session ended' })
  async logoutForScripts(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(request, response);
  }

  /** Google sign-in (OpenID Connect) arrives in a later change; until then this says so plainly. */
  @Get('auth/google')
  google(@Res() response: Response): void {
    const configured = Boolean(
      this.config.get('GOOGLE_CLIENT_ID', { infer: true }) && this.config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
    );
    response
      .status(HttpStatus.NOT_IMPLEMENTED)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(googleUnavailablePage(configured));
  }
}
