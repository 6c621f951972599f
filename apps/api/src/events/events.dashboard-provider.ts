import { DASHBOARD_LIMITS, type OrganiserDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { localDayStart } from '../dashboard/local-day';
import type { EventEntity } from './event.entity';
import { toCalendarEvent } from './event.mapper';

/** The key of the organiser's dashboard part that the events fill (the tasks fill the others). */
export type EventsDashboardPart = Pick<OrganiserDashboard, 'todayEvents'>;

/**
 * The organiser part's todayEvents, for the schedule card: events starting today in the user's timezone, by start time, at most
 * DASHBOARD_LIMITS.scheduleEvents (the card shows no more; 'View All' opens the calendar). One
 * range scan of (userId, startTime).
 */
@DashboardPart({ module: 'organiser' })
@Injectable()
export class EventsDashboardProvider implements DashboardProvider<EventsDashboardPart> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute(userId: number, now: Date, timezone: string): Promise<EventsDashboardPart> {
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
