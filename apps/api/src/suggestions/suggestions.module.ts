import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentEntity } from '../documents/document.entity';
import { EmailEntity } from '../email/email.entity';
import { EventsModule } from '../events/events.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { TasksModule } from '../tasks/tasks.module';
import { EventMaker } from './makers/event.maker';
import { TaskMaker } from './makers/task.maker';
import { SuggestionEntity } from './suggestion.entity';
import { DOCUMENT_DETECTORS, EMAIL_DETECTORS } from './suggestion-detector';
import { SUGGESTION_MAKERS } from './suggestion-maker';
import { SuggestionsController } from './suggestions.controller';
import { SuggestionsService } from './suggestions.service';

/** The detectors that read each new message, in order (each helper's one line). */
const EMAIL_DETECTOR_CLASSES = [] as const;
/** The detectors that read a document once its text is known. */
const DOCUMENT_DETECTOR_CLASSES = [] as const;
/** One maker per suggestion kind. */
const MAKER_CLASSES = [EventMaker, TaskMaker] as const;

/** Issue 26: what mail and documents could become, and the links back to them. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SuggestionEntity, EmailEntity, DocumentEntity]),
    FeatureTogglesModule,
    EventsModule,
    TasksModule,
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
