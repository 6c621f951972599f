import type { EmailIntegration } from '@aide/contracts';
import type { EmailIntegrationEntity } from './email-integration.entity';

/** The API's view of an account: never its credentials, login name or sync state. */
export function toEmailIntegration(entity: EmailIntegrationEntity): EmailIntegration {
  return {
    id: entity.id,
    provider: entity.provider,
    email: entity.email,
    displayName: entity.displayName,
    isActive: entity.isActive,
    syncEnabled: entity.syncEnabled,
    syncing: entity.syncing,
    syncFrequency: entity.syncFrequency,
    autoRespond: entity.autoRespond,
    autoCategories: entity.autoCategories,
    lastSyncAt: entity.lastSyncAt?.toISOString() ?? null,
    lastSyncError: entity.lastSyncError,
    imapHost: entity.imapHost,
    imapPort: entity.imapPort,
    smtpHost: entity.smtpHost,
    smtpPort: entity.smtpPort,
    createdAt: entity.createdAt.toISOString(),
    // Compose (issue 24)
    signature: entity.signature,
  };
}
