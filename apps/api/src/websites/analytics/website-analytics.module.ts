import { Module } from '@nestjs/common';
import { WebsiteMetrics } from '../website-metrics';
import { WebsiteMetricsService } from './website-metrics.service';

/**
 * Website traffic and uptime: the cookieless tracking script and its collector, the recurring
 * uptime checks, and the figures read from them (WebsiteMetrics).
 */
@Module({
  providers: [WebsiteMetricsService, { provide: WebsiteMetrics, useExisting: WebsiteMetricsService }],
  exports: [WebsiteMetrics],
})
export class WebsiteAnalyticsModule {}
