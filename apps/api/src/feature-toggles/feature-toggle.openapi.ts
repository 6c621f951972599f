import { type FeatureToggle, USER_PLANS } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** FeatureToggle has no zod output schema in the contracts; this one is checked against its keys. */
const properties = {
  id: { type: 'integer' },
  name: { type: 'string', example: 'module.organiser' },
  description: { type: 'string', nullable: true },
  enabled: { type: 'boolean' },
  planRequired: { type: 'string', enum: [...USER_PLANS] },
  adminOnly: { type: 'boolean' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
} satisfies Record<keyof FeatureToggle, SchemaObject>;

export const FEATURE_TOGGLE_OPENAPI: SchemaObject = { type: 'object', properties, required: Object.keys(properties) };
