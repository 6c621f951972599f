import { z } from 'zod';
import { phishingVerdictSchema } from './email-phishing';
import { emailThreadSummarySchema, threadsQueryField } from './email-threads';
import { text } from './text';

// ---- Email integrations (spec: email §3, §5, §7; DECISIONS: IMAP sync, SMTP sending) ----

export const EMAIL_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'imap'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

export interface MailServer {
  host: string;
  port: number;
  /** true: TLS from the first byte (IMAPS 993, SMTPS 465); false: plain, upgraded with STARTTLS when offered. */
  secure: boolean;
}

/** gmail, outlook and yahoo are presets of host and port; imap takes them from the user. */
export const EMAIL_PROVIDER_PRESETS: Record<Exclude<EmailProvider, 'imap'>, { imap: MailServer; smtp: MailServer }> = {
  gmail: {
    imap: { host: 'imap.gmail.com', port: 993, secure: true },
    smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
  },
  outlook: {
    imap: { host: 'outlook.office365.com', port: 993, secure: true },
    smtp: { host: 'smtp.office365.com', port: 587, secure: false },
  },
  yahoo: {
    imap: { host: 'imap.mail.yahoo.com', port: 993, secure: true },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, secure: true },
  },
};

export const EMAIL_SYNC_FREQUENCY = { default: 300, min: 60, max: 86_400 } as const;

export const EMAIL_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  replyContentRequired: 'Reply content is required',
  forwardRecipientRequired: 'Recipient email is required',
  integrationNotFound: 'Email integration not found',
  emailNotFound: 'Email not found',
  /** Spec §8: the destructive toast of a reply or forward saved as a draft. */
  deliveryFailedDraft:
    'Email delivery failed due to email provider verification requirements. Your message was saved as a draft.',
  /** 409 from POST /api/email-integrations: the user already connected this address. */
  integrationExists: 'This email account is already connected',
  /** Reply and forward: the message went out. */
  replySent: 'Reply sent',
  forwardSent: 'Email forwarded',
  /** 400 from reply/forward: the email is not tied to a connected account (e.g. its account was removed). */
  noSendingAccount: 'This email has no connected account to send from',
  /** 400 from reply: the original has no sender address to answer. */
  noReplyAddress: 'This email has no sender address to reply to',
} as const;

/** An email integration as GET /api/email-integrations returns it (never a password or token). */
export const emailIntegrationSchema = z.object({
  id: z.number().int(),
  provider: z.enum(EMAIL_PROVIDERS),
  email: z.string(),
  displayName: z.string().nullable(),
  isActive: z.boolean(),
  syncEnabled: z.boolean(),
  /** A sync is queued or running (Sync Now's spinner); lastSyncAt or lastSyncError tell how it ended. */
  syncing: z.boolean(),
  syncFrequency: z.number().int(),
  autoRespond: z.boolean(),
  autoCategories: z.boolean(),
  lastSyncAt: z.string().nullable(),
  /** The last sync's failure, readable (e.g. a wrong password); null after a good sync. */
  lastSyncError: z.string().nullable(),
  imapHost: z.string().nullable(),
  imapPort: z.number().int().nullable(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  createdAt: z.string(),
  /** Compose (issue 24): plain text put below a new message written from this account; null for none. */
  signature: z.string().nullable(),
});
export type EmailIntegration = z.infer<typeof emailIntegrationSchema>;

const port = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be between 1 and 65535`)
    .max(65535, `${label} must be between 1 and 65535`);

const host = (label: string) =>
  text(label, 253).refine(
    (value) => value === '' || /^[A-Za-z0-9.-]+$/.test(value),
    `${label} must be a host name or IP address`,
  );

const syncFrequency = z.coerce
  .number({ error: 'Sync frequency must be a number of seconds' })
  .int('Sync frequency must be a whole number of seconds')
  .min(EMAIL_SYNC_FREQUENCY.min, `Sync frequency must be at least ${EMAIL_SYNC_FREQUENCY.min} seconds`)
  .max(EMAIL_SYNC_FREQUENCY.max, `Sync frequency must be at most ${EMAIL_SYNC_FREQUENCY.max} seconds`);

/**
 * POST /api/email-integrations. `password` is the account's (app) password for IMAP and SMTP; gmail
 * accounts may come through OAuth instead (/api/auth/gmail). The host and port fields are for the
 * imap provider only (optional in the form; the server needs them to connect).
 */
export const createEmailIntegrationSchema = z
  .object({
    provider: z.enum(EMAIL_PROVIDERS, { error: 'Provider must be one of gmail, outlook, yahoo, imap' }),
    email: z
      .string({ error: EMAIL_MESSAGES.invalidEmail })
      .trim()
      .max(320, EMAIL_MESSAGES.invalidEmail)
      .pipe(z.email({ error: EMAIL_MESSAGES.invalidEmail })),
    displayName: text('Display name', 200).optional(),
    /** The login name when it is not the address (some IMAP servers). */
    username: text('Username', 320).optional(),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(1000, 'Password must be at most 1000 characters'),
    imapHost: host('IMAP host').optional(),
    imapPort: port('IMAP port').optional(),
    smtpHost: host('SMTP host').optional(),
    smtpPort: port('SMTP port').optional(),
    syncFrequency: syncFrequency.default(EMAIL_SYNC_FREQUENCY.default),
    autoRespond: z.boolean({ error: 'Auto-respond must be true or false' }).default(false),
    autoCategories: z.boolean({ error: 'Auto-categories must be true or false' }).default(true),
  })
  .strict();
export type CreateEmailIntegrationInput = z.input<typeof createEmailIntegrationSchema>;
export type CreateEmailIntegrationPayload = z.output<typeof createEmailIntegrationSchema>;

/** PATCH /api/email-integrations/:id: syncEnabled; or syncFrequency, autoRespond and autoCategories. */
export const updateEmailIntegrationSchema = z
  .object({
    syncEnabled: z.boolean({ error: 'Sync enabled must be true or false' }).optional(),
    syncFrequency: syncFrequency.optional(),
    autoRespond: z.boolean({ error: 'Auto-respond must be true or false' }).optional(),
    autoCategories: z.boolean({ error: 'Auto-categories must be true or false' }).optional(),
    /** Compose (issue 24): the account's signature, plain text; empty clears it. */
    signature: z
      .string({ error: 'Signature must be text' })
      .max(2000, 'Signature must be at most 2000 characters')
      .transform((value) => (value.trim() === '' ? null : value.replace(/\r\n/g, '\n').trimEnd()))
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateEmailIntegrationPayload = z.output<typeof updateEmailIntegrationSchema>;

// ---- Emails (spec: email §3, §4, §7) ----

export const EMAIL_PRIORITIES = ['urgent', 'important', 'regular'] as const;
export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];

export const EMAIL_CATEGORIES = [
  'work',
  'personal',
  'newsletter',
  'spam',
  'promotion',
  'social',
  'finance',
  'travel',
  'other',
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** Zen Mode shows this many of the newest non-archived emails. */
export const ZEN_MODE_COUNT = 5;

/** What triage answered an email as when it auto-responded (the dashboard's autoResponses figures). */
export const EMAIL_AUTO_RESPONSE_KINDS = ['meeting', 'inquiry'] as const;
export type EmailAutoResponseKind = (typeof EMAIL_AUTO_RESPONSE_KINDS)[number];

export const emailAttachmentSchema = z.object({
  filename: z.string().nullable(),
  contentType: z.string(),
  size: z.number(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/** An email as the API answers it. */
export const emailSchema = z.object({
  id: z.number().int(),
  integrationId: z.number().int().nullable(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  cc: z.string().nullable(),
  /** Plain text (from the text part, or derived from the HTML). */
  body: z.string(),
  /** The HTML part as received; the UI sanitises it and shows it in a sandboxed frame. */
  htmlBody: z.string().nullable(),
  priority: z.enum(EMAIL_PRIORITIES),
  category: z.enum(EMAIL_CATEGORIES).nullable(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  isAutoResponded: z.boolean(),
  receivedAt: z.string(),
  attachments: z.array(emailAttachmentSchema),
  /**
   * `status: 'draft'` marks a draft (a reply or forward that could not be delivered); `status: 'sent'`
   * a message the user sent (a delivered reply or forward, or one synced from the account's Sent
   * mailbox). `autoResponse` says what an auto-responded email was answered as (dashboard insights).
   * Other keys are the sync's own bookkeeping.
   */
  metadata: z.looseObject({
    status: z.enum(['draft', 'sent']).optional(),
    autoResponse: z.enum(EMAIL_AUTO_RESPONSE_KINDS).optional(),
    // Reply help & triage (issue 24): why the message is suspected of phishing, when it is.
    phishing: phishingVerdictSchema.optional(),
  }),
  /**
   * Threads (issue 24): the conversation it belongs to (GET /api/emails/threads/:threadId). The API
   * always sends it; optional so an email built in the browser (the /email-test page) needs none.
   */
  threadId: z.number().int().optional(),
  /** Threads (issue 24): on GET /api/emails?threads=true only, see emailThreadSummarySchema. */
  thread: emailThreadSummarySchema.optional(),
  /** Snooze (issue 24, actions): hidden from the Inbox until this time; null (the API) or absent when not snoozed. */
  snoozedUntil: z.string().nullable().optional(),
  /** Bulk actions (issue 24): in the account's Trash (the Trash tab only). The API always sends it. */
  isTrashed: z.boolean().optional(),
  /** Bulk actions (issue 24): the user's own mail folder holding it (GET /api/emails?folder=), else null. */
  folder: z.string().nullable().optional(),
});
export type Email = z.infer<typeof emailSchema>;

/**
 * The tabs of the email screen (Integrations aside). Archived emails appear only in Archived
 * (spec §4); drafts are metadata.status 'draft', sent is metadata.status 'sent'; Inbox is every
 * other non-archived email, and the priority tabs are the Inbox's emails of that priority.
 */
export const EMAIL_TABS = [
  'inbox',
  'urgent',
  'important',
  'regular',
  'sent',
  'drafts',
  'archived',
  // Snooze (issue 24, actions): the snoozed messages, soonest wake first.
  'snoozed',
  // Bulk actions (issue 24): deleted messages, in the account's Trash folder.
  'trash',
] as const;
export type EmailTab = (typeof EMAIL_TABS)[number];

/** The longest folder path the app stores (IMAP paths are rarely over 100 characters). */
export const EMAIL_FOLDER_MAX = 500;
export const EMAIL_PAGE_SIZE = { default: 50, max: 100 } as const;
export const EMAIL_SEARCH_MAX = 200;
/** Offsets stay small enough to be served by an index scan: page × pageSize ≤ 1,000,000. */
const EMAIL_PAGE_MAX = 10_000;

/**
 * GET /api/emails?tab=&q=&priority=&category=&page=&pageSize=. Every filter narrows the tab; q
 * matches words of the subject, sender and body by prefix. Unknown parameters are ignored.
 */
export const listEmailsQuerySchema = z.object({
  tab: z.enum(EMAIL_TABS, { error: `Tab must be one of ${EMAIL_TABS.join(', ')}` }).default('inbox'),
  q: text('Search text', EMAIL_SEARCH_MAX).optional(),
  priority: z.enum(EMAIL_PRIORITIES, { error: 'Priority must be urgent, important or regular' }).optional(),
  category: z.enum(EMAIL_CATEGORIES, { error: `Category must be one of ${EMAIL_CATEGORIES.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(EMAIL_PAGE_MAX, `Page must be at most ${EMAIL_PAGE_MAX}`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(EMAIL_PAGE_SIZE.max, `Page size must be at most ${EMAIL_PAGE_SIZE.max}`)
    .default(EMAIL_PAGE_SIZE.default),
  /** Threads (issue 24): one row per conversation. */
  threads: threadsQueryField,
  /** Bulk actions (issue 24): the messages filed in this folder of the user's accounts (the tab is then ignored). */
  folder: text('Folder', EMAIL_FOLDER_MAX).optional(),
});
export type ListEmailsQuery = z.output<typeof listEmailsQuerySchema>;

/** GET /api/emails: one page, newest first, and how many emails match in all. */
export const emailPageSchema = z.object({
  items: z.array(emailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EmailPage = z.infer<typeof emailPageSchema>;

/**
 * GET /api/emails/stats. The tiles: urgent (Urgent Priority), important (Important Priority), work
 * (Work Emails) count the Inbox; total (Total Emails) counts every email of the user. The tab
 * counts: inbox, urgent, important, regular (the priority tabs are the Inbox's). unread: the Inbox's unread.
 */
export const emailStatsSchema = z.object({
  inbox: z.number().int(),
  urgent: z.number().int(),
  important: z.number().int(),
  regular: z.number().int(),
  work: z.number().int(),
  unread: z.number().int(),
  total: z.number().int(),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

/** PATCH /api/emails/:id: priority and category (null for none); or isArchived; or isRead. */
export const updateEmailSchema = z
  .object({
    priority: z.enum(EMAIL_PRIORITIES, { error: 'Priority must be urgent, important or regular' }).optional(),
    category: z
      .enum(EMAIL_CATEGORIES, { error: `Category must be one of ${EMAIL_CATEGORIES.join(', ')}` })
      .nullable()
      .optional(),
    isArchived: z.boolean({ error: 'Archived must be true or false' }).optional(),
    isRead: z.boolean({ error: 'Read must be true or false' }).optional(),
  })
  .strict();
export type UpdateEmailPayload = z.output<typeof updateEmailSchema>;

const emailId = z.coerce
  .number({ error: 'Email id must be a number' })
  .int('Email id must be a whole number')
  .positive('Email id must be positive');
const content = (required: string) => text('Content', 100_000, { required });

/** POST /api/emails/reply. */
export const replyEmailSchema = z.object({ emailId, content: content(EMAIL_MESSAGES.replyContentRequired) }).strict();
export type ReplyEmailPayload = z.output<typeof replyEmailSchema>;

/** POST /api/emails/forward. */
export const forwardEmailSchema = z
  .object({
    emailId,
    to: z
      .string({ error: EMAIL_MESSAGES.forwardRecipientRequired })
      .trim()
      .min(1, EMAIL_MESSAGES.forwardRecipientRequired)
      .max(320, EMAIL_MESSAGES.invalidEmail)
      .pipe(z.email({ error: EMAIL_MESSAGES.invalidEmail })),
    content: text('Content', 100_000).default(''),
  })
  .strict();
export type ForwardEmailPayload = z.output<typeof forwardEmailSchema>;

/** Reply and forward answer whether the message went out; false means it was saved as a draft. */
export const sendEmailResultSchema = z.object({
  emailSent: z.boolean(),
  message: z.string(),
  email: emailSchema,
});
export type SendEmailResult = z.infer<typeof sendEmailResultSchema>;

/** POST /api/emails/classify (the /email-test page): what triage would make of a message, nothing stored. */
export const classifyEmailSchema = z
  .object({
    subject: text('Subject', 998).default(''),
    from: text('From', 998).default(''),
    body: text('Body', 100_000).default(''),
  })
  .strict();
export type ClassifyEmailPayload = z.output<typeof classifyEmailSchema>;

/** Where a verdict came from: the built-in rules, or the user's own corrections (learnt model). */
const emailTriageBasisSchema = z.enum(['rules', 'learned']);
export type EmailTriageBasis = z.infer<typeof emailTriageBasisSchema>;

/** Triage's verdict on a message. */
export const emailTriageSchema = z.object({
  priority: z.enum(EMAIL_PRIORITIES),
  category: z.enum(EMAIL_CATEGORIES),
  /** Per field, whether the rules or the user's learnt model decided it (POST /api/emails/classify answers it). */
  basis: z.object({ priority: emailTriageBasisSchema, category: emailTriageBasisSchema }).optional(),
});
export type EmailTriage = z.infer<typeof emailTriageSchema>;

/** GET /api/email-integrations/oauth: which providers can connect with OAuth here (else an app password). */
export const emailOAuthAvailabilitySchema = z.object({ gmail: z.boolean() });
export type EmailOAuthAvailability = z.infer<typeof emailOAuthAvailabilitySchema>;

const count = z.number().int().nonnegative();

/**
 * The email module's part of GET /api/dashboard (`modules.email`), counted over the Inbox
 * (non-archived, not sent, not drafts):
 * - unread: its unread emails (the stat card and the sidebar's Email badge);
 * - urgentUnread: those unread emails marked urgent ('N marked urgent');
 * - insights: its emails by priority, and every auto-responded email by what triage answered it as.
 */
export const emailDashboardSchema = z.object({
  unread: count,
  urgentUnread: count,
  insights: z.object({
    urgent: count,
    important: count,
    regular: count,
    autoResponses: z.object({ meetings: count, inquiries: count }),
  }),
});
export type EmailDashboard = z.infer<typeof emailDashboardSchema>;
