import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AccountDataModule } from './account-data/account-data.module';
import { ActivityLogModule } from './activity-log/activity-log.module';
import { AiModule } from './ai/ai.module';
import { AuthModule } from './auth/auth.module';
import { CalendarIntegrationsModule } from './calendar-integrations/calendar-integrations.module';
import type { Env } from './config/env.schema';
import { BriefingModule } from './briefing/briefing.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DigestModule } from './digest/digest.module';
import { DocumentsModule } from './documents/documents.module';
import { ResearchModule } from './research/research.module';
import { SocialModule } from './social/social.module';
import { EmailModule } from './email/email.module';
import { AttachmentRulesModule } from './email/attachment-rules/attachment-rules.module';
import { dataSourceOptions } from './database/data-source';
import { initializeMigrated } from './database/migrate';
import { EventsModule } from './events/events.module';
import { FeatureTogglesModule } from './feature-toggles/feature-toggles.module';
import { InvitationsModule } from './invitations/invitations.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { ModuleRegistryModule } from './module-registry/module-registry.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ProfileModule } from './profile/profile.module';
import { PushModule } from './push/push.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RemindersModule } from './reminders/reminders.module';
import { SearchModule } from './search/search.module';
import { StreamModule } from './stream/stream.module';
import { SuggestionsModule } from './suggestions/suggestions.module';
import { TasksModule } from './tasks/tasks.module';
import { TravelModule } from './travel/travel.module';
import { UsersModule } from './users/users.module';
import { WebsitesModule } from './websites/websites.module';

@Module({})
export class AppModule {
  /**
   * @param env the validated environment (config/env.schema.ts), with DATABASE_URL resolved.
   * It is the only configuration source: ConfigService never falls back to process.env.
   */
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          ignoreEnvVars: true,
          skipProcessEnv: true,
          load: [() => env],
        }),
        // In-process domain events (e.g. email/events/): emitted after the change commits, and a
        // listener's failure is logged by @OnEvent rather than failing the emitter's request or job.
        EventEmitterModule.forRoot(),
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService<Env, true>) => {
            const url = config.get('DATABASE_URL', { infer: true });
            if (!url) throw new Error('DATABASE_URL is not set');
            return { ...dataSourceOptions(url), retryAttempts: 3, retryDelay: 1000 };
          },
          // Upgrades (issue 28): processes starting together migrate one after another (database/migrate.ts).
          dataSourceFactory: (options) => initializeMigrated(options as DataSourceOptions),
        }),
        // The rate limits' counters (RATE_LIMIT_STORE), for AuthModule's throttler and the collector.
        RateLimitModule,
        UsersModule,
        AuthModule,
        FeatureTogglesModule,
        TasksModule,
        EventsModule,
        CalendarIntegrationsModule,
        EmailModule,
        // Mail into Documents (issue 26): attachments saved in one click or by rules.
        AttachmentRulesModule,
        // Meeting invitations (issue 26).
        InvitationsModule,
        DocumentsModule,
        ResearchModule,
        SocialModule,
        TravelModule,
        WebsitesModule,
        DashboardModule,
        BriefingModule,
        ModuleRegistryModule,
        HealthModule,
        // Prometheus figures at GET /metrics when METRICS_TOKEN is set (issue 28).
        MetricsModule,
        ActivityLogModule,
        ProfileModule,
        NotificationsModule,
        PushModule,
        RemindersModule,
        DigestModule,
        SearchModule,
        JobsModule,
        AiModule,
        StreamModule,
        AccountDataModule,
        SuggestionsModule,
      ],
    };
  }
}
