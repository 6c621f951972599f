import { DIGEST_LIMITS } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { type DigestSection, type DigestSectionSource, DigestSource, type DigestWeeks } from '../digest/digest-source';
import { EventsService } from './events.service';

/**
 * The weekly digest's calendar: the events and occurrences of repeating events starting in the
 * week the digest is sent in (Monday to Monday in the person's timezone), the first
 * DIGEST_LIMITS.events by start time listed, the rest counted. Nothing to say when there are none.
 */
@DigestSource({ module: 'organiser' })
@Injectable()
export class EventsDigestSource implements DigestSectionSource {
  constructor(private readonly events: EventsService) {}

  async section(userId: number, weeks: DigestWeeks): Promise<DigestSection | null> {
    const ahead = await this.events.occurrences(userId, weeks.thisWeek, { startingInRange: true });
    if (ahead.length === 0) return null;
    return {
      kind: 'events',
      total: ahead.length,
      events: ahead
        .slice(0, DIGEST_LIMITS.events)
        .map((event) => ({ title: event.title, start: event.startTime, location: event.location })),
    };
  }
}
