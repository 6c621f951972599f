import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EmailEntity } from '../../email/email.entity';
import { TravelPlanEntity } from '../../travel/travel-plan.entity';
import type { DetectionContext, EmailDetector, SuggestionCandidate } from '../suggestion-detector';
import { reservationCandidates } from './reservation-candidates';
import { readReservations } from './reservations';

/**
 * Confirmations carrying schema.org reservations (JSON-LD or microdata in the HTML body): their
 * events, their place in the person's trips (or a new trip), and the confirmation PDF.
 */
@Injectable()
export class ReservationDetector implements EmailDetector {
  readonly name = 'reservations';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async fromEmail(email: EmailEntity, context: DetectionContext): Promise<SuggestionCandidate[]> {
    const entries = readReservations(email.htmlBody, { timezone: context.timezone });
    if (!entries.length) return [];
    const trips = await this.dataSource.getRepository(TravelPlanEntity).find({
      select: { id: true, destination: true, startDate: true, endDate: true },
      where: { userId: context.userId },
      order: { startDate: 'ASC', id: 'ASC' },
    });
    return reservationCandidates(entries, trips, email.attachments ?? []);
  }
}
