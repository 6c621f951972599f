import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { CryptoModule } from '../common/crypto/crypto.module';
import { DocumentsModule } from '../documents/documents.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { WebsiteAnalyticsModule } from './analytics/website-analytics.module';
import { WebsiteBackupService } from './backup/website-backup.service';
import { WebsiteBlogService } from './blog/website-blog.service';
import { SiteFetchModule } from './fetch/site-fetch.module';
import { WebsiteBlogPostEntity } from './website-blog-post.entity';
import { WebsiteChecksService } from './website-checks.service';
import { WebsiteEntity } from './website.entity';
import { WebsitesController } from './websites.controller';
import { WebsitesSearchProvider } from './websites.search-provider';
import { WebsitesService } from './websites.service';
import { WebsitesBriefingSource } from './websites.briefing-source';
import { WebsitesDigestSource } from './websites.digest-source';

/**
 * Website Manager: the user's sites, their SEO audits, security checks and backups (background
 * jobs over the site fetcher), AI blog posts (optionally sent to WordPress as drafts), and their
 * traffic and uptime read through WebsiteMetrics (analytics/).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebsiteEntity, WebsiteBlogPostEntity]),
    FeatureTogglesModule,
    JobsModule,
    AiModule,
    NotificationsModule,
    CryptoModule,
    DocumentsModule,
    WebsiteAnalyticsModule,
    SiteFetchModule,
  ],
  controllers: [WebsitesController],
  providers: [
    WebsitesBriefingSource,
    WebsitesService,
    WebsiteChecksService,
    WebsiteBackupService,
    WebsiteBlogService,
    WebsitesSearchProvider,
    WebsitesDigestSource,
  ],
})
export class WebsitesModule {}
