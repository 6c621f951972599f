import { BRIEFING_LIMITS, type TravelChecklist } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type BriefingContext,
  type BriefingContribution,
  type BriefingContributor,
  type BriefingLine,
  BriefingSource,
} from '../briefing/briefing-source';
import { BRIEFING_TEXT } from '../briefing/briefing-text';
import { daysUntil } from '../briefing/local-time';

/** A checklist's items not ticked yet, in its categories' order. */
export function openChecklistItems(checklist: TravelChecklist | null): string[] {
  if (!checklist) return [];
  return Object.values(checklist).flatMap((items) => items.filter((item) => !item.completed).map((item) => item.item));
}

/**
 * The briefing's trip: the user's next trip starting today or within BRIEFING_LIMITS.tripDays days
 * (local dates), and its checklist items still open, each linking to /travel.
 */
@BriefingSource({ module: 'travel' })
@Injectable()
export class TravelBriefingSource implements BriefingContributor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute({ userId, now, timezone }: BriefingContext): Promise<BriefingContribution[]> {
    const [trip]: { id: number; destination: string; startDate: string; checklist: TravelChecklist | null }[] =
      await this.dataSource.query(
        `SELECT id, destination, to_char("startDate", 'YYYY-MM-DD') AS "startDate", checklist
           FROM travel_plans
          WHERE "userId" = $1
            AND "startDate" >= ($2::timestamptz AT TIME ZONE $3::text)::date
            AND "startDate" <= ($2::timestamptz AT TIME ZONE $3::text)::date + $4::int
          ORDER BY "startDate", id
          LIMIT 1`,
        [userId, now, timezone, BRIEFING_LIMITS.tripDays],
      );
    if (!trip) return [];
    const days = daysUntil(now, timezone, trip.startDate);
    const open = openChecklistItems(trip.checklist);
    const link = '/travel';
    const lines: BriefingLine[] = [
      {
        kind: 'trip',
        title: BRIEFING_TEXT.tripTo.replace('{destination}', () => trip.destination),
        detail:
          days <= 0
            ? BRIEFING_TEXT.tripToday
            : days === 1
              ? BRIEFING_TEXT.tripTomorrow
              : BRIEFING_TEXT.tripInDays.replace('{days}', String(days)),
        link,
        start: null,
        end: null,
        fact: { kind: 'trip', destination: trip.destination, startsInDays: days, openItems: open.length },
      },
      ...open.map((item): BriefingLine => ({
        kind: 'checklist',
        title: item,
        detail: BRIEFING_TEXT.checklistOpen.replace('{destination}', () => trip.destination),
        link,
        start: null,
        end: null,
        fact: { kind: 'checklist' },
      })),
    ];
    return [{ section: 'travel', lines }];
  }
}
