import {
  OCCURRENCE_REQUIRED,
  type CalendarEvent,
  type CreateEventPayload,
  type EventSource,
  type OccurrenceScope,
  PROFILE_DEFAULTS,
  type UpdateEventPayload,
} from '@aide/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { entityRows, type EntityRows } from '../common/entity-rows';
import { ProfileEntity } from '../profile/profile.entity';
import { TaskEntity } from '../tasks/task.entity';
import { EventEntity } from './event.entity';
import { toCalendarEvent } from './event.mapper';
import {
  endSeriesBefore,
  isOccurrence,
  occurrencesBefore,
  occurrencesBetween,
  type RepeatingSeries,
  withRulePart,
} from './recurrence/occurrences';

export const EVENT_NOT_FOUND = 'Event not found';
export const END_BEFORE_START = 'End time must be after start time';
export const OCCURRENCE_NOT_FOUND = 'This event does not happen at that time';
export const TASK_NOT_FOUND = 'Task not found';

/** A time window; an event is in it when it overlaps [from, to). Either bound may be missing. */
export interface EventRangeFilter {
  from?: string | Date;
  to?: string | Date;
}

/** Who made an event other than the user: a calendar integration's import. */
export interface EventOrigin {
  source: EventSource;
  integrationId: number;
}

/**
 * What a row is written from: the API's payload, plus what only the calendar sync sets — the
 * removed occurrences of a series and, for a moved occurrence, its series and original start —
 * and what only a suggestion or an invitation sets: the message it was made from (issue 26).
 */
export type EventInput = CreateEventPayload & {
  exceptions?: string[];
  recurringEventId?: number;
  originalStartTime?: string;
  sourceEmailId?: number;
};
export type EventChanges = UpdateEventPayload & { exceptions?: string[] };

/** Which occurrence of a series a change is about, and how far it reaches. */
export interface OccurrenceTarget {
  scope: OccurrenceScope;
  /** The occurrence's original start (ISO); needed for 'this' and 'following'. */
  occurrence?: string;
}

/** Without a bound, occurrences are listed from a year ago to a year ahead. */
const DEFAULT_WINDOW_MS = 366 * 24 * 60 * 60 * 1000;

/** What occurrences() selects: every column of the event, and its time block's task's id and status. */
const withTaskColumns = (select: string) => `${select}, "task"."id" AS "task_id", "task"."status" AS "task_status"`;
const FROM_EVENTS_WITH_TASK = `FROM "events" "e" LEFT JOIN "tasks" "task" ON "task"."id" = "e"."taskId"`;

/**
 * occurrences()'s one-off events of a user ($1): starting at or after $2 ('starting'), ending after
 * it ('ending') or from any time ('none'), and starting before the next parameter when `bounded`.
 * One prepared statement per shape (pg names them per connection, so each shape has its own name).
 */
function singlesStatement(select: string, from: 'starting' | 'ending' | 'none', bounded: boolean) {
  const where = [`"e"."userId" = $1`, `"e"."recurrence" IS NULL`];
  if (from === 'starting') where.push(`"e"."startTime" >= $2`);
  if (from === 'ending') where.push(`"e"."endTime" > $2`);
  if (bounded) where.push(`"e"."startTime" < $${where.length}`);
  return {
    name: `aide-events-singles-${from}${bounded ? '-bounded' : ''}`,
    sql: `SELECT ${withTaskColumns(select)} ${FROM_EVENTS_WITH_TASK} WHERE ${where.join(' AND ')}`,
  };
}

/** occurrences()'s series of a user ($1) starting before $2 (a series may start long before the range). */
const seriesStatement = (select: string) => ({
  name: 'aide-events-series',
  sql: `SELECT ${withTaskColumns(select)} ${FROM_EVENTS_WITH_TASK} WHERE "e"."userId" = $1 AND "e"."recurrence" IS NOT NULL AND "e"."startTime" < $2`,
});

/** Empty optional text is stored as null, so "no location" has one representation. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);
const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  Date.parse(a.startTime) - Date.parse(b.startTime) || a.id - b.id;
const endBeforeStart = () =>
  new BadRequestException({ message: END_BEFORE_START, errors: [{ path: 'endTime', message: END_BEFORE_START }] });

/**
 * Events of one user. Every method takes that user's id and touches no one else's rows.
 * Also the API the calendar sync uses (exported by EventsModule): the same checks apply to it.
 *
 * A repeating event is one row (the series) with its RRULE; a removed occurrence is an entry in its
 * `exceptions`; a moved or edited occurrence is its own row pointing at the series with the start it
 * had (RFC 5545's RECURRENCE-ID). Listing a range expands the series into occurrences around them.
 */
@Injectable()
export class EventsService {
  /** occurrences()'s two reads, written once (entity-rows.ts: the query builder rebuilt them on every call). */
  private readonly reads: EntityRows<EventEntity>;

  constructor(
    @InjectRepository(EventEntity) private readonly events: Repository<EventEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.reads = entityRows(dataSource, EventEntity, '"e"', 'e');
  }

  /**
   * The stored rows (a series once, with its rule), by start time, optionally only those overlapping
   * `range`; a series and its moved occurrences count as ending never (the feed and the sync read them whole).
   */
  async list(userId: number, range: EventRangeFilter = {}): Promise<CalendarEvent[]> {
    const query = this.rows(this.events.manager, userId);
    if (range.from !== undefined) {
      query.andWhere('(e.endTime > :from OR e.recurrence IS NOT NULL OR e.recurringEventId IS NOT NULL)', {
        from: new Date(range.from),
      });
    }
    if (range.to !== undefined) query.andWhere('e.startTime < :to', { to: new Date(range.to) });
    const rows = await query.orderBy('e.startTime', 'ASC').addOrderBy('e.id', 'ASC').getMany();
    return rows.map(toCalendarEvent);
  }

  /**
   * What the calendar shows in [from, to): single events and every occurrence of each series,
   * expanded in the series' timezone, moved occurrences in their new place, removed ones left out.
   * A missing bound is a year from now (single events are then not limited on that side).
   */
  async occurrences(
    userId: number,
    range: EventRangeFilter = {},
    {
      startingInRange = false,
      timezone,
    }: {
      startingInRange?: boolean;
      /** The user's profile timezone when the caller has it already (saves reading it again). */
      timezone?: string;
    } = {},
  ): Promise<CalendarEvent[]> {
    const now = Date.now();
    const from = range.from !== undefined ? new Date(range.from) : new Date(now - DEFAULT_WINDOW_MS);
    const to =
      range.to !== undefined ? new Date(range.to) : new Date(Math.max(now, from.getTime()) + DEFAULT_WINDOW_MS);

    // Only those starting in the range (the dashboard's "today"): one index range scan of (userId, startTime).
    const fromBound = startingInRange ? 'starting' : range.from !== undefined ? 'ending' : 'none';
    const singleParams: unknown[] = [userId];
    if (fromBound !== 'none') singleParams.push(from);
    if (range.to !== undefined) singleParams.push(to);
    // The one-off events and the series are independent reads: sent together.
    const [singleRows, series] = await Promise.all([
      this.withTask(singlesStatement(this.reads.select, fromBound, range.to !== undefined), singleParams),
      this.withTask(seriesStatement(this.reads.select), [userId, to]),
    ]);
    // Moved occurrences replace their original slot wherever they now are, so all of them are read.
    const moved = series.length
      ? await this.events.find({
          select: { recurringEventId: true, originalStartTime: true },
          where: { userId, recurringEventId: In(series.map((s) => s.id)) },
        })
      : [];
    const replaced = new Set(moved.map((m) => `${m.recurringEventId}:${m.originalStartTime?.getTime()}`));

    const result = singleRows.map(toCalendarEvent);
    // Only a series stored without its own timezone falls back to the profile's.
    const fallbackZone = series.some((row) => !row.timezone)
      ? (timezone ?? (await this.profileTimezone(userId)))
      : PROFILE_DEFAULTS.timezone;
    for (const row of series) {
      const base = toCalendarEvent(row);
      for (const { start, end } of occurrencesBetween(this.asSeries(row, fallbackZone), from, to)) {
        if (replaced.has(`${row.id}:${start.getTime()}`) || (startingInRange && start < from)) continue;
        const startTime = start.toISOString();
        result.push({
          ...base,
          startTime,
          endTime: end.toISOString(),
          recurringEventId: row.id,
          occurrenceStart: startTime,
        });
      }
    }
    return result.sort(byStart);
  }

  /** One stored event (a series as its row); 404 if not the user's. */
  async get(userId: number, id: number): Promise<CalendarEvent> {
    const [event] = await this.findByIds(userId, [id]);
    if (!event) throw new NotFoundException(EVENT_NOT_FOUND);
    return event;
  }

  /** The user's events among `ids` (others' and missing ids are left out), by start time. */
  async findByIds(userId: number, ids: readonly number[]): Promise<CalendarEvent[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows(this.events.manager, userId)
      .andWhere('e.id IN (:...ids)', { ids: [...ids] })
      .orderBy('e.startTime', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .getMany();
    return rows.map(toCalendarEvent);
  }

  /** A `userId` in the payload is ignored: the owner is always `userId`. Made locally unless `origin` says otherwise. */
  async create(userId: number, input: EventInput, origin?: EventOrigin): Promise<CalendarEvent> {
    if (input.taskId !== undefined) await this.assertOwnTask(userId, input.taskId);
    if (input.recurringEventId !== undefined) await this.findRow(userId, input.recurringEventId);
    const recurrence = input.recurrence ?? null;
    const event = this.events.create({
      userId,
      title: input.title,
      description: textOrNull(input.description),
      type: input.type ?? 'meeting',
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      location: textOrNull(input.location),
      attendees: input.attendees ?? [],
      metadata: input.metadata ?? null,
      source: origin?.source ?? 'local',
      integrationId: origin?.integrationId ?? null,
      recurrence,
      timezone: input.timezone ?? (recurrence ? await this.profileTimezone(userId) : null),
      exceptions: (input.exceptions ?? []).map((d) => new Date(d)),
      recurringEventId: input.recurringEventId ?? null,
      originalStartTime: input.originalStartTime ? new Date(input.originalStartTime) : null,
      reminders: input.reminders ?? null,
      taskId: input.taskId ?? null,
      sourceEmailId: input.sourceEmailId ?? null,
    });
    return this.reload(this.events.manager, userId, (await this.events.save(event)).id);
  }

  /**
   * Applies the fields present in `changes` (null clears); `id`/`userId` in it are ignored. 404 if
   * not the user's; 400 when the result would end before it starts (e.g. only a new start is sent).
   * For a repeating event, `target` says which occurrences change: 'this' one (it becomes its own
   * row), 'following' (the series is split there) or 'all' (the series; a new time for one
   * occurrence moves every occurrence by as much).
   */
  async update(
    userId: number,
    id: number,
    changes: EventChanges,
    target: OccurrenceTarget = { scope: 'all' },
  ): Promise<CalendarEvent> {
    if (changes.taskId) await this.assertOwnTask(userId, changes.taskId);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(userId, id, manager, true);
      // A moved occurrence edited for more than itself is an edit of its series at its original start.
      if (row.recurringEventId !== null && target.scope !== 'this') {
        const series = await this.findRow(userId, row.recurringEventId, manager, true);
        return this.updateSeries(manager, series, changes, target.scope, row.originalStartTime!);
      }
      if (!row.recurrence || (target.scope === 'all' && target.occurrence === undefined)) {
        applyChanges(row, changes);
        if (row.recurrence && !row.timezone) row.timezone = await this.profileTimezone(userId);
        // A series that stops repeating has no moved occurrences left to stand for.
        if (!row.recurrence) await manager.delete(EventEntity, { userId, recurringEventId: row.id });
        return this.saveAndReload(manager, row);
      }
      const occurrence = this.occurrenceOf(row, target.occurrence, await this.profileTimezone(userId));
      if (target.scope === 'this') return this.updateOne(manager, row, occurrence, changes);
      return this.updateSeries(manager, row, changes, target.scope, occurrence);
    });
  }

  /**
   * 404 if the event is not the user's (or does not exist). For a repeating event, `target` says
   * what goes: 'this' occurrence (an exception), 'following' (the series ends before it) or 'all'.
   */
  async remove(userId: number, id: number, target: OccurrenceTarget = { scope: 'all' }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.findRow(userId, id, manager, true);
      if (row.recurringEventId !== null) {
        // A moved occurrence: on its own it leaves a gap in the series; otherwise it stands for its slot.
        const series = await this.findRow(userId, row.recurringEventId, manager, true);
        const original = row.originalStartTime!;
        if (target.scope === 'this') {
          series.exceptions = [...series.exceptions, original];
          await manager.save(series);
          await manager.delete(EventEntity, { id: row.id, userId });
          return;
        }
        return this.removeFrom(manager, series, target.scope === 'all' ? series.startTime : original);
      }
      if (!row.recurrence || target.scope === 'all') {
        await manager.delete(EventEntity, { id: row.id, userId });
        return;
      }
      const occurrence = this.occurrenceOf(row, target.occurrence, await this.profileTimezone(userId));
      if (target.scope === 'following') return this.removeFrom(manager, row, occurrence);
      row.exceptions = [...row.exceptions.filter((d) => d.getTime() !== occurrence.getTime()), occurrence];
      await manager.save(row);
      await manager.delete(EventEntity, { userId, recurringEventId: row.id, originalStartTime: occurrence });
    });
  }

  /** The series as expansion needs it; a series without a zone repeats in the owner's profile zone. */
  asSeries(row: EventEntity, fallbackZone: string): RepeatingSeries {
    return {
      startTime: row.startTime,
      endTime: row.endTime,
      recurrence: row.recurrence!,
      timezone: row.timezone ?? fallbackZone,
      exceptions: row.exceptions,
    };
  }

  /** The user's profile timezone ('UTC' before they choose one). */
  async profileTimezone(userId: number): Promise<string> {
    const profile = await this.dataSource.getRepository(ProfileEntity).findOne({
      select: { timezone: true },
      where: { userId },
    });
    return profile?.timezone ?? PROFILE_DEFAULTS.timezone;
  }

  /**
   * A statement of singlesStatement/seriesStatement as EventEntity rows, the linked task as the
   * query builder's leftJoin + addSelect(['task.id', 'task.status']) gives it (rows()).
   */
  private async withTask(statement: { name: string; sql: string }, parameters: unknown[]): Promise<EventEntity[]> {
    const rows = await this.reads.query(statement.name, statement.sql, parameters);
    return rows.map((row) => {
      const entity = this.reads.hydrate(row)!;
      entity.task = row.task_id == null ? null : ({ id: row.task_id, status: row.task_status } as TaskEntity);
      return entity;
    });
  }

  /** The user's rows, with the linked task's status for time blocks. */
  private rows(manager: EntityManager, userId: number) {
    return manager
      .createQueryBuilder(EventEntity, 'e')
      .leftJoin('e.task', 'task')
      .addSelect(['task.id', 'task.status'])
      .where('e.userId = :userId', { userId });
  }

  private async reload(manager: EntityManager, userId: number, id: number): Promise<CalendarEvent> {
    const row = await this.rows(manager, userId).andWhere('e.id = :id', { id }).getOneOrFail();
    return toCalendarEvent(row);
  }

  private async saveAndReload(manager: EntityManager, row: EventEntity): Promise<CalendarEvent> {
    if (row.endTime.getTime() < row.startTime.getTime()) throw endBeforeStart();
    await manager.save(row);
    return this.reload(manager, row.userId, row.id);
  }

  private async findRow(userId: number, id: number, manager?: EntityManager, lock = false): Promise<EventEntity> {
    const row = await (manager ?? this.events.manager).findOne(EventEntity, {
      where: { id, userId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw new NotFoundException(EVENT_NOT_FOUND);
    return row;
  }

  private async assertOwnTask(userId: number, taskId: number): Promise<void> {
    const exists = await this.dataSource.getRepository(TaskEntity).exists({ where: { id: taskId, userId } });
    if (!exists) throw new NotFoundException(TASK_NOT_FOUND);
  }

  /** The occurrence named by `iso`, checked to be one of the series' starts (a moved one counts). */
  private occurrenceOf(series: EventEntity, iso: string | undefined, fallbackZone: string): Date {
    if (iso === undefined) {
      throw new BadRequestException({
        message: OCCURRENCE_REQUIRED,
        errors: [{ path: 'occurrence', message: OCCURRENCE_REQUIRED }],
      });
    }
    const start = new Date(iso);
    if (!isOccurrence(this.asSeries(series, fallbackZone), start)) {
      throw new BadRequestException({
        message: OCCURRENCE_NOT_FOUND,
        errors: [{ path: 'occurrence', message: OCCURRENCE_NOT_FOUND }],
      });
    }
    return start;
  }

  /** One occurrence changed: its own row (made on the first change, updated after). */
  private async updateOne(
    manager: EntityManager,
    series: EventEntity,
    occurrence: Date,
    changes: EventChanges,
  ): Promise<CalendarEvent> {
    let row = await manager.findOne(EventEntity, {
      where: { userId: series.userId, recurringEventId: series.id, originalStartTime: occurrence },
    });
    if (!row) {
      const duration = series.endTime.getTime() - series.startTime.getTime();
      row = manager.create(EventEntity, {
        ...copyOf(series),
        startTime: occurrence,
        endTime: new Date(occurrence.getTime() + duration),
        recurrence: null,
        exceptions: [],
        recurringEventId: series.id,
        originalStartTime: occurrence,
      });
    }
    // One occurrence cannot repeat or carry removed occurrences of its own.
    applyChanges(row, { ...changes, recurrence: undefined, exceptions: undefined });
    return this.saveAndReload(manager, row);
  }

  /**
   * 'all': the series changes; a new start or end given for the occurrence at `occurrence` moves
   * every occurrence (and the removed and moved ones' original starts) by the same amount.
   * 'following': the series ends before `occurrence` and a new series from there takes the changes.
   */
  private async updateSeries(
    manager: EntityManager,
    series: EventEntity,
    changes: EventChanges,
    scope: Exclude<OccurrenceScope, 'this'>,
    occurrence: Date,
  ): Promise<CalendarEvent> {
    if (scope === 'following' && occurrence.getTime() > series.startTime.getTime()) {
      const rule = series.recurrence!;
      const count = /COUNT=(\d+)/i.exec(rule);
      const before = count ? occurrencesBefore(this.asSeries(series, series.timezone ?? 'UTC'), occurrence) : 0;
      const duration = series.endTime.getTime() - series.startTime.getTime();
      const tail = manager.create(EventEntity, {
        ...copyOf(series),
        startTime: occurrence,
        endTime: new Date(occurrence.getTime() + duration),
        recurrence: count ? withRulePart(rule, 'COUNT', String(Math.max(1, Number(count[1]) - before))) : rule,
        exceptions: series.exceptions.filter((d) => d >= occurrence),
      });
      series.recurrence = endSeriesBefore(rule, occurrence);
      series.exceptions = series.exceptions.filter((d) => d < occurrence);
      await manager.save(series);
      await manager.save(tail);
      await manager
        .createQueryBuilder()
        .update(EventEntity)
        .set({ recurringEventId: tail.id })
        .where('"recurringEventId" = :id AND "originalStartTime" >= :occurrence', { id: series.id, occurrence })
        .execute();
      return this.updateSeries(manager, tail, changes, 'all', occurrence);
    }

    const shift = this.shiftOf(series, changes, occurrence);
    applyChanges(series, { ...changes, startTime: undefined, endTime: undefined });
    if (shift.start !== 0 || shift.duration !== null) {
      const duration = shift.duration ?? series.endTime.getTime() - series.startTime.getTime();
      series.startTime = new Date(series.startTime.getTime() + shift.start);
      series.endTime = new Date(series.startTime.getTime() + duration);
    }
    if (shift.start !== 0) {
      series.exceptions = series.exceptions.map((d) => new Date(d.getTime() + shift.start));
      await manager.query(
        `UPDATE events SET "originalStartTime" = "originalStartTime" + make_interval(secs => $1)
          WHERE "recurringEventId" = $2`,
        [shift.start / 1000, series.id],
      );
    }
    return this.saveAndReload(manager, series);
  }

  /** How far a change to the occurrence at `occurrence` moves the series, and its new length if it has one. */
  private shiftOf(series: EventEntity, changes: EventChanges, occurrence: Date) {
    const duration = series.endTime.getTime() - series.startTime.getTime();
    const newStart = changes.startTime !== undefined ? Date.parse(changes.startTime) : occurrence.getTime();
    const newEnd = changes.endTime !== undefined ? Date.parse(changes.endTime) : newStart + duration;
    if (newEnd < newStart) throw endBeforeStart();
    return {
      start: newStart - occurrence.getTime(),
      duration: changes.startTime !== undefined || changes.endTime !== undefined ? newEnd - newStart : null,
    };
  }

  /** Ends the series before `from` (all of it when that is its start), with its moved occurrences from there. */
  private async removeFrom(manager: EntityManager, series: EventEntity, from: Date): Promise<void> {
    if (from.getTime() <= series.startTime.getTime()) {
      await manager.delete(EventEntity, { id: series.id, userId: series.userId });
      return;
    }
    series.recurrence = endSeriesBefore(series.recurrence!, from);
    series.exceptions = series.exceptions.filter((d) => d < from);
    await manager.save(series);
    await manager
      .createQueryBuilder()
      .delete()
      .from(EventEntity)
      .where('"recurringEventId" = :id AND "originalStartTime" >= :from', { id: series.id, from })
      .execute();
  }
}

/** The fields a new row made from `row` (a split series, a moved occurrence) starts with. */
function copyOf(row: EventEntity): Partial<EventEntity> {
  const { id: _id, createdAt: _c, updatedAt: _u, searchVector: _s, task: _t, series: _r, ...fields } = row;
  return { ...fields, attendees: [...row.attendees], exceptions: [...row.exceptions] };
}

/** Writes the present fields of `changes` onto `row` (null clears an optional one). */
function applyChanges(row: EventEntity, changes: EventChanges): void {
  if (changes.title !== undefined) row.title = changes.title;
  if (changes.description !== undefined) row.description = textOrNull(changes.description);
  if (changes.type !== undefined) row.type = changes.type;
  if (changes.startTime !== undefined) row.startTime = new Date(changes.startTime);
  if (changes.endTime !== undefined) row.endTime = new Date(changes.endTime);
  if (changes.location !== undefined) row.location = textOrNull(changes.location);
  if (changes.attendees !== undefined) row.attendees = changes.attendees;
  if (changes.metadata !== undefined) row.metadata = changes.metadata;
  if (changes.reminders !== undefined) row.reminders = changes.reminders;
  if (changes.taskId !== undefined) row.taskId = changes.taskId;
  if (changes.timezone !== undefined) row.timezone = changes.timezone;
  if (changes.exceptions !== undefined) row.exceptions = changes.exceptions.map((d) => new Date(d));
  if (changes.recurrence !== undefined) {
    row.recurrence = changes.recurrence;
    // A series that stops repeating keeps no removed occurrences.
    if (changes.recurrence === null) row.exceptions = [];
  }
}
