import type { WebsiteAnalytics, WebsiteAnalyticsDay } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { WebsiteMetrics, type WebsiteUptimeSummary } from '../website-metrics';

// SCAFFOLD (replaced by the analytics work of issue 13 before it is declared done): no events are
// collected yet, so every site reads as no traffic and not yet checked.
@Injectable()
export class WebsiteMetricsService extends WebsiteMetrics {
  async traffic(websiteIds: number[]): Promise<Map<number, WebsiteAnalytics>> {
    return new Map(websiteIds.map((id) => [id, { visitors: { today: 0, thisMonth: 0 }, pageViews: { today: 0, thisMonth: 0 }, bounceRate: 0, avgSessionDuration: 0 }]));
  }

  async uptime(websiteIds: number[]): Promise<Map<number, WebsiteUptimeSummary>> {
    return new Map(websiteIds.map((id) => [id, { uptime: null, isOnline: null, lastCheckedAt: null, responseTimeMs: null }]));
  }

  async daily(): Promise<WebsiteAnalyticsDay[]> {
    return [];
  }
}
