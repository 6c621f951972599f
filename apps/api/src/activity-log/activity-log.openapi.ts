import type { ActivityLog } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** ActivityLog has no zod output schema in the contracts; this one is checked against its keys. */
const properties = {
  id: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
  userId: { type: 'integer', nullable: true },
  action: { type: 'string', example: 'PATCH /api/tasks/:id' },
  resource: { type: 'string', example: '/api/tasks/12' },
  metadata: {
    type: 'object',
    nullable: true,
    properties: {
      status: { type: 'integer', example: 200 },
      params: { type: 'object', additionalProperties: { type: 'string' }, example: { id: '12' } },
    },
  },
} satisfies Record<keyof ActivityLog, SchemaObject>;

export const ACTIVITY_LOG_OPENAPI: SchemaObject = { type: 'object', properties, required: Object.keys(properties) };
