import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import express from 'express';
import { FeatureTogglesModule } from '../../feature-toggles/feature-toggles.module';
import { JobsModule } from '../../jobs/jobs.module';
import { NotificationsModule } from '../../notifications/notifications.module';
import { SiteFetchModule } from '../fetch/site-fetch.module';
import { WebsiteMetrics } from '../website-metrics';
import { AnalyticsClock } from './analytics-clock';
import { CollectController } from './collect.controller';
import { SiteDirectory } from './site-directory';
import { VisitorSalts } from './visitor-hash';
import { WebsiteCollectorService } from './website-collector.service';
import { WebsiteGoalsController } from './website-goals.controller';
import { WebsiteGoalsService } from './website-goals.service';
import { WebsiteMetricsService } from './website-metrics.service';
import { WebsiteRollupsService } from './website-rollups.service';
import { WebsiteUptimeService } from './website-uptime.service';
import { WebsitesDashboardProvider } from './websites.dashboard-provider';

/**
 * Website traffic and uptime: the cookieless tracking script and its collector
 * (GET /api/collect/script.js, POST /api/collect), the recurring uptime checks, the website part
 * of the dashboard, the figures read from them (WebsiteMetrics), and a site's goals and its
 * breakdown by source, page and campaign (issue 27), and at volume (issue 28) the monthly partitions
 * of the tracking events, their daily roll-ups and the raw events' retention (WebsiteRollupsService).
 */
@Module({
  imports: [FeatureTogglesModule, JobsModule, NotificationsModule, SiteFetchModule],
  controllers: [CollectController, WebsiteGoalsController],
  providers: [
    AnalyticsClock,
    VisitorSalts,
    SiteDirectory,
    WebsiteCollectorService,
    WebsiteUptimeService,
    WebsitesDashboardProvider,
    WebsiteMetricsService,
    WebsiteGoalsService,
    WebsiteRollupsService,
    { provide: WebsiteMetrics, useExisting: WebsiteMetricsService },
  ],
  exports: [WebsiteMetrics, WebsiteUptimeService],
})
export class WebsiteAnalyticsModule implements NestModule {
  /** navigator.sendBeacon sends its JSON as text/plain (no CORS preflight): read it as text here (the JSON limit, 1 MB), parsed by the controller. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(express.text({ type: 'text/plain', limit: '1mb' }))
      .forRoutes({ path: 'api/collect', method: RequestMethod.POST });
  }
}
