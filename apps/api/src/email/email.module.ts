import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CryptoModule } from '../common/crypto/crypto.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AutoResponder } from './auto-respond/auto-responder.service';
import { ComposeAttachmentsService } from './compose/compose-attachments.service';
import { EmailComposeController } from './compose/email-compose.controller';
import { EmailContactsService } from './compose/email-contacts.service';
import { EmailDraftsService } from './compose/email-drafts.service';
import { DocumentsModule } from '../documents/documents.module';
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
import { EmailThreadsController } from './threads/email-threads.controller';
import { EmailThreadsService } from './threads/email-threads.service';
import { EmailTriageService } from './triage/email-triage.service';
import { OutboundModule } from '../outbound/outbound.module';
// Email outbox (issue 24): scheduled send and undo send.
import { OutboxController } from './outbox/outbox.controller';
import { OutboxSender } from './outbox/outbox-sender.service';
import { OutboxService } from './outbox/outbox.service';
import { DEFAULT_OUTBOX_SETTINGS, OUTBOX_SETTINGS } from './outbox/outbox-settings';
import { OutgoingEmailEntity } from './outbox/outgoing-email.entity';
import { EmailBulkService } from './bulk/email-bulk.service';
import { EmailActionsController } from './snooze/email-snooze.controller';
import { EmailSnoozeService } from './snooze/email-snooze.service';
import { NewslettersController } from './newsletters/newsletters.controller';
import { NewslettersService } from './newsletters/newsletters.service';
import { AiModule } from '../ai/ai.module';
import { EventsModule } from '../events/events.module';
import { ReplyHelpController } from './assist/reply-help.controller';
import { ReplyHelpService } from './assist/reply-help.service';
import { EmailsBriefingSource } from './emails.briefing-source';
import { EmailDigestSource } from './email.digest-source';

/** Email: mail accounts (IMAP/SMTP) synced by background jobs, their messages, search and the dashboard's email figures. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EmailIntegrationEntity, EmailEntity, OutgoingEmailEntity]),
    CryptoModule,
    FeatureTogglesModule,
    JobsModule,
    NotificationsModule,
    OutboundModule,
    // Compose (issue 24): attachments from Documents and uploads in the document store.
    DocumentsModule,
    // Reply help (issue 24): drafted replies through the AI provider.
    AiModule,
    // Mail dates (issue 26): the meeting auto-reply offers the person's free time from the calendar.
    EventsModule,
  ],
  controllers: [
    EmailIntegrationsController,
    EmailsController,
    GmailOAuthController,
    OutboxController,
    EmailComposeController,
    EmailThreadsController,
    EmailActionsController,
    NewslettersController,
    ReplyHelpController,
  ],
  providers: [
    EmailsBriefingSource,
    EmailIntegrationsService,
    EmailsService,
    MailAccess,
    EmailTriageService,
    GmailOAuthService,
    EmailsSearchProvider,
    EmailsDashboardProvider,
    EmailDigestSource,
    EmailSyncService,
    EmailSyncStore,
    // Reply and forward over SMTP, and the auto-responder (listens for EmailArrivedEvent).
    EmailSender,
    EmailSendingService,
    AutoResponder,
    // Writing mail (issue 24): the compose window's attachments, read by the outbox when it sends.
    ComposeAttachmentsService,
    // Email outbox (issue 24): what Send queues, sent exactly once by a job at its time.
    OutboxService,
    OutboxSender,
    { provide: OUTBOX_SETTINGS, useValue: DEFAULT_OUTBOX_SETTINGS },
    EmailDraftsService,
    EmailContactsService,
    // Conversations (issue 24): the list's one row per thread and a thread's messages.
    EmailThreadsService,
    // Snooze and bulk actions (issue 24).
    EmailSnoozeService,
    EmailBulkService,
    // Newsletters (issue 24): by sender, unsubscribe, per-sender rules.
    NewslettersService,
    // Reply help (issue 24): suggested replies and a drafted reply.
    ReplyHelpService,
  ],
  // MailAccess and EmailSender: meeting invitations (issue 26) send their iMIP REPLY through the account.
  exports: [EmailIntegrationsService, EmailsService, MailAccess, EmailSender],
})
export class EmailModule {}
