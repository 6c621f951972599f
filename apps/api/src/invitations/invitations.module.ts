import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarIntegrationEntity } from '../calendar-integrations/calendar-integration.entity';
import { CalendarIntegrationsModule } from '../calendar-integrations/calendar-integrations.module';
import { EmailEntity } from '../email/email.entity';
import { EmailModule } from '../email/email.module';
import { EventsModule } from '../events/events.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { CalendarInvitationEntity } from './calendar-invitation.entity';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

/** Meeting invitations (issue 26): iTIP/iMIP in mail, answered into the calendar. */
@Module({
  imports: [
    TypeOrmModule.forFeature([CalendarInvitationEntity, EmailEntity, CalendarIntegrationEntity]),
    EmailModule,
    EventsModule,
    CalendarIntegrationsModule,
    FeatureTogglesModule,
  ],
  controllers: [InvitationsController],
  providers: [InvitationsService],
})
export class InvitationsModule {}
