import {
  DASHBOARD_LAYOUT_LIMITS,
  type Profile,
  PROFILE_LANGUAGES,
  PROFILE_TIMEZONES,
  THEME_PREFERENCES,
} from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

const cardKeys: SchemaObject = {
  type: 'array',
  items: { type: 'string', maxLength: DASHBOARD_LAYOUT_LIMITS.keyLength, example: 'email.insights' },
  maxItems: DASHBOARD_LAYOUT_LIMITS.keys,
};

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
  dashboardLayout: {
    type: 'object',
    nullable: true,
    description: "Card keys '<moduleId>.<widgetId>' in the user's order, and those hidden; null: the default layout",
    properties: { order: cardKeys, hidden: cardKeys },
    required: ['order', 'hidden'],
  },
} satisfies Record<keyof Profile, SchemaObject>;

export const PROFILE_OPENAPI: SchemaObject = { type: 'object', properties, required: Object.keys(properties) };
