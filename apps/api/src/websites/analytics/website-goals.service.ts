import {
  type AnalyticsBreakdown,
  type AnalyticsPeriod,
  type CreateWebsiteGoal,
  WEBSITE_ANALYTICS_LIMITS,
  WEBSITE_GOAL_MESSAGES,
  WEBSITE_MESSAGES,
  type WebsiteGoal,
} from '@aide/contracts';
import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../common/db-errors.util';
import { WebsiteGoalEntity } from './website-analytics.entities';
import { WebsiteMetricsService } from './website-metrics.service';

/** Spec §5 (profile): UTC without a profile timezone, or with one the runtime does not know. */
const DEFAULT_TIMEZONE = 'UTC';

const toGoal = (row: WebsiteGoalEntity): WebsiteGoal => ({
  id: row.id,
  websiteId: row.websiteId,
  kind: row.kind,
  match: row.match,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A site's goals (issue 27) and its breakdown (sources, pages, campaigns, conversions). Every call
 * names the user: another user's site answers 404 as a missing one does (DECISIONS).
 */
@Injectable()
export class WebsiteGoalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: WebsiteMetricsService,
  ) {}

  private get goals() {
    return this.dataSource.getRepository(WebsiteGoalEntity);
  }

  async list(userId: number, websiteId: number): Promise<WebsiteGoal[]> {
    await this.assertOwnSite(userId, websiteId);
    return (await this.goals.find({ where: { websiteId }, order: { id: 'ASC' } })).map(toGoal);
  }

  async create(userId: number, websiteId: number, body: CreateWebsiteGoal): Promise<WebsiteGoal> {
    await this.assertOwnSite(userId, websiteId);
    if ((await this.goals.count({ where: { websiteId } })) >= WEBSITE_ANALYTICS_LIMITS.goalsPerSite)
      throw new UnprocessableEntityException(WEBSITE_GOAL_MESSAGES.tooMany);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const goals = manager.getRepository(WebsiteGoalEntity);
        const saved = await goals.save(goals.create({ websiteId, kind: body.kind, match: body.match }));
        // The intraday roll-up counted no conversions of it: the days it covers are read raw until the next one.
        if (body.kind === 'page')
          await manager.query(`UPDATE website_rollup_state SET "partialThrough" = NULL WHERE "websiteId" = $1`, [
            websiteId,
          ]);
        return saved;
      });
      return toGoal(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(WEBSITE_GOAL_MESSAGES.duplicate);
      throw error;
    }
  }

  async remove(userId: number, websiteId: number, goalId: number): Promise<void> {
    await this.assertOwnSite(userId, websiteId);
    const result = await this.goals.delete({ id: goalId, websiteId });
    if (!result.affected) throw new NotFoundException(WEBSITE_GOAL_MESSAGES.notFound);
  }

  async breakdown(userId: number, websiteId: number, period: AnalyticsPeriod): Promise<AnalyticsBreakdown> {
    const timezone = await this.assertOwnSite(userId, websiteId);
    const goals = await this.goals.find({ where: { websiteId }, order: { id: 'ASC' } });
    return this.metrics.breakdown(websiteId, period, timezone, goals);
  }

  /** 404 unless the site is the user's; answers the user's timezone (the breakdown's days). */
  private async assertOwnSite(userId: number, websiteId: number): Promise<string> {
    const [row]: { timezone: string | null }[] = await this.dataSource.query(
      `SELECT p.timezone FROM websites w LEFT JOIN profiles p ON p."userId" = w."userId" WHERE w.id = $1 AND w."userId" = $2`,
      [websiteId, userId],
    );
    if (!row) throw new NotFoundException(WEBSITE_MESSAGES.notFound);
    const zone = row.timezone ?? DEFAULT_TIMEZONE;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      return DEFAULT_TIMEZONE;
    }
  }
}
