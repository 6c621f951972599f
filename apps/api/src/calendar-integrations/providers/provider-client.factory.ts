import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import type { Env } from '../../config/env.schema';
import { OutboundPolicy } from '../../outbound/outbound-policy';
import { CalendarIntegrationEntity } from '../calendar-integration.entity';
import { OAuthSettings } from '../oauth/oauth-settings';
import type { OAuthTokens } from '../../common/oauth/oauth-tokens';
import { TokenSource } from '../oauth/token-source';
import { CalDavCalendarClient, type CalDavCredentials } from './caldav.client';
import type { CalendarProviderClient } from './calendar-provider-client';
import { GoogleCalendarClient } from './google.client';
import { GraphCalendarClient } from './graph.client';

/** Builds the protocol client for an integration from its decrypted credentials; refreshed tokens are stored back encrypted. */
@Injectable()
export class ProviderClientFactory {
  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly cipher: CredentialsCipher,
    private readonly oauth: OAuthSettings,
    private readonly outbound: OutboundPolicy,
    @InjectRepository(CalendarIntegrationEntity) private readonly integrations: Repository<CalendarIntegrationEntity>,
  ) {}

  create(integration: CalendarIntegrationEntity, encryptedCredentials: string): CalendarProviderClient {
    const state = integration.providerState;
    switch (integration.provider) {
      case 'caldav':
      case 'icloud': {
        if (!state.serverUrl || !state.calendarUrl) throw new Error('The integration has no CalDAV calendar');
        return new CalDavCalendarClient(
          this.outbound,
          state.serverUrl,
          state.calendarUrl,
          this.cipher.decrypt<CalDavCredentials>(encryptedCredentials),
        );
      }
      case 'google':
        return new GoogleCalendarClient(
          this.config.get('GOOGLE_CALENDAR_API_URL', { infer: true }),
          state.calendarId ?? 'primary',
          this.tokens(integration, encryptedCredentials),
        );
      case 'outlook':
        return new GraphCalendarClient(
          this.config.get('GRAPH_API_URL', { infer: true }),
          this.tokens(integration, encryptedCredentials),
        );
    }
  }

  private tokens(integration: CalendarIntegrationEntity, encryptedCredentials: string): TokenSource {
    const provider = integration.provider === 'google' ? 'google' : 'outlook';
    const client = this.oauth.client(provider);
    if (!client)
      throw new Error(
        `${provider === 'google' ? 'Google Calendar' : 'Outlook'} is no longer configured on this server`,
      );
    return new TokenSource(
      this.cipher.decrypt<OAuthTokens>(encryptedCredentials),
      client,
      async (tokens) =>
        void (await this.integrations.update(integration.id, { credentials: this.cipher.encrypt(tokens) })),
      this.oauth.provider(provider).refreshScope,
    );
  }
}
