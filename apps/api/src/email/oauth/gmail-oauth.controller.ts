import { emailEndpoints, type EmailOAuthAvailability } from '@aide/contracts';
import { Controller, HttpStatus, Logger, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiCookieAuth, ApiFoundResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import { PlanQuotaExceededException } from '../../common/plan-quota';
import type { Env } from '../../config/env.schema';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import { StreamService } from '../../stream/stream.service';
import type { User } from '../../users/user.entity';
import { EmailSyncService } from '../sync/email-sync.service';
import { GmailOAuthService, integrationsTab, type PendingGmailOAuth, returnPage } from './gmail-oauth.service';

declare module 'express-session' {
  interface SessionData {
    /** Set by GET /api/auth/gmail, used up by its callback. */
    gmailOAuth?: PendingGmailOAuth;
  }
}

/**
 * Spec §7: "For the gmail provider, the browser is navigated to /api/auth/gmail instead of the
 * POST." The browser navigates, so both routes answer with redirects, never JSON: to Google's
 * consent page, then back to the Integrations tab (&connected=gmail, or &error=gmail when it did not work).
 * Routes: `emailEndpoints` in @aide/contracts. Each @ApiFoundResponse stands above its @Endpoint, so
 * its fuller description of the 302 is the one the OpenAPI document keeps.
 */
@ApiTags('email')
@ApiCookieAuth()
@RequiresModule('email')
@Controller()
export class GmailOAuthController {
  private readonly logger = new Logger('GmailOAuth');

  constructor(
    private readonly oauth: GmailOAuthService,
    private readonly config: ConfigService<Env, true>,
    private readonly stream: StreamService,
    private readonly sync: EmailSyncService,
  ) {}

  @Endpoint(emailEndpoints.oauthAvailability)
  availability(): EmailOAuthAvailability {
    return { gmail: this.oauth.isConfigured() };
  }

  @ApiFoundResponse({
    description:
      "To Google's consent page; back to the Integrations tab with &error=gmail when Gmail sign-in is not configured, or &error=gmail&reason=quota when the plan has no room for another email account",
  })
  @Endpoint(emailEndpoints.gmailOAuthStart)
  async start(
    @CurrentUser() user: User,
    // Read leniently, not with the contract's query schema: a navigation gets a redirect, never a 400 body.
    @Query('returnTo') returnTo: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.set('Cache-Control', 'no-store');
    const page = returnPage(returnTo);
    if (!this.oauth.isConfigured()) return response.redirect(HttpStatus.FOUND, integrationsTab(page, 'error'));
    try {
      // No point consenting at Google to an account that would be refused on the way back.
      await this.oauth.assertRoomToConnect(user.id);
    } catch (error) {
      if (error instanceof PlanQuotaExceededException)
        return response.redirect(HttpStatus.FOUND, integrationsTab(page, 'quota'));
      throw error;
    }
    const origin = this.config.get('PUBLIC_URL', { infer: true }) ?? `${request.protocol}://${request.host}`;
    const { authUrl, pending } = this.oauth.start(`${origin}${emailEndpoints.gmailOAuthCallback.path}`, page);
    request.session.gmailOAuth = pending;
    response.redirect(HttpStatus.FOUND, authUrl);
  }

  @ApiFoundResponse({
    description:
      "To the Integrations tab, with &error=gmail when connecting failed (&error=gmail&reason=quota past the plan's email account quota)",
  })
  @Endpoint(emailEndpoints.gmailOAuthCallback)
  async callback(@CurrentUser() user: User, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.set('Cache-Control', 'no-store');
    // Used once: a replayed callback finds nothing to complete.
    const pending = request.session.gmailOAuth;
    delete request.session.gmailOAuth;
    const page = returnPage(pending?.returnTo);
    try {
      const query = request.query as Record<string, unknown>;
      if (!pending) throw new Error('no connection was started in this session');
      if (typeof query.error === 'string') throw new Error(`Google answered ${query.error}`);
      if (typeof query.state !== 'string' || query.state !== pending.state) throw new Error('the state does not match');
      if (typeof query.code !== 'string' || !query.code) throw new Error('no authorization code');
      const { id } = await this.oauth.complete(user.id, pending, query.code);
      // The first sync (or, reconnected, the next one) right away.
      await this.sync.enqueue({ id, userId: user.id });
      // A GET, so EndpointInterceptor publishes nothing for it: tell the user's other tabs here.
      const { entity, invalidates } = emailEndpoints.gmailOAuthCallback;
      await this.stream.publishQuietly([
        {
          userId: user.id,
          event: { type: 'entity.changed', entity: { type: entity, id }, invalidate: [...invalidates] },
        },
      ]);
      response.redirect(HttpStatus.FOUND, integrationsTab(page, 'connected'));
    } catch (error) {
      this.logger.warn(`Connecting Gmail failed: ${error instanceof Error ? error.message : String(error)}`);
      response.redirect(
        HttpStatus.FOUND,
        integrationsTab(page, error instanceof PlanQuotaExceededException ? 'quota' : 'error'),
      );
    }
  }
}
