import type { DataSourceOptions } from 'typeorm';
import { ActivityLogEntity } from '../activity-log/activity-log.entity';
import { CalendarEventLinkEntity } from '../calendar-integrations/calendar-event-link.entity';
import { CalendarIntegrationEntity } from '../calendar-integrations/calendar-integration.entity';
import { CreateUsersAndSessions1795292700000 } from '../migrations/1795292700000-create-users-and-sessions';
import { CreateTasks1795292800000 } from '../migrations/1795292800000-create-tasks';
import { FeatureToggleEntity } from '../feature-toggles/feature-toggle.entity';
import { CreateFeatureToggles1795292900000 } from '../migrations/1795292900000-create-feature-toggles';
import { CreateActivityLogs1795293000000 } from '../migrations/1795293000000-create-activity-logs';
import { CreateUserIdentities1795293100000 } from '../migrations/1795293100000-create-user-identities';
import { UserIdentity } from '../auth/user-identity.entity';
import { AccountToken } from '../account/account-token.entity';
import { AddAccountSecurity1795295140000 } from '../migrations/1795295140000-add-account-security';
import { CreateProfiles1795293200000 } from '../migrations/1795293200000-create-profiles';
import { CreateNotifications1795293300000 } from '../migrations/1795293300000-create-notifications';
import { AddNotificationsModule1795295400000 } from '../migrations/1795295400000-add-notifications-module';
import { CreateResearchRunStarts1795295500000 } from '../migrations/1795295500000-create-research-run-starts';
import { AddEmailCompose1795400100000 } from '../migrations/1795400100000-add-email-compose';
import { CreatePushSubscriptions1795296500000 } from '../migrations/1795296500000-create-push-subscriptions';
import { AddEmailSnooze1795400300000 } from '../migrations/1795400300000-add-email-snooze';
import { CreateEmailSenderRules1795400500000 } from '../migrations/1795400500000-create-email-sender-rules';
import { AddEmailFolders1795400700000 } from '../migrations/1795400700000-add-email-folders';
import { CreateSuggestions1795400750000 } from '../migrations/1795400750000-create-suggestions';
import { AddDocumentPages1795400800000 } from '../migrations/1795400800000-add-document-pages';
import { SuggestionEntity } from '../suggestions/suggestion.entity';
import { CreateCalendarInvitations1795400900000 } from '../migrations/1795400900000-create-calendar-invitations';
import { CalendarInvitationEntity } from '../invitations/calendar-invitation.entity';
import { PushSubscriptionEntity } from '../push/push-subscription.entity';
import { AddProfileDashboardLayout1795295620000 } from '../migrations/1795295620000-add-profile-dashboard-layout';
import { AddRepeatingItemsAndReminders1795295700000 } from '../migrations/1795295700000-add-repeating-items-and-reminders';
import { AddTasksSearchVector1795293400000 } from '../migrations/1795293400000-add-tasks-search-vector';
import { CreateModuleSources1795293500000 } from '../migrations/1795293500000-create-module-sources';
import { CreateEvents1795293700000 } from '../migrations/1795293700000-create-events';
import { CreateCalendarFeeds1795293800000 } from '../migrations/1795293800000-create-calendar-feeds';
import { AddTasksDashboardIndexes1795293900000 } from '../migrations/1795293900000-add-tasks-dashboard-indexes';
import { CalendarFeedEntity } from '../events/calendar-feed.entity';
import { EventEntity } from '../events/event.entity';
import { CreateCalendarIntegrations1795294000000 } from '../migrations/1795294000000-create-calendar-integrations';
import { CreateEmail1795294100000 } from '../migrations/1795294100000-create-email';
import { AddEmailDashboardIndexes1795294200000 } from '../migrations/1795294200000-add-email-dashboard-indexes';
import { AddEmailSyncColumns1795294300000 } from '../migrations/1795294300000-add-email-sync-columns';
import { CreateEmailTriageModelAndAutoResponses1795294400000 } from '../migrations/1795294400000-create-email-triage-model-and-auto-responses';
import { CreateDocuments1795294500000 } from '../migrations/1795294500000-create-documents';
import { CreateResearchReports1795294600000 } from '../migrations/1795294600000-create-research-reports';
import { ResearchReportEntity } from '../research/research-report.entity';
import { CreateSocial1795294700000 } from '../migrations/1795294700000-create-social';
import { SocialAccountEntity } from '../social/social-account.entity';
import { SocialEngagementSnapshotEntity } from '../social/social-engagement-snapshot.entity';
import { SocialPostEntity } from '../social/social-post.entity';
import { CreateTravelPlans1795294800000 } from '../migrations/1795294800000-create-travel-plans';
import { TravelPlanEntity } from '../travel/travel-plan.entity';
import { CreateWebsites1795294900000 } from '../migrations/1795294900000-create-websites';
import { CreateWebsiteAnalytics1795295000000 } from '../migrations/1795295000000-create-website-analytics';
import { AddWebsiteCampaignsAndGoals1795401600000 } from '../migrations/1795401600000-add-website-campaigns-and-goals';
import {
  WebsiteCustomEventEntity,
  WebsiteGoalEntity,
  WebsiteRollupStateEntity,
  WebsiteDailyStatsEntity,
  WebsiteDailyPageEntity,
  WebsiteDailySourceEntity,
  WebsiteDailyCampaignEntity,
  WebsiteDailyEventEntity,
  WebsiteDailyGoalEntity,
  WebsitePageviewEntity,
  WebsiteSessionEntity,
  WebsiteUptimeCheckEntity,
  WebsiteVisitorSaltEntity,
} from '../websites/analytics/website-analytics.entities';
import { WebsiteBlogPostEntity } from '../websites/website-blog-post.entity';
import { WebsiteEntity } from '../websites/website.entity';
import { DocumentEntity } from '../documents/document.entity';
import { DocumentFolderEntity } from '../documents/document-folder.entity';
import { EmailAutoResponseEntity } from '../email/auto-respond/auto-response.entity';
import { EmailEntity } from '../email/email.entity';
import { EmailIntegrationEntity } from '../email/email-integration.entity';
import {
  EmailTriageCorrectionEntity,
  EmailTriageLabelEntity,
  EmailTriageTokenEntity,
} from '../email/triage/triage-model.entities';
import { ModuleSourceEntity } from '../module-registry/module-source.entity';
import { NotificationEntity } from '../notifications/notification.entity';
import { ProfileEntity } from '../profile/profile.entity';
import { TaskEntity } from '../tasks/task.entity';
import { User } from '../users/user.entity';
import { CreateTwoFactor1795295130000 } from '../migrations/1795295130000-create-two-factor';
import { AddEmailThreads1795400400000 } from '../migrations/1795400400000-add-email-threads';
import { TwoFactorCredentialEntity, TwoFactorRecoveryCodeEntity } from '../two-factor/two-factor.entities';
// Email outbox (issue 24)
import { OutgoingEmailEntity } from '../email/outbox/outgoing-email.entity';
import { CreateOutgoingEmails1795400200000 } from '../migrations/1795400200000-create-outgoing-emails';

// Mail into Documents (issue 26): attachment rules.
import { AttachmentRuleEntity } from '../email/attachment-rules/attachment-rule.entity';
import { CreateAttachmentRules1795401200000 } from '../migrations/1795401200000-create-attachment-rules';
import { AddDailyBriefingPreferences1795401300000 } from '../migrations/1795401300000-add-daily-briefing-preferences';
import { AddDailyBriefingNotificationKind1795401310000 } from '../migrations/1795401310000-add-daily-briefing-notification-kind';
import { DigestDeliveryEntity } from '../digest/digest-delivery.entity';
import { CreateDigestDeliveries1795401400000 } from '../migrations/1795401400000-create-digest-deliveries';
import { AddWebsiteSeoPages1795401700000 } from '../migrations/1795401700000-add-website-seo-pages';
import { CreateRateLimitCounters1795401800000 } from '../migrations/1795401800000-create-rate-limit-counters';
import { PartitionWebsiteEvents1795401900000 } from '../migrations/1795401900000-partition-website-events';
import { AddWebsiteIntradayRollups1795402000000 } from '../migrations/1795402000000-add-website-intraday-rollups';
import { FitDashboardIndexes1795402100000 } from '../migrations/1795402100000-fit-dashboard-indexes';
import { MarkWebsiteBackupDocuments1795403000000 } from '../migrations/1795403000000-mark-website-backup-documents';
import { AddDocumentSuggestions1795403100000 } from '../migrations/1795403100000-add-document-suggestions';
import { AddEmailCounts1795404100000 } from '../migrations/1795404100000-add-email-counts';
import { AddSocialPostCampaigns1795401500000 } from '../migrations/1795401500000-add-social-post-campaigns';

/** Every entity, listed explicitly: adding one is a line here plus its migration. */
export const ENTITIES = [
  User,
  TaskEntity,
  FeatureToggleEntity,
  ActivityLogEntity,
  UserIdentity,
  ProfileEntity,
  NotificationEntity,
  ModuleSourceEntity,
  CalendarIntegrationEntity,
  CalendarEventLinkEntity,
  EventEntity,
  CalendarFeedEntity,
  EmailIntegrationEntity,
  EmailEntity,
  EmailTriageTokenEntity,
  EmailTriageLabelEntity,
  EmailTriageCorrectionEntity,
  EmailAutoResponseEntity,
  DocumentFolderEntity,
  DocumentEntity,
  ResearchReportEntity,
  SocialPostEntity,
  SocialAccountEntity,
  SocialEngagementSnapshotEntity,
  TravelPlanEntity,
  WebsiteEntity,
  WebsiteBlogPostEntity,
  WebsiteVisitorSaltEntity,
  WebsitePageviewEntity,
  WebsiteSessionEntity,
  WebsiteUptimeCheckEntity,
  WebsiteCustomEventEntity,
  WebsiteGoalEntity,
  WebsiteRollupStateEntity,
  WebsiteDailyStatsEntity,
  WebsiteDailyPageEntity,
  WebsiteDailySourceEntity,
  WebsiteDailyCampaignEntity,
  WebsiteDailyEventEntity,
  WebsiteDailyGoalEntity,
  TwoFactorCredentialEntity,
  TwoFactorRecoveryCodeEntity,
  AccountToken,
  PushSubscriptionEntity,
  // Email outbox (issue 24)
  OutgoingEmailEntity,
  // Mail that turns into action (issue 26)
  SuggestionEntity,
  AttachmentRuleEntity,
  DigestDeliveryEntity,
  // Meeting invitations (issue 26)
  CalendarInvitationEntity,
];

/** Every migration, oldest first. The schema only ever changes through these. */
export const MIGRATIONS = [
  CreateUsersAndSessions1795292700000,
  CreateTasks1795292800000,
  CreateFeatureToggles1795292900000,
  CreateActivityLogs1795293000000,
  CreateUserIdentities1795293100000,
  CreateProfiles1795293200000,
  CreateNotifications1795293300000,
  AddTasksSearchVector1795293400000,
  CreateModuleSources1795293500000,
  CreateEvents1795293700000,
  CreateCalendarFeeds1795293800000,
  AddTasksDashboardIndexes1795293900000,
  CreateCalendarIntegrations1795294000000,
  CreateEmail1795294100000,
  AddEmailDashboardIndexes1795294200000,
  AddEmailSyncColumns1795294300000,
  CreateEmailTriageModelAndAutoResponses1795294400000,
  CreateDocuments1795294500000,
  CreateResearchReports1795294600000,
  CreateSocial1795294700000,
  CreateTravelPlans1795294800000,
  CreateWebsites1795294900000,
  CreateWebsiteAnalytics1795295000000,
  CreateTwoFactor1795295130000,
  AddAccountSecurity1795295140000,
  AddNotificationsModule1795295400000,
  CreateResearchRunStarts1795295500000,
  AddProfileDashboardLayout1795295620000,
  AddRepeatingItemsAndReminders1795295700000,
  CreatePushSubscriptions1795296500000,
  // Email (issue 24): compose, outbox, snooze and bulk actions, conversations.
  AddEmailCompose1795400100000,
  CreateOutgoingEmails1795400200000,
  AddEmailSnooze1795400300000,
  AddEmailThreads1795400400000,
  // Newsletters and privacy (issue 24): per-sender rules.
  CreateEmailSenderRules1795400500000,
  // Bulk Delete and Move to folder (issue 24): the Trash and the user's own folders.
  AddEmailFolders1795400700000,
  // Mail that turns into action (issue 26): suggestions, and the links back to their source.
  CreateSuggestions1795400750000,
  // Text from scans (issue 26): per page, extracted or recognised.
  AddDocumentPages1795400800000,
  // Meeting invitations (issue 26).
  CreateCalendarInvitations1795400900000,
  // Mail into Documents (issue 26): attachment rules.
  CreateAttachmentRules1795401200000,
  // Daily briefing (issue 27): the morning delivery's profile preferences.
  AddDailyBriefingPreferences1795401300000,
  AddDailyBriefingNotificationKind1795401310000,
  // The weekly digest (issue 27): one delivery per person and week.
  CreateDigestDeliveries1795401400000,
  // Content that reports back (issue 27): a social post's campaign tags.
  AddSocialPostCampaigns1795401500000,
  // Campaigns, sources and goals (issue 27).
  AddWebsiteCampaignsAndGoals1795401600000,
  // The SEO audit over the sitemap's pages (issue 27): each page's findings.
  AddWebsiteSeoPages1795401700000,
  // Rate limits every API instance shares (issue 28).
  CreateRateLimitCounters1795401800000,
  // Analytics at volume (issue 28): monthly partitions of the tracking events, daily roll-ups.
  PartitionWebsiteEvents1795401900000,
  // Analytics at volume (issue 28): today rolled up too, up to an instant.
  AddWebsiteIntradayRollups1795402000000,
  // Performance, round two (issue 29): the dashboard's queries on their indexes again.
  FitDashboardIndexes1795402100000,
  // Website backups and the Free plan's document limit (issue 30): a backup marked on its document.
  MarkWebsiteBackupDocuments1795403000000,
  // Small faults (issue 30): a document's suggested tags and category kept apart from the person's.
  AddDocumentSuggestions1795403100000,
  // Performance, round two (issue 29): email counts kept by triggers instead of counted per load.
  AddEmailCounts1795404100000,
];

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    applicationName: 'aide-api',
  };
}
