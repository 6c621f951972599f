import { type Profile, PROFILE_LANGUAGES, PROFILE_TIMEZONES, THEME_PREFERENCES } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** Profile has no zod output schema in the contracts; this one is checked against its keys. */
const properties = {
  firstName: { type: 'string', nullable: true },
  lastName: { type: 'string', nullable: true },
  email: { type: 'string', format: 'email' },
  profileImageUrl: { type: 'string', nullable: true },
  bio: { type: 'string', nullable: true },
  location: { type: 'string', nullable: true },
  timezone: { type: 'string', enum: PROFILE_TIMEZONES.map((o) => o.value), example: 'UTC' },
  language: { type: 'string', enum: PROFILE_LANGUAGES.map((o) => o.value), example: 'en' },
  theme: { type: 'string', enum: [...THEME_PREFERENCES], example: 'light' },
  emailNotifications: { type: 'boolean' },
  pushNotifications: { type: 'boolean' },
  weeklyDigest: { type: 'boolean' },
  marketingEmails: { type: 'boolean' },
} satisfies Record<keyof Profile, SchemaObject>;

export const PROFILE_OPENAPI: SchemaObject = { type: 'object', properties, required: Object.keys(properties) };
