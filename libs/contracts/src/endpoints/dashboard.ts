import { dashboardSchema } from '../dashboard';
import { endpoint } from '../endpoint';

export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/dashboard',
    response: dashboardSchema,
    summary:
      "Each module's part of the dashboard under its id (its schema is in that module's contract, e.g. " +
      'emailDashboardSchema); modules the user may not use are absent',
  }),
};
