import type { CalendarEvent, CreateEventPayload, EventSource, UpdateEventPayload } from '@aide/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { EventEntity } from './event.entity';
import { toCalendarEvent } from './event.mapper';

export const EVENT_NOT_FOUND = 'Event not found';
export const END_BEFORE_START = 'End time must be after start time';

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

/** Empty optional text is stored as null, so "no location" has one representation. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Events of one user. Every method takes that user's id and touches no one else's rows.
 * Also the API the calendar sync uses (exported by EventsModule): the same checks apply to it.
 */
@Injectable()
export class EventsService {
  constructor(@InjectRepository(EventEntity) private readonly events: Repository<EventEntity>) {}

  /** By start time (then id), optionally only those overlapping `range`. */
  async list(userId: number, range: EventRangeFilter = {}): Promise<CalendarEvent[]> {
    const query = this.events.createQueryBuilder('e').where('e.userId = :userId', { userId });
    if (range.from !== undefined) query.andWhere('e.endTime > :from', { from: new Date(range.from) });
    if (range.to !== undefined) query.andWhere('e.startTime < :to', { to: new Date(range.to) });
    const rows = await query.orderBy('e.startTime', 'ASC').addOrderBy('e.id', 'ASC').getMany();
    return rows.map(toCalendarEvent);
  }

  /** The user's events among `ids` (others' and missing ids are left out), by start time. */
  async findByIds(userId: number, ids: readonly number[]): Promise<CalendarEvent[]> {
    if (ids.length === 0) return [];
    const rows = await this.events.find({
      where: { userId, id: In([...ids]) },
      order: { startTime: 'ASC', id: 'ASC' },
    });
    return rows.map(toCalendarEvent);
  }

  /** A `userId` in the payload is ignored: the owner is always `userId`. Made locally unless `origin` says otherwise. */
  async create(userId: number, input: CreateEventPayload, origin?: EventOrigin): Promise<CalendarEvent> {
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
    });
    return toCalendarEvent(await this.events.save(event));
  }

  /**
   * Applies the fields present in `changes` (null clears); `id`/`userId` in it are ignored. 404 if
   * not the user's; 400 when the result would end before it starts (e.g. only a new start is sent).
   */
  async update(userId: number, id: number, changes: UpdateEventPayload): Promise<CalendarEvent> {
    const event = await this.events.findOneBy({ id, userId });
    if (!event) throw new NotFoundException(EVENT_NOT_FOUND);
    if (changes.title !== undefined) event.title = changes.title;
    if (changes.description !== undefined) event.description = textOrNull(changes.description);
    if (changes.type !== undefined) event.type = changes.type;
    if (changes.startTime !== undefined) event.startTime = new Date(changes.startTime);
    if (changes.endTime !== undefined) event.endTime = new Date(changes.endTime);
    if (changes.location !== undefined) event.location = textOrNull(changes.location);
    if (changes.attendees !== undefined) event.attendees = changes.attendees;
    if (changes.metadata !== undefined) event.metadata = changes.metadata;
    if (event.endTime.getTime() < event.startTime.getTime()) {
      throw new BadRequestException({
        message: END_BEFORE_START,
        errors: [{ path: 'endTime', message: END_BEFORE_START }],
      });
    }
    return toCalendarEvent(await this.events.save(event));
  }

  /** 404 if the event is not the user's (or does not exist). */
  async remove(userId: number, id: number): Promise<void> {
    const { affected } = await this.events.delete({ id, userId });
    if (!affected) throw new NotFoundException(EVENT_NOT_FOUND);
  }
}
