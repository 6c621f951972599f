import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CryptoModule } from '../common/crypto/crypto.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AutoResponder } from './auto-respond/auto-responder.service';
import { ComposeAttachmentsService } from './compose/compose-attachments.service';
import { EmailEntity } from './email.entity';
import { EmailIntegrationEntity } from './email-integration.entity';
import { EmailIntegrationsController } from './email-integrations.controller';
import { EmailIntegrationsService } from './email-integrations.service';
import { EmailsController } from './emails.controller';
import { EmailsDashboardProvider } from './emails.dashboard-provider';
import { EmailsSearchProvider } from './emails.search-provider';
import { EmailsService } from './emails.service';
import { MailAccess } from './mail-access';
import { GmailOAuthController } from './oauth/gmail-oauth.controller';
import { GmailOAuthService } from './oauth/gmail-oauth.service';
import { EmailSyncService } from './sync/email-sync.service';
import { EmailSyncStore } from './sync/email-sync.store';
import { EmailSender } from './sending/email-sender.service';
import { EmailSendingService } from './sending/email-sending.service';
import { EmailTriageService } from './triage/email-triage.service';
import { OutboundModule } from '../outbound/outbound.module';
import { AiModule } from '../ai/ai.module';
import { ReplyHelpController } from './assist/reply-help.controller';
import { ReplyHelpService } from './assist/reply-help.service';

/** Email: mail accounts (IMAP/SMTP) synced by background jobs, their messages, search and the dashboard's email figures. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EmailIntegrationEntity, EmailEntity]),
    CryptoModule,
    FeatureTogglesModule,
    JobsModule,
    NotificationsModule,
    OutboundModule,
    AiModule,
  ],
  controllers: [EmailIntegrationsController, EmailsController, GmailOAuthController, ReplyHelpController],
  providers: [
    EmailIntegrationsService,
    EmailsService,
    MailAccess,
    EmailTriageService,
    GmailOAuthService,
    EmailsSearchProvider,
    EmailsDashboardProvider,
    EmailSyncService,
    EmailSyncStore,
    // Reply and forward over SMTP, and the auto-responder (listens for EmailArrivedEvent).
    EmailSender,
    EmailSendingService,
    AutoResponder,
    // Writing mail (issue 24): the compose window's attachments, read by the outbox when it sends.
    ComposeAttachmentsService,
    // Reply help (issue 24): suggested replies and a drafted reply.
    ReplyHelpService,
  ],
  exports: [EmailIntegrationsService, EmailsService],
})
export class EmailModule {}
