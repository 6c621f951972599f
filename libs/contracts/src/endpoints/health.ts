import { z } from 'zod';
import { endpoint } from '../endpoint';

/** GET /api/health: 200 with { status: 'ok', database: 'up' }, 503 with { status: 'error', database: 'down' }. */
export const healthStatusSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthEndpoints = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    response: healthStatusSchema,
    summary: "{ status: 'ok', database: 'up' }",
  }),
};
