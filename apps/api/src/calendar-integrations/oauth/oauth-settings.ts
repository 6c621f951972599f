import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import type { OAuthClientConfig } from '../../common/oauth/oauth-tokens';

export type OAuthCalendarProvider = 'google' | 'outlook';

export interface OAuthProviderSettings {
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId?: string;
  clientSecret?: string;
  scope: string;
  /** Extra authorization parameters: Google needs these to hand out a refresh token. */
  extraParams: Record<string, string>;
  /** Microsoft wants the scopes again on a refresh. */
  refreshScope?: string;
}

/** Google Calendar and Outlook (Microsoft identity platform) OAuth2 endpoints, client and scopes from the environment. */
@Injectable()
export class OAuthSettings {
  constructor(private readonly config: ConfigService<Env, true>) {}

  provider(provider: OAuthCalendarProvider): OAuthProviderSettings {
    if (provider === 'google') {
      return {
        label: 'Google Calendar',
        authorizeUrl: this.config.get('GOOGLE_OAUTH_URL', { infer: true }),
        tokenUrl: this.config.get('GOOGLE_TOKEN_URL', { infer: true }),
        clientId: this.config.get('GOOGLE_CLIENT_ID', { infer: true }),
        clientSecret: this.config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
        scope: 'https://www.googleapis.com/auth/calendar',
        extraParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      };
    }
    const authority = this.config.get('MICROSOFT_AUTHORITY', { infer: true });
    const scope = 'offline_access Calendars.ReadWrite User.Read';
    return {
      label: 'Outlook',
      authorizeUrl: `${authority}/authorize`,
      tokenUrl: `${authority}/token`,
      clientId: this.config.get('MICROSOFT_CLIENT_ID', { infer: true }),
      clientSecret: this.config.get('MICROSOFT_CLIENT_SECRET', { infer: true }),
      scope,
      extraParams: { response_mode: 'query', prompt: 'select_account' },
      refreshScope: scope,
    };
  }

  /** The client for token requests, or undefined when the provider is not configured. */
  client(provider: OAuthCalendarProvider): OAuthClientConfig | undefined {
    const settings = this.provider(provider);
    if (!settings.clientId || !settings.clientSecret) return undefined;
    return { tokenUrl: settings.tokenUrl, clientId: settings.clientId, clientSecret: settings.clientSecret };
  }
}
