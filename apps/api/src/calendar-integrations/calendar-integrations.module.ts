import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CryptoModule } from '../common/crypto/crypto.module';
import { EventsModule } from '../events/events.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { CalendarEventLinkEntity } from './calendar-event-link.entity';
import { CalendarIntegrationEntity } from './calendar-integration.entity';
import { CalendarIntegrationsController } from './calendar-integrations.controller';
import { CalendarIntegrationsService } from './calendar-integrations.service';
import { CalendarOAuthController } from './oauth/calendar-oauth.controller';
import { CalendarOAuthService } from './oauth/calendar-oauth.service';
import { OAuthSettings } from './oauth/oauth-settings';
import { ProviderClientFactory } from './providers/provider-client.factory';
import { CalendarSyncService } from './sync/calendar-sync.service';
import { OutboundModule } from '../outbound/outbound.module';

/** Calendar integrations: CalDAV (iCloud and others), Google Calendar and Outlook, synced by background jobs. */
@Module({
  imports: [
    TypeOrmModule.forFeature([CalendarIntegrationEntity, CalendarEventLinkEntity]),
    CryptoModule,
    EventsModule,
    FeatureTogglesModule,
    JobsModule,
    OutboundModule,
  ],
  controllers: [CalendarIntegrationsController, CalendarOAuthController],
  providers: [
    CalendarIntegrationsService,
    CalendarSyncService,
    CalendarOAuthService,
    OAuthSettings,
    ProviderClientFactory,
  ],
  exports: [CalendarSyncService],
})
export class CalendarIntegrationsModule {}
