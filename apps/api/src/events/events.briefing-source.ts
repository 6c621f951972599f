import { Injectable } from '@nestjs/common';
import {
  type BriefingContext,
  type BriefingContribution,
  type BriefingContributor,
  type BriefingLine,
  BriefingSource,
} from '../briefing/briefing-source';
import { BRIEFING_TEXT } from '../briefing/briefing-text';
import { freeTimes, WORKING_DAY } from '../briefing/free-time';
import { clockTime, localInstant } from '../briefing/local-time';
import { EventsService } from './events.service';

/**
 * The briefing's schedule: today's events and occurrences (the user's timezone) by start time, each
 * linking to /calendar?event=<id>, and between them the free stretches of the working day still
 * ahead ("You are free from 11:00 to 14:00"), linking to the calendar. No events, no free lines.
 */
@BriefingSource({ module: 'organiser' })
@Injectable()
export class EventsBriefingSource implements BriefingContributor {
  constructor(private readonly events: EventsService) {}

  async contribute({ userId, now, timezone }: BriefingContext): Promise<BriefingContribution[]> {
    const from = localInstant(now, timezone, 0);
    const to = localInstant(now, timezone, 1);
    const today = await this.events.occurrences(userId, { from, to }, { startingInRange: true });
    if (today.length === 0) return [];
    const spans = today.map((event) => ({ start: new Date(event.startTime), end: new Date(event.endTime) }));
    const dayStart = localInstant(now, timezone, 0, WORKING_DAY.startHour);
    const dayEnd = localInstant(now, timezone, 0, WORKING_DAY.endHour);
    const free = freeTimes(spans, { start: now > dayStart ? now : dayStart, end: dayEnd });
    const lines: BriefingLine[] = [
      ...today.map((event): BriefingLine => {
        const time = clockTime(new Date(event.startTime), timezone);
        return {
          kind: 'event',
          title: event.title,
          detail: `${time}–${clockTime(new Date(event.endTime), timezone)}`,
          link: `/calendar?event=${event.recurringEventId ?? event.id}`,
          start: event.startTime,
          end: event.endTime,
          fact: { kind: 'event', time },
        };
      }),
      ...free.map((span): BriefingLine => {
        const start = clockTime(span.start, timezone);
        const end = clockTime(span.end, timezone);
        return {
          kind: 'free',
          title: BRIEFING_TEXT.freeFrom.replace('{start}', start).replace('{end}', end),
          detail: null,
          link: '/calendar',
          start: span.start.toISOString(),
          end: span.end.toISOString(),
          fact: { kind: 'free', start, end },
        };
      }),
    ].sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!) || (a.kind === 'event' ? -1 : 1));
    return [{ section: 'schedule', lines }];
  }
}
