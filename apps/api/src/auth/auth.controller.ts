import {
  type AuthUser,
  loginSchema,
  registerSchema,
  SIGN_UP_CHECK_INBOX,
  type TwoFactorChallenge,
} from '@aide/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiSeeOtherResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountService } from '../account/account.service';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { TwoFactorSignInService } from '../two-factor/two-factor-sign-in.service';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { LimitSignIns, LimitSignUps } from './auth-rate-limit';
import { AUTH_USER_OPENAPI } from './auth-user.openapi';
import { AuthService, type RegisterPayload } from './auth.service';
import { LocalSignInGuard } from './local-sign-in.guard';
import { SessionService } from './session.service';
import {
  isFormNavigation,
  mayEndSessionAtOnce,
  SIGN_OUT_CONFIRM_TITLE,
  signOutConfirmationPage,
} from './sign-out-confirmation.page';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorSignInService,
    private readonly account: AccountService,
  ) {}

  @Post('auth/register')
  @LimitSignUps()
  @ApiBody({ schema: openApiSchema(registerSchema) })
  @ApiCreatedResponse({ description: 'Account created and signed in', schema: AUTH_USER_OPENAPI })
  @ApiAcceptedResponse({
    description: `While the app sends mail (MAIL_SMTP_URL): '${SIGN_UP_CHECK_INBOX}', whether the address was free or taken`,
  })
  @ApiConflictResponse({ description: 'An account with this email already exists (only while the app sends no mail)' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-up attempts. Try again in a minute.' })
  async register(
    @Body(new ZodValidationPipe(registerSchema)) body: RegisterPayload,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthUser | { message: string }> {
    // With mail, the answer must not tell whether the address has an account (the owner is told by mail instead).
    if (this.account.mailConfigured) {
      await this.account.registerQuietly(body);
      response.status(HttpStatus.ACCEPTED);
      return { message: SIGN_UP_CHECK_INBOX };
    }
    const user = await this.auth.register(body);
    await this.sessions.start(request, user);
    return toAuthUser(user);
  }

  // Method decorators apply bottom-up, so LimitSignIns' guard runs before LocalSignInGuard: every
  // attempt counts, and one over the limit answers 429 without its password being checked.
  @Post('auth/login')
  @UseGuards(LocalSignInGuard)
  @LimitSignIns()
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: openApiSchema(loginSchema) })
  @ApiOkResponse({
    description:
      'Signed in; or, for an account with two-factor sign-in, { twoFactorRequired: true } (POST /api/auth/two-factor finishes)',
    schema: AUTH_USER_OPENAPI,
  })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-in attempts. Try again in a minute.' })
  async login(@Req() request: Request): Promise<AuthUser | TwoFactorChallenge> {
    // LocalSignInGuard validated the body, checked the password and recorded the sign-in.
    const user = request.user as User;
    if (await this.twoFactor.needsSecondStep(user)) return this.twoFactor.challenge(request, user);
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
  @ApiOkResponse({
    description: `When another site sent the browser here (Sec-Fetch-Site cross-site or same-site): a '${SIGN_OUT_CONFIRM_TITLE}' page whose button POSTs to /api/auth/logout; the session is kept`,
  })
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (request.isAuthenticated?.() && !mayEndSessionAtOnce(request)) {
      response.status(HttpStatus.OK).type('html').send(signOutConfirmationPage());
      return;
    }
    await this.sessions.end(request, response);
    response.redirect(HttpStatus.FOUND, '/');
  }

  @Post('auth/logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Session ended' })
  @ApiSeeOtherResponse({
    description: "Session ended, from the sign-out confirmation page's form (a navigation): redirects to /",
  })
  async logoutForScripts(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(request, response);
    if (isFormNavigation(request)) response.redirect(HttpStatus.SEE_OTHER, '/');
  }
}
