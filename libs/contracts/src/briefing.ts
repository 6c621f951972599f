import { z } from 'zod';

/** The briefing's sections, in the order the card shows them. */
export const BRIEFING_SECTIONS = ['schedule', 'tasks', 'mail', 'travel', 'websites', 'research'] as const;
export type BriefingSectionId = (typeof BRIEFING_SECTIONS)[number];

/**
 * What a briefing line is: an event today, a free stretch between them, a task due today or
 * overdue, a mail waiting for the person's reply, a trip starting soon and its open checklist
 * items, a website that is down, a research report that finished since yesterday.
 */
export const BRIEFING_ITEM_KINDS = ['event', 'free', 'task', 'mail', 'trip', 'checklist', 'site', 'report'] as const;
export type BriefingItemKind = (typeof BRIEFING_ITEM_KINDS)[number];

/** Morning delivery of the briefing (profile): none, a notification in the bell, or a mail too. */
export const DAILY_BRIEFING_DELIVERIES = ['off', 'notification', 'email'] as const;
export type DailyBriefingDelivery = (typeof DAILY_BRIEFING_DELIVERIES)[number];

/** 'HH:mm', 00:00–23:59: when the morning briefing comes, in the profile's timezone. */
export const BRIEFING_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const BRIEFING_LIMITS = {
  /** Lines per section at most (a section says how many more there are). */
  itemsPerSection: 8,
  /** Days ahead a trip counts as starting soon. */
  tripDays: 7,
  /** Days back a mail may wait for a reply and still be in the briefing. */
  mailDays: 14,
} as const;

export const briefingItemSchema = z.object({
  kind: z.enum(BRIEFING_ITEM_KINDS),
  /** The thing's own name: an event's or task's title, a mail's subject, a site's name… */
  title: z.string(),
  /** One line about it, in the reader's language ('Overdue', 'From Ann Lee'), or null. */
  detail: z.string().nullable(),
  /** The app's own link to it, e.g. '/calendar?event=4', '/email?open=12'. */
  link: z.string().startsWith('/'),
  /** An event's or a free stretch's start and end; null for the other kinds. */
  start: z.iso.datetime({ offset: true }).nullable(),
  end: z.iso.datetime({ offset: true }).nullable(),
});
export type BriefingItem = z.infer<typeof briefingItemSchema>;

export const briefingSectionSchema = z.object({
  id: z.enum(BRIEFING_SECTIONS),
  /** The module the section comes from ('organiser', 'email', …). */
  module: z.string(),
  items: z.array(briefingItemSchema),
  /** Lines left out beyond BRIEFING_LIMITS.itemsPerSection. */
  more: z.number().int().min(0),
});
export type BriefingSection = z.infer<typeof briefingSectionSchema>;

/** GET /api/briefing: today's briefing for the signed-in user. */
export const briefingSchema = z.object({
  /** The local day it is about, 'YYYY-MM-DD' in the profile's timezone. */
  date: z.string(),
  timezone: z.string(),
  /** A few sentences, in the reader's language, about what matters today. */
  summary: z.string(),
  /** How the summary was written: 'offline:template' or the model's name. */
  summaryMethod: z.string(),
  /** Only the sections with something in them, in BRIEFING_SECTIONS order. */
  sections: z.array(briefingSectionSchema),
});
export type Briefing = z.infer<typeof briefingSchema>;
