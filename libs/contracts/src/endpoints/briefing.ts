import { briefingSchema } from '../briefing';
import { endpoint } from '../endpoint';

export const briefingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/briefing',
    response: briefingSchema,
    summary:
      "Today's briefing: events and free time, tasks due or overdue, mail awaiting a reply, a trip starting soon, " +
      'a site that is down and finished research, by section, with a summary; modules the user may not use are absent',
  }),
};
