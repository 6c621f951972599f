import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { CryptoModule } from '../common/crypto/crypto.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { WebsiteAnalyticsModule } from '../websites/analytics/website-analytics.module';
import { SocialAccountsController } from './accounts/social-accounts.controller';
import { SocialAccountsService } from './accounts/social-accounts.service';
import { SocialOAuthController } from './accounts/social-oauth.controller';
import { SocialOAuthService } from './accounts/social-oauth.service';
import { socialConnectorsProvider } from './connectors/social-connectors.provider';
import { SocialEngagementService } from './engagement/social-engagement.service';
import { SocialPublisherService } from './publishing/social-publisher.service';
import { SocialAccountEntity } from './social-account.entity';
import { SocialEngagementSnapshotEntity } from './social-engagement-snapshot.entity';
import { SocialPostEntity } from './social-post.entity';
import { SocialStatsService } from './social-stats.service';
import { SocialController } from './social.controller';
import { SocialDashboardProvider } from './social.dashboard-provider';
import { SocialSearchProvider } from './social.search-provider';
import { SocialService } from './social.service';
import { SocialDigestSource } from './social.digest-source';

/** Social media: AI-written posts per platform, scheduled publishing, connected accounts and their engagement. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SocialPostEntity, SocialAccountEntity, SocialEngagementSnapshotEntity]),
    FeatureTogglesModule,
    JobsModule,
    AiModule,
    NotificationsModule,
    CryptoModule,
    // WebsiteMetrics: the visits each post's campaign link brought (issue 27).
    WebsiteAnalyticsModule,
  ],
  controllers: [SocialController, SocialAccountsController, SocialOAuthController],
  providers: [
    socialConnectorsProvider,
    SocialService,
    SocialStatsService,
    SocialAccountsService,
    SocialOAuthService,
    SocialPublisherService,
    SocialEngagementService,
    SocialDashboardProvider,
    SocialDigestSource,
    SocialSearchProvider,
  ],
})
export class SocialModule {}
