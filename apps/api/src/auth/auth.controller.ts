import {
  authEndpoints,
  type AuthUser,
  type MessageResponse,
  SIGN_UP_CHECK_INBOX,
  type TwoFactorChallenge,
} from '@aide/contracts';
import { Controller, HttpStatus, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiFoundResponse,
  ApiOkResponse,
  ApiSeeOtherResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountService } from '../account/account.service';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { TwoFactorSignInService } from '../two-factor/two-factor-sign-in.service';
import type { User } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { LimitSignIns, LimitSignUps } from './auth-rate-limit';
import { AuthService, type RegisterPayload } from './auth.service';
import { LocalSignInGuard } from './local-sign-in.guard';
import { SessionService } from './session.service';
import {
  isFormNavigation,
  mayEndSessionAtOnce,
  SIGN_OUT_CONFIRM_TITLE,
  signOutConfirmationPage,
} from './sign-out-confirmation.page';

/** Routes and payloads: `authEndpoints` in @aide/contracts. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorSignInService,
    private readonly account: AccountService,
  ) {}

  @Endpoint(authEndpoints.register)
  @LimitSignUps()
  @ApiAcceptedResponse({
    description: `While the app sends mail (MAIL_SMTP_URL): '${SIGN_UP_CHECK_INBOX}', whether the address was free or taken`,
  })
  @ApiConflictResponse({ description: 'An account with this email already exists (only while the app sends no mail)' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-up attempts. Try again in a minute.' })
  async register(
    @EndpointBody(authEndpoints.register) body: RegisterPayload,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthUser | MessageResponse> {
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
  // Signed in; or, for an account with two-factor sign-in, { twoFactorRequired: true } (POST /api/auth/two-factor finishes).
  @Endpoint(authEndpoints.signIn)
  @UseGuards(LocalSignInGuard)
  @LimitSignIns()
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-in attempts. Try again in a minute.' })
  async login(@Req() request: Request): Promise<AuthUser | TwoFactorChallenge> {
    // LocalSignInGuard validated the body, checked the password and recorded the sign-in.
    const user = request.user as User;
    if (await this.twoFactor.needsSecondStep(user)) return this.twoFactor.challenge(request, user);
    await this.sessions.start(request, user);
    return toAuthUser(user);
  }

  @Endpoint(authEndpoints.user)
  @UseGuards(SessionAuthGuard)
  @ApiCookieAuth()
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  user(@CurrentUser() user: User): AuthUser {
    return toAuthUser(user);
  }

  /** Where "Sign In" buttons lead: the shell renders the email + password page at /sign-in. */
  @Endpoint(authEndpoints.login)
  @Redirect('/sign-in', HttpStatus.FOUND)
  @ApiFoundResponse({ description: 'Redirects to /sign-in' })
  signInPage(): void {}

  @Endpoint(authEndpoints.logout)
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

  @Endpoint(authEndpoints.signOut)
  @ApiSeeOtherResponse({
    description: "Session ended, from the sign-out confirmation page's form (a navigation): redirects to /",
  })
  async logoutForScripts(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(request, response);
    if (isFormNavigation(request)) response.redirect(HttpStatus.SEE_OTHER, '/');
  }
}
