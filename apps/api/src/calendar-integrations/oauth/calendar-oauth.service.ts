import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import { CalendarIntegrationsService } from '../calendar-integrations.service';
import { googleCalendarName } from '../providers/google.client';
import { graphCalendarName } from '../providers/graph.client';
import { CalendarSyncService } from '../sync/calendar-sync.service';
import { type OAuthCalendarProvider, OAuthSettings } from './oauth-settings';
import { exchangeCode } from '../../common/oauth/oauth-tokens';

/** Kept server-side in the session between the start and the callback. */
export interface PendingCalendarOAuth {
  provider: OAuthCalendarProvider;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

const random = () => randomBytes(32).toString('base64url');

@Injectable()
export class CalendarOAuthService {
  constructor(
    private readonly settings: OAuthSettings,
    private readonly config: ConfigService<Env, true>,
    private readonly integrations: CalendarIntegrationsService,
    private readonly sync: CalendarSyncService,
  ) {}

  isConfigured(provider: OAuthCalendarProvider): boolean {
    return this.settings.client(provider) !== undefined;
  }

  label(provider: OAuthCalendarProvider): string {
    return this.settings.provider(provider).label;
  }

  /** The authorization URL (RFC 6749 §4.1.1 with PKCE S256, RFC 7636) and what the callback will check. */
  start(provider: OAuthCalendarProvider, redirectUri: string): { authUrl: string; pending: PendingCalendarOAuth } {
    const settings = this.settings.provider(provider);
    const pending: PendingCalendarOAuth = { provider, state: random(), codeVerifier: random(), redirectUri };
    const url = new URL(settings.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: settings.clientId ?? '',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: settings.scope,
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...settings.extraParams,
    }).toString();
    return { authUrl: url.href, pending };
  }

  /** Exchanges the code, names the calendar after the provider's own, creates the integration and queues its first sync. */
  async complete(userId: number, pending: PendingCalendarOAuth, code: string): Promise<void> {
    const client = this.settings.client(pending.provider);
    if (!client) throw new Error('not configured');
    const tokens = await exchangeCode(client, code, pending.codeVerifier, pending.redirectUri);
    const created =
      pending.provider === 'google'
        ? await this.integrations.create(
            userId,
            'google',
            await googleCalendarName(
              this.config.get('GOOGLE_CALENDAR_API_URL', { infer: true }),
              'primary',
              tokens.accessToken,
            ),
            'two_way',
            tokens,
            { calendarId: 'primary', syncToken: null },
          )
        : await this.integrations.create(
            userId,
            'outlook',
            await graphCalendarName(this.config.get('GRAPH_API_URL', { infer: true }), tokens.accessToken),
            'two_way',
            tokens,
            { deltaLink: null },
          );
    await this.sync.enqueue({ id: created.id, userId });
  }
}
