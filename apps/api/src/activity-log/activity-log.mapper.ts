import type { ActivityLog } from '@aide/contracts';
import type { ActivityLogEntity } from './activity-log.entity';

/** The API's view of an activity row: the contract's ActivityLog, the date as an ISO string. */
export function toActivityLog(entity: ActivityLogEntity): ActivityLog {
  return {
    id: entity.id,
    createdAt: entity.createdAt.toISOString(),
    userId: entity.userId,
    action: entity.action,
    resource: entity.resource,
    metadata: entity.metadata,
  };
}
