import { z } from 'zod';
import { activityLogSchema } from '../admin';
import { endpoint } from '../endpoint';

export const activityLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/activity-logs',
    response: z.array(activityLogSchema),
    summary: 'The newest 50 successful changes, newest first',
  }),
};
