import type { EventDraft } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { EventsService } from '../../events/events.service';
import type { SuggestionEntity, SuggestionResult } from '../suggestion.entity';
import type { SuggestionMaker } from '../suggestion-maker';

/** An event suggestion becomes a calendar event that names the message it came from. */
@Injectable()
export class EventMaker implements SuggestionMaker<'event'> {
  readonly kind = 'event';

  constructor(private readonly events: EventsService) {}

  async make(userId: number, suggestion: SuggestionEntity, draft: EventDraft): Promise<SuggestionResult> {
    const event = await this.events.create(userId, {
      title: draft.title,
      startTime: draft.startTime,
      endTime: draft.endTime,
      location: draft.location ?? undefined,
      description: draft.description ?? undefined,
      // A booking (a flight, a hotel) is an appointment; a time proposed in a message is a meeting.
      type: suggestion.origin === 'reservation' ? 'appointment' : 'meeting',
      sourceEmailId: suggestion.emailId ?? undefined,
    });
    return { type: 'event', id: event.id };
  }
}
