import { ACTIVITY_LOG_PAGE_SIZE, type ActivityLog, type ActivityLogMetadata } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { preparedQuery } from '../common/entity-rows';
import { ACTIVITY_LOG_LIMITS, ActivityLogEntity } from './activity-log.entity';
import { toActivityLog } from './activity-log.mapper';

const INSERT_ACTIVITY = `INSERT INTO "activity_logs" ("userId", "action", "resource", "metadata") VALUES ($1, $2, $3, $4)`;

export interface NewActivity {
  userId: number | null;
  action: string;
  resource: string;
  metadata: ActivityLogMetadata | null;
}

@Injectable()
export class ActivityLogService {
  private readonly logger = new Logger('ActivityLog');

  constructor(@InjectRepository(ActivityLogEntity) private readonly logs: Repository<ActivityLogEntity>) {}

  /**
   * Writes one row (action and resource cut to their column widths). Never throws: a failed
   * write is logged as a warning, so the change it describes still succeeds.
   */
  async record(activity: NewActivity): Promise<void> {
    try {
      // Every successful mutation writes one: a fixed prepared statement costs less CPU than
      // insert()'s query building (bench POST /api/tasks). jsonb as TypeORM writes it: JSON text.
      await preparedQuery(this.logs.manager.connection, 'aide-activity-log-insert', INSERT_ACTIVITY, [
        activity.userId,
        activity.action.slice(0, ACTIVITY_LOG_LIMITS.action),
        activity.resource.slice(0, ACTIVITY_LOG_LIMITS.resource),
        activity.metadata === null ? null : JSON.stringify(activity.metadata),
      ]);
    } catch (error) {
      this.logger.warn(
        `Could not record "${activity.action}": ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The newest rows, newest first (at most 50 by default). */
  async latest(limit = ACTIVITY_LOG_PAGE_SIZE): Promise<ActivityLog[]> {
    const rows = await this.logs.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map(toActivityLog);
  }
}
