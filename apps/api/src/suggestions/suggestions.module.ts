import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentEntity } from '../documents/document.entity';
import { AttachmentRulesModule } from '../email/attachment-rules/attachment-rules.module';
import { DocumentMaker } from '../email/attachment-rules/document.maker';
import { EmailEntity } from '../email/email.entity';
import { EventsModule } from '../events/events.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { TasksModule } from '../tasks/tasks.module';
import { TravelModule } from '../travel/travel.module';
import { MailDatesDetector } from './mail-dates/mail-dates.detector';
import { BillDetector } from './bills/bill.detector';
import { EventMaker } from './makers/event.maker';
import { TaskMaker } from './makers/task.maker';
import { ReservationDetector } from './reservations/reservation.detector';
import { TripItemMaker } from './trips/trip-item.maker';
import { TripMaker } from './trips/trip.maker';
import { SuggestionEntity } from './suggestion.entity';
import { DOCUMENT_DETECTORS, EMAIL_DETECTORS } from './suggestion-detector';
import { SUGGESTION_MAKERS } from './suggestion-maker';
import { SuggestionsController } from './suggestions.controller';
import { SuggestionsService } from './suggestions.service';

/** The detectors that read each new message, in order (each helper's one line). */
const EMAIL_DETECTOR_CLASSES = [ReservationDetector, MailDatesDetector] as const;
/** The detectors that read a document once its text is known. */
const DOCUMENT_DETECTOR_CLASSES = [BillDetector] as const;
/** One maker per suggestion kind. */
const MAKER_CLASSES = [EventMaker, TaskMaker, DocumentMaker, TripMaker, TripItemMaker] as const;

/** Issue 26: what mail and documents could become, and the links back to them. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SuggestionEntity, EmailEntity, DocumentEntity]),
    FeatureTogglesModule,
    EventsModule,
    TasksModule,
    TravelModule,
    forwardRef(() => AttachmentRulesModule),
  ],
  controllers: [SuggestionsController],
  providers: [
    SuggestionsService,
    ...EMAIL_DETECTOR_CLASSES,
    ...DOCUMENT_DETECTOR_CLASSES,
    ...MAKER_CLASSES,
    {
      provide: EMAIL_DETECTORS,
      useFactory: (...detectors: unknown[]) => detectors,
      inject: [...EMAIL_DETECTOR_CLASSES],
    },
    {
      provide: DOCUMENT_DETECTORS,
      useFactory: (...detectors: unknown[]) => detectors,
      inject: [...DOCUMENT_DETECTOR_CLASSES],
    },
    { provide: SUGGESTION_MAKERS, useFactory: (...makers: unknown[]) => makers, inject: [...MAKER_CLASSES] },
  ],
  exports: [SuggestionsService],
})
export class SuggestionsModule {}
