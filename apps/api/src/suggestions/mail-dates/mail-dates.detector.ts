import { Injectable } from '@nestjs/common';
import type { EmailEntity } from '../../email/email.entity';
import type { DetectionContext, EmailDetector, SuggestionCandidate } from '../suggestion-detector';
import { findMailDates } from './mail-dates';

/**
 * Dates and action items in plain mail (issue 26): proposed meeting times become event
 * suggestions, deadlines and requests task suggestions (mail-dates.ts reads them).
 */
@Injectable()
export class MailDatesDetector implements EmailDetector {
  readonly name = 'mail-dates';

  fromEmail(email: EmailEntity, context: DetectionContext): SuggestionCandidate[] {
    const found = findMailDates(email, { timezone: context.timezone, now: context.now });
    // A calendar invitation (iMIP) has its own card with Accept / Decline: its time is not proposed twice.
    return email.metadata?.calendar ? found.filter((candidate) => candidate.kind !== 'event') : found;
  }
}
