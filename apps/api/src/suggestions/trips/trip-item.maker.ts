import type { TripItemDraft } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { TravelService } from '../../travel/travel.service';
import type { SuggestionEntity, SuggestionResult } from '../suggestion.entity';
import type { SuggestionMaker } from '../suggestion-maker';

/**
 * A trip-item suggestion joins its trip: the activity on its day of the itinerary and, with a price,
 * an expense; both keep the message's id. Another user's trip, or one deleted since, answers 404;
 * a trip that can no longer be edited, or is still being planned, 409 (the travel plan's rules).
 */
@Injectable()
export class TripItemMaker implements SuggestionMaker<'trip-item'> {
  readonly kind = 'trip-item';

  constructor(private readonly travel: TravelService) {}

  async make(userId: number, suggestion: SuggestionEntity, draft: TripItemDraft): Promise<SuggestionResult> {
    await this.travel.addBooking(userId, draft.tripId, {
      date: draft.date,
      time: draft.time,
      activity: draft.title,
      location: draft.location,
      sourceEmailId: suggestion.emailId,
      expense: draft.expense
        ? { category: draft.expense.category, amount: draft.expense.amount, description: draft.expense.description }
        : null,
    });
    return { type: 'trip', id: draft.tripId };
  }
}
