import { DASHBOARD_LIMITS } from '@aide/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DashboardContribution, DashboardProvider } from '../dashboard/dashboard-provider';
import { DashboardRegistry } from '../dashboard/dashboard.registry';
import { localDayStart } from '../dashboard/local-day';
import type { EventEntity } from './event.entity';
import { toCalendarEvent } from './event.mapper';

/**
 * The schedule card: events starting today in the user's timezone, by start time, at most
 * DASHBOARD_LIMITS.scheduleEvents (the card shows no more; 'View All' opens the calendar). One
 * range scan of (userId, startTime).
 */
@Injectable()
export class EventsDashboardProvider implements DashboardProvider, OnModuleInit {
  readonly moduleId = 'organiser';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: DashboardRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async contribute(userId: number, now: Date, timezone: string): Promise<DashboardContribution> {
    const rows: EventEntity[] = await this.dataSource.query(
      `SELECT e.id, e."userId", e.title, e.description, e.type, e."startTime", e."endTime", e.location, e.attendees,
              e.metadata, e.source, e."integrationId", e."createdAt", e."updatedAt"
         FROM events e
        WHERE e."userId" = $1 AND e."startTime" >= ${localDayStart('$2', '$3', 0)} AND e."startTime" < ${localDayStart('$2', '$3', 1)}
        ORDER BY e."startTime", e.id
        LIMIT $4`,
      [userId, now, timezone, DASHBOARD_LIMITS.scheduleEvents],
    );
    return { todayEvents: rows.map(toCalendarEvent) };
  }
}
