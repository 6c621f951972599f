import type { BriefingItem, BriefingSectionId } from '@aide/contracts';
import { DiscoveryService } from '@nestjs/core';
import type { ModuleId } from '../dashboard/dashboard-provider';

/**
 * Marks a class as a module's part of the daily briefing (GET /api/briefing and the morning
 * delivery); BriefingRegistry finds every such provider at start, so a module adds its lines with
 * one class in its own folder, listed in its own Nest module's providers, and no edit here:
 *
 *   @BriefingSource({ module: 'email' })
 *   @Injectable()
 *   export class EmailsBriefingSource implements BriefingContributor { … }
 *
 * Its lines reach only users who may use that module (its `module.<id>` toggle).
 */
export const BriefingSource = DiscoveryService.createDecorator<{ module: ModuleId }>();

/** Who the briefing is for and when: `now` is the request's instant, `timezone` the profile's zone. */
export interface BriefingContext {
  userId: number;
  now: Date;
  timezone: string;
}

/**
 * What the summary may say about a line, beyond its title: plain facts the source read, never
 * guessed. Kept out of the answer (the card shows the line's title and detail).
 */
export type BriefingFact =
  | { kind: 'event'; time: string }
  | { kind: 'free'; start: string; end: string }
  | { kind: 'task'; overdue: boolean }
  | { kind: 'mail'; from: string }
  | { kind: 'trip'; destination: string; startsInDays: number; openItems: number }
  | { kind: 'checklist' }
  | { kind: 'site' }
  | { kind: 'report' };

/**
 * A line as a source gives it: the contract's item, whose `detail` is an English server text (a
 * catalog key, translated for the reader by the service), and its fact for the summary.
 */
export interface BriefingLine extends BriefingItem {
  fact: BriefingFact;
}

/** One section's lines, in the order the card shows them. */
export interface BriefingContribution {
  section: BriefingSectionId;
  lines: BriefingLine[];
}

/** A module's part of the briefing. */
export interface BriefingContributor {
  /** This user's lines only; cheap (a fixed number of indexed queries). */
  contribute(context: BriefingContext): Promise<BriefingContribution[]>;
}
