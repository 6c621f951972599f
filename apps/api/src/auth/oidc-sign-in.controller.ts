import { authEndpoints } from '@aide/contracts';
import { Controller, HttpStatus, Logger, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiFoundResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Endpoint } from '../common/endpoint';
import type { Env } from '../config/env.schema';
import { googleUnavailablePage } from './google-unavailable.page';
import { OidcAccountService, OidcLinkNeedsProofError } from './oidc-account.service';
import { OidcClientService, type PendingOidcSignIn } from './oidc-client.service';
import { TwoFactorSignInService } from '../two-factor/two-factor-sign-in.service';
import { oidcRedirectUri } from './oidc-redirect-uri';
import { SessionService } from './session.service';

declare module 'express-session' {
  interface SessionData {
    /** Set by GET /api/auth/google, used up by its callback. */
    oidcSignIn?: PendingOidcSignIn;
    /** Set when a signed-in user started it: the callback connects Google to that account. */
    oidcConnectUserId?: number;
  }
}

/** Where a failed Google sign-in lands: the shell's sign-in page shows a message for this error. */
export const OIDC_SIGN_IN_FAILED = '/sign-in?error=google';
/** An unverified password account has the address: sign in with the password, then connect Google from Profile. */
export const OIDC_LINK_NEEDS_PROOF = '/sign-in?error=google-link';
/** Where "Connect Google" from Profile lands. */
export const OIDC_CONNECTED = '/profile?google=connected';
export const OIDC_CONNECT_FAILED = '/profile?google=failed';

/**
 * "Continue with Google": OpenID Connect sign-in with the configured issuer. Every failure
 * (issuer unreachable, sign-in denied, a tampered or replayed callback, no account to use)
 * redirects to OIDC_SIGN_IN_FAILED and is logged; none answers 500.
 */
@ApiTags('auth')
@Controller()
export class OidcSignInController {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    private readonly client: OidcClientService,
    private readonly accounts: OidcAccountService,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorSignInService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Endpoint(authEndpoints.google)
  @ApiFoundResponse({
    description:
      "Redirects to the issuer's sign-in page, or to /sign-in?error=google when the issuer cannot be reached",
  })
  @ApiServiceUnavailableResponse({ description: 'Google sign-in is not configured (an HTML page)' })
  async start(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.set('Cache-Control', 'no-store');
    if (!this.client.isConfigured()) {
      response.status(HttpStatus.SERVICE_UNAVAILABLE).type('html').send(googleUnavailablePage());
      return;
    }
    try {
      const redirectUri = oidcRedirectUri(request, this.config.get('PUBLIC_URL', { infer: true }));
      const { authorizationUrl, pending } = await this.client.startSignIn(redirectUri);
      // Kept server-side: the browser only ever sees the state and the PKCE challenge.
      request.session.oidcSignIn = pending;
      if (request.user) request.session.oidcConnectUserId = request.user.id;
      else delete request.session.oidcConnectUserId;
      response.redirect(HttpStatus.FOUND, authorizationUrl.href);
    } catch (error) {
      this.fail(response, 'could not start', error);
    }
  }

  @Endpoint(authEndpoints.googleCallback)
  @ApiFoundResponse({ description: 'Signs in and redirects to /, or redirects to /sign-in?error=google' })
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.set('Cache-Control', 'no-store');
    // Used once: a replayed callback finds nothing to complete.
    const pending = request.session.oidcSignIn;
    const connectUserId = request.session.oidcConnectUserId;
    delete request.session.oidcSignIn;
    delete request.session.oidcConnectUserId;
    try {
      if (!pending) throw new Error('no sign-in was started in this session');
      const query = new URL(request.originalUrl, 'http://callback.invalid').search;
      const claims = await this.client.completeSignIn(query, pending);
      if (connectUserId !== undefined && request.user?.id === connectUserId) {
        try {
          await this.accounts.connect(connectUserId, claims);
          response.redirect(HttpStatus.FOUND, OIDC_CONNECTED);
        } catch (error) {
          this.logger.warn(`Connecting Google failed: ${error instanceof Error ? error.message : String(error)}`);
          response.redirect(HttpStatus.FOUND, OIDC_CONNECT_FAILED);
        }
        return;
      }
      const user = await this.accounts.signIn(claims);
      if (await this.twoFactor.needsSecondStep(user)) {
        await this.twoFactor.challenge(request, user);
        return response.redirect(HttpStatus.FOUND, '/sign-in?step=two-factor');
      }
      await this.sessions.start(request, user);
      response.redirect(HttpStatus.FOUND, '/');
    } catch (error) {
      this.fail(response, 'failed', error);
    }
  }

  private fail(response: Response, what: string, error: unknown): void {
    if (error instanceof OidcLinkNeedsProofError) {
      this.logger.warn(`OpenID Connect sign-in ${what}: ${error.message}`);
      response.redirect(HttpStatus.FOUND, OIDC_LINK_NEEDS_PROOF);
      return;
    }
    // openid-client's errors carry the underlying one (a refused connection, the issuer's error code) as their cause.
    const describe = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    const cause = error instanceof Error && error.cause !== undefined ? ` (${describe(error.cause)})` : '';
    const reason = `${describe(error)}${cause}`;
    this.logger.warn(`OpenID Connect sign-in ${what}: ${reason}`);
    response.redirect(HttpStatus.FOUND, OIDC_SIGN_IN_FAILED);
  }
}
