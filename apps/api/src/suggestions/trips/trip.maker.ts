import { createTravelPlanSchema, toApiErrorBody, type TripDraft } from '@aide/contracts';
import { BadRequestException, Injectable } from '@nestjs/common';
import { TravelService } from '../../travel/travel.service';
import type { SuggestionEntity, SuggestionResult } from '../suggestion.entity';
import type { SuggestionMaker } from '../suggestion-maker';

/** A trip suggestion (bookings outside every trip) becomes a travel plan, planned as any new one. */
@Injectable()
export class TripMaker implements SuggestionMaker<'trip'> {
  readonly kind = 'trip';

  constructor(private readonly travel: TravelService) {}

  async make(userId: number, _suggestion: SuggestionEntity, draft: TripDraft): Promise<SuggestionResult> {
    // The travel plan's own rules (dates in order, at most 90 days) answer as its create does.
    const checked = createTravelPlanSchema.safeParse({
      destination: draft.destination,
      startDate: draft.startDate,
      endDate: draft.endDate,
    });
    if (!checked.success) throw new BadRequestException(toApiErrorBody(checked.error));
    const plan = await this.travel.create(userId, checked.data);
    return { type: 'trip', id: plan.id };
  }
}
