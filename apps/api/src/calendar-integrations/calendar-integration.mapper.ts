import type { CalendarIntegration } from '@aide/contracts';
import type { CalendarIntegrationEntity } from './calendar-integration.entity';

/** The API's view of an integration: never its credentials or provider state. */
export function toCalendarIntegration(entity: CalendarIntegrationEntity): CalendarIntegration {
  return {
    id: entity.id,
    provider: entity.provider,
    calendarName: entity.calendarName,
    syncEnabled: entity.syncEnabled,
    syncDirection: entity.syncDirection,
    lastSyncAt: entity.lastSyncAt?.toISOString() ?? null,
    lastSyncError: entity.lastSyncError,
    syncing: entity.syncing,
    createdAt: entity.createdAt.toISOString(),
  };
}
