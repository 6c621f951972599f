import {
  type CalendarAuthUrl,
  calendarIntegrationsEndpoints,
  fillPath,
  OAUTH_QUOTA_REASON,
  OAUTH_REFUSAL_REASON_PARAM,
  planQuotaMessage,
} from '@aide/contracts';
import {
  Controller,
  HttpStatus,
  Logger,
  NotFoundException,
  Param,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import { assertPlanQuota, PlanQuotaExceededException } from '../../common/plan-quota';
import type { Env } from '../../config/env.schema';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { CalendarOAuthService, type PendingCalendarOAuth } from './calendar-oauth.service';
import type { OAuthCalendarProvider } from './oauth-settings';

declare module 'express-session' {
  interface SessionData {
    /** Set by GET /api/auth/{google,outlook}/calendar, used up by its callback. */
    calendarOAuth?: PendingCalendarOAuth;
  }
}

export const INTEGRATIONS_PAGE = '/calendar?tab=integrations';

/** google or outlook; any other path segment is not a route. */
const provider = (value: string): OAuthCalendarProvider => {
  if (value === 'google' || value === 'outlook') return value;
  throw new NotFoundException();
};

/**
 * Connecting Google Calendar or Outlook: the OAuth2 authorization code flow with PKCE and a state
 * kept in the session. The start answers { authUrl } for the browser to go to; the callback
 * stores the tokens (encrypted), creates the integration and goes back to the Integrations tab.
 */
@ApiTags('calendar-integrations')
@ApiCookieAuth()
@RequiresModule('organiser')
@Controller()
export class CalendarOAuthController {
  private readonly logger = new Logger('CalendarOAuth');

  constructor(
    private readonly oauth: CalendarOAuthService,
    private readonly config: ConfigService<Env, true>,
    private readonly dataSource: DataSource,
  ) {}

  private redirectUri(request: Request, name: OAuthCalendarProvider): string {
    const origin = this.config.get('PUBLIC_URL', { infer: true }) ?? `${request.protocol}://${request.host}`;
    return `${origin}${fillPath(calendarIntegrationsEndpoints.oauthCallback.path, { provider: name })}`;
  }

  @Endpoint(calendarIntegrationsEndpoints.oauthStart)
  @ApiServiceUnavailableResponse({ description: "'Google Calendar is not configured' (or Outlook)" })
  @ApiForbiddenResponse({
    description: `Past the plan's quota, before the consent page: '${planQuotaMessage('free', 'calendarIntegrations')}'`,
  })
  async start(
    @Param('provider') name: string,
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CalendarAuthUrl> {
    response.set('Cache-Control', 'no-store');
    const which = provider(name);
    if (!this.oauth.isConfigured(which))
      throw new ServiceUnavailableException(`${this.oauth.label(which)} is not configured`);
    // The screen fetches this (it is not navigated to), so a full quota is a 403 it shows as is;
    // no point consenting at the provider to a calendar that would be refused on the way back.
    await assertPlanQuota(this.dataSource, user.id, 'calendarIntegrations');
    const { authUrl, pending } = this.oauth.start(which, this.redirectUri(request, which));
    request.session.calendarOAuth = pending;
    return { authUrl };
  }

  @Endpoint(calendarIntegrationsEndpoints.oauthCallback)
  @ApiFoundResponse({
    description: `Redirects to ${INTEGRATIONS_PAGE}, with &error=<provider> when connecting failed (&error=<provider>&reason=quota past the plan's quota)`,
  })
  async callback(
    @Param('provider') name: string,
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.set('Cache-Control', 'no-store');
    const which = provider(name);
    // Used once: a replayed callback finds nothing to complete.
    const pending = request.session.calendarOAuth;
    delete request.session.calendarOAuth;
    try {
      const query = request.query as Record<string, unknown>;
      if (!pending || pending.provider !== which) throw new Error('no connection was started in this session');
      if (typeof query.error === 'string') throw new Error(`the provider answered ${query.error}`);
      if (typeof query.state !== 'string' || query.state !== pending.state) throw new Error('the state does not match');
      if (typeof query.code !== 'string' || !query.code) throw new Error('no authorization code');
      await this.oauth.complete(user.id, pending, query.code);
      response.redirect(HttpStatus.FOUND, INTEGRATIONS_PAGE);
    } catch (error) {
      this.logger.warn(
        `Connecting ${this.oauth.label(which)} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      const quota =
        error instanceof PlanQuotaExceededException ? `&${OAUTH_REFUSAL_REASON_PARAM}=${OAUTH_QUOTA_REASON}` : '';
      response.redirect(HttpStatus.FOUND, `${INTEGRATIONS_PAGE}&error=${which}${quota}`);
    }
  }
}
