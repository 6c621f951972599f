import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { CalendarFeedPublicController } from './calendar-feed-public.controller';
import { CalendarFeedController } from './calendar-feed.controller';
import { CalendarFeedEntity } from './calendar-feed.entity';
import { CalendarFeedService } from './calendar-feed.service';
import { EventEntity } from './event.entity';
import { EventsController } from './events.controller';
import { EventsDashboardProvider } from './events.dashboard-provider';
import { EventsSearchProvider } from './events.search-provider';
import { EventsService } from './events.service';
import { EventsBriefingSource } from './events.briefing-source';
import { EventsDigestSource } from './events.digest-source';

/**
 * The calendar's events: CRUD, the iCalendar feed, search and the dashboard's schedule card.
 * EventsService is exported for the calendar integrations' sync.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, CalendarFeedEntity]), FeatureTogglesModule],
  controllers: [EventsController, CalendarFeedController, CalendarFeedPublicController],
  providers: [
    EventsBriefingSource,
    EventsService,
    EventsSearchProvider,
    CalendarFeedService,
    EventsDashboardProvider,
    EventsDigestSource,
  ],
  exports: [EventsService],
})
export class EventsModule {}
