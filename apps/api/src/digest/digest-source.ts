import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';

/**
 * The weeks one digest speaks of, in the person's timezone (digest-week.ts): `lastWeek` is the
 * Monday-to-Monday week before the one the digest is sent in, `weekBefore` the one before that (the
 * comparison), `thisWeek` the week the digest is sent in (the calendar ahead).
 */
export interface DigestWeeks {
  now: Date;
  timezone: string;
  /** The Monday the digest's week starts on, YYYY-MM-DD in the person's timezone. */
  weekStart: string;
  lastWeek: { from: Date; to: Date };
  weekBefore: { from: Date; to: Date };
  thisWeek: { from: Date; to: Date };
}

/** A figure of last week and of the week before, for the week-over-week change. */
export interface WeekFigure {
  lastWeek: number;
  weekBefore: number;
}

/**
 * What each module says in the digest: facts only (counts, titles, times); the wording, in the
 * person's language, is digest-text.ts's. One kind per module's section.
 */
export type DigestSection =
  | { kind: 'tasks'; completed: WeekFigure; titles: string[] }
  | {
      kind: 'events';
      total: number;
      events: { title: string; start: string; location: string | null }[];
    }
  | { kind: 'email'; received: WeekFigure; sent: WeekFigure }
  | { kind: 'website'; visitors: WeekFigure; pageViews: WeekFigure }
  | { kind: 'social'; likes: WeekFigure; shares: WeekFigure; comments: WeekFigure; reach: WeekFigure };

export type DigestSectionKind = DigestSection['kind'];

/**
 * Marks a class as a module's section of the weekly digest; DigestRegistry finds every such provider
 * at start, so a module adds its section with one class in its own folder, listed in its own Nest
 * module's providers, and no edit in the digest's folder (as @DashboardPart does for the dashboard):
 *
 *   @DigestSource({ module: 'organiser' })
 *   @Injectable()
 *   export class TasksDigestSource implements DigestSectionSource { … }
 *
 * A section is asked for only for people who may use its module (the `module.<id>` toggle).
 */
export const DigestSource = DiscoveryService.createDecorator<{ module: ModuleId }>();

export interface DigestSectionSource {
  /**
   * This person's facts for the digest, or null when the module has nothing to say (nothing in
   * either week): a digest without any section is not sent. A fixed number of queries per person.
   */
  section(userId: number, weeks: DigestWeeks): Promise<DigestSection | null>;
}

/** Both weeks were empty: the section has nothing to say about this figure. */
export const isQuiet = (figure: WeekFigure): boolean => figure.lastWeek === 0 && figure.weekBefore === 0;
