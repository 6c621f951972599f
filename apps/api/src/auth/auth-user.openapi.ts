import { type AuthUser, USER_PLANS, USER_ROLES } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

const nullableString = { type: 'string', nullable: true } as const;

/** AuthUser has no zod schema in the contracts; this one is checked against its keys. */
const properties = {
  id: { type: 'integer' },
  email: { type: 'string', format: 'email' },
  firstName: nullableString,
  lastName: nullableString,
  profileImageUrl: nullableString,
  role: { type: 'string', enum: [...USER_ROLES] },
  plan: { type: 'string', enum: [...USER_PLANS] },
  status: { type: 'string' },
  emailVerified: { type: 'boolean' },
  lastLoginAt: { type: 'string', format: 'date-time', nullable: true },
  createdAt: { type: 'string', format: 'date-time' },
} satisfies Record<keyof AuthUser, SchemaObject>;

export const AUTH_USER_OPENAPI: SchemaObject = {
  type: 'object',
  properties,
  required: Object.keys(properties),
};
