import { type ActivityLog, activityLogEndpoints } from '@aide/contracts';
import { AdminController } from '../common/admin-controller.decorator';
import { Endpoint } from '../common/endpoint';
import { ActivityLogService } from './activity-log.service';

@AdminController()
export class AdminActivityLogsController {
  constructor(private readonly activity: ActivityLogService) {}

  @Endpoint(activityLogEndpoints.list)
  list(): Promise<ActivityLog[]> {
    return this.activity.latest();
  }
}
