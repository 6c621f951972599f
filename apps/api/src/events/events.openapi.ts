import { type CalendarEvent, EVENT_SOURCES, EVENT_TYPES } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

const instant: SchemaObject = { type: 'string', format: 'date-time', example: '2026-11-21T14:30:00.000Z' };

/** CalendarEvent has no zod output schema in the contracts; this one is checked against its keys. */
const properties = {
  id: { type: 'integer' },
  userId: { type: 'integer' },
  title: { type: 'string' },
  description: { type: 'string', nullable: true },
  type: { type: 'string', enum: [...EVENT_TYPES] },
  startTime: instant,
  endTime: instant,
  location: { type: 'string', nullable: true },
  attendees: { type: 'array', items: { type: 'string' } },
  metadata: { type: 'object', nullable: true, additionalProperties: true },
  source: { type: 'string', enum: [...EVENT_SOURCES] },
  integrationId: { type: 'integer', nullable: true },
  createdAt: instant,
  updatedAt: instant,
} satisfies Record<keyof CalendarEvent, SchemaObject>;

export const EVENT_OPENAPI: SchemaObject = { type: 'object', properties, required: Object.keys(properties) };
