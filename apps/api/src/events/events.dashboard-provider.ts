import { DASHBOARD_LIMITS, type OrganiserDashboard } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { EventsService } from './events.service';
import { fromFloating, toFloating } from './recurrence/occurrences';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The key of the organiser's dashboard part that the events fill (the tasks fill the others). */
export type EventsDashboardPart = Pick<OrganiserDashboard, 'todayEvents'>;

/**
 * The organiser part's todayEvents, for the schedule card: events and occurrences of repeating
 * events starting today in the user's timezone, by start time, at most DASHBOARD_LIMITS.scheduleEvents
 * (the card shows no more; 'View All' opens the calendar).
 */
@DashboardPart({ module: 'organiser' })
@Injectable()
export class EventsDashboardProvider implements DashboardProvider<EventsDashboardPart> {
  constructor(private readonly events: EventsService) {}

  async contribute(userId: number, now: Date, timezone: string): Promise<EventsDashboardPart> {
    // Today's midnight and tomorrow's as wall times in the zone (a DST day is 23 or 25 hours long).
    const midnight = Math.floor(toFloating(now, timezone).getTime() / DAY_MS) * DAY_MS;
    const from = fromFloating(new Date(midnight), timezone);
    const to = fromFloating(new Date(midnight + DAY_MS), timezone);
    const today = await this.events.occurrences(userId, { from, to }, { startingInRange: true, timezone });
    return { todayEvents: today.slice(0, DASHBOARD_LIMITS.scheduleEvents) };
  }
}
