import { z } from 'zod';
import { text } from './text';

// ---- Research Hub (spec: research §2, §3, §4, §5, §7, §8, §9; DECISIONS: identity, AI) ----

/** Spec §5: the category options of the Start Research and edit dialogs. */
export const RESEARCH_CATEGORIES = [
  'technology',
  'business',
  'health',
  'science',
  'education',
  'finance',
  'environment',
  'other',
] as const;
export type ResearchCategory = (typeof RESEARCH_CATEGORIES)[number];

/** Spec §3/§4: pending → in_progress (progress bar) → completed or failed. */
export const RESEARCH_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type ResearchStatus = (typeof RESEARCH_STATUSES)[number];

/** Where a cited source came from: the web search, or the user's own documents and emails. */
export const RESEARCH_SOURCE_KINDS = ['web', 'document', 'email'] as const;
export type ResearchSourceKind = (typeof RESEARCH_SOURCE_KINDS)[number];

/**
 * The documented factors of a source's credibility score (0–100 in all; each factor's points are at
 * most its `max`). The pipeline stores every factor with its reason, and the report dialog shows them.
 */
export const CREDIBILITY_FACTORS = {
  https: { max: 10, label: 'Secure connection (HTTPS)' },
  domain: { max: 20, label: 'Kind of site' },
  author: { max: 15, label: 'Author named' },
  date: { max: 10, label: 'Publication date given' },
  recency: { max: 15, label: 'Recency' },
  relevance: { max: 15, label: 'Matches the topic' },
  agreement: { max: 15, label: 'Agrees with other sources' },
} as const;
export type CredibilityFactor = keyof typeof CREDIBILITY_FACTORS;

export const RESEARCH_LIMITS = {
  topicMax: 500,
  tagsMax: 20,
  tagMax: 50,
  /** Spec §9: the card shows the summary's first 3 non-empty lines, then 'Read more...'. */
  cardSummaryLines: 3,
  /** Spec §9: the card shows at most 3 sources, then '+N more'. */
  cardSources: 3,
  /** Sub-questions the plan breaks a topic into. */
  maxSubQuestions: 4,
  /** Web results fetched per report (the best of every search, deduplicated). */
  maxWebSources: 8,
  /** The user's own documents and emails read per report. */
  maxLocalSources: 6,
} as const;

export const RESEARCH_MESSAGES = {
  // Spec §5.
  topicRequired: 'Research topic is required',
  // Spec §8: toasts.
  startFailed: 'Failed to start research',
  deleteFailed: 'Failed to delete research report',
  archiveFailed: 'Failed to archive research report',
  rerunFailed: 'Failed to rerun research',
  updateFailed: 'Failed to update research report',
  // The API's answers.
  notFound: 'Research report not found',
  /** 403 (DECISIONS §Identity): a path with another user's id. */
  otherUser: 'You can only list your own research reports',
  /** 403: a start body whose userId is another user's. */
  otherUserStart: 'You can only start research for yourself',
  /** 409: rerun while the pipeline is still working on the report. */
  stillRunning: 'This research is still running; wait for it to finish before rerunning it',
  categoryInvalid: `Category must be one of: ${RESEARCH_CATEGORIES.join(', ')}`,
  /** What the report says when no web search is configured (DECISIONS §AI: say so). */
  webSearchOff: 'Web search is not configured, so this report draws only on your own documents and emails.',
  /** `failed` reason when nothing at all could be read. */
  noSources:
    'No sources could be retrieved for this topic: no web page could be read and none of your documents or emails mention it.',
  noSourcesWebOff:
    'No sources could be retrieved for this topic: web search is not configured, and none of your documents or emails mention it.',
} as const;

const category = z.enum(RESEARCH_CATEGORIES, { error: RESEARCH_MESSAGES.categoryInvalid });

/** A list of tags (the dialogs turn comma-separated text into it with commaSeparatedTags); [] is stored as null. */
const tags = z
  .array(text('A tag', RESEARCH_LIMITS.tagMax, { required: 'Tags must not be blank' }), {
    error: 'Tags must be a list of text',
  })
  .max(RESEARCH_LIMITS.tagsMax, `At most ${RESEARCH_LIMITS.tagsMax} tags`)
  .nullable()
  .transform((list) => (list && list.length ? [...new Set(list)] : null));

const topic = text('Research topic', RESEARCH_LIMITS.topicMax, { required: RESEARCH_MESSAGES.topicRequired });

/**
 * POST /api/research/start (spec §7: userId, topic). `userId` is accepted for the spec's shape and
 * must be the signed-in user's (DECISIONS); category and tags come from the dialog.
 */
export const startResearchSchema = z.object({
  userId: z.number().int().positive().optional(),
  topic,
  category: category.nullish().transform((value) => value ?? null),
  tags: tags.optional().transform((value) => value ?? null),
});
export type StartResearchPayload = z.input<typeof startResearchSchema>;
export type StartResearch = z.output<typeof startResearchSchema>;

/** POST /api/research/{id}/rerun (spec §7: newParameters): what changes for the new run; omitted fields stay. */
export const rerunResearchSchema = z.object({
  newParameters: z
    .object({
      topic: topic.optional(),
      category: category.nullish(),
      tags: tags.optional(),
    })
    .strict()
    .optional()
    .default({}),
});
export type RerunResearchPayload = z.input<typeof rerunResearchSchema>;

/** PATCH /api/research/{id} (spec §7: category, tags). */
export const updateResearchSchema = z
  .object({ category: category.nullable().optional(), tags: tags.optional() })
  .refine((value) => value.category !== undefined || value.tags !== undefined, 'Send a category or tags to change');
export type UpdateResearchPayload = z.input<typeof updateResearchSchema>;

/** Forms of the screen (react-hook-form): tags are typed as comma-separated text. */
export const researchFormSchema = z.object({
  topic,
  category: z.union([category, z.literal('')]),
  tags: z.string().max(RESEARCH_LIMITS.tagsMax * (RESEARCH_LIMITS.tagMax + 2), 'Too many tags'),
});
export type ResearchForm = z.input<typeof researchFormSchema>;

export const researchEditFormSchema = researchFormSchema.pick({ category: true, tags: true });
export type ResearchEditForm = z.input<typeof researchEditFormSchema>;

export interface CredibilityPart {
  factor: CredibilityFactor;
  points: number;
  max: number;
  /** Why, for people: 'Served over HTTPS', 'Published 3 years ago'. */
  reason: string;
}

/** One retrieved source the report may cite: `[n]` in the content is `number` n here. */
export interface ResearchSource {
  number: number;
  kind: ResearchSourceKind;
  title: string;
  /** Web: the page's address; document or email: the in-app path that opens it. */
  url: string;
  /** Web: the host name; null for the user's own items. */
  site: string | null;
  author: string | null;
  /** ISO date the source says it was published (or the email was received); null when unknown. */
  publishedAt: string | null;
  /** A short passage of what was read. */
  excerpt: string;
  credibility: { score: number; parts: CredibilityPart[] };
}

/** A research report as the API answers it (spec §3 entity, plus what the screen needs). */
export interface ResearchReport {
  id: number;
  topic: string;
  summary: string | null;
  /** The report in Markdown, with numbered citations [n] that point into `sourceDetails`. */
  content: string | null;
  category: ResearchCategory | null;
  tags: string[] | null;
  /** Spec §3: the sources as text, in citation order: a web page's address, or 'Document: name' / 'Email: subject'. */
  sources: string[];
  sourceDetails: ResearchSource[];
  status: ResearchStatus;
  progress: number;
  /** 0–100: the cited sources' scores, weighted by how often each is cited; null until completed. */
  credibilityScore: number | null;
  /** Why the last run failed, readable; null otherwise. */
  error: string | null;
  /** What the pipeline is doing now ('Searching the web', 'Reading 3 of 8 sources'); null when idle. */
  stage: string | null;
  isArchived: boolean;
  createdAt: string;
  completedAt: string | null;
}

/** A report as the dashboard's Recent Research card shows it: 'complete', or in progress (pending shows as 0 %). */
export const researchSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  status: z.enum(['complete', 'in_progress', 'failed']),
  progress: z.number().int().min(0).max(100),
  content: z.string().nullable(),
  sources: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ResearchSummary = z.infer<typeof researchSummarySchema>;

/**
 * The research module's part of GET /api/dashboard (`modules.research`), over the user's
 * non-archived reports: how many there are, how many are not finished yet ('N pending review'),
 * and the newest DASHBOARD_LIMITS.recentResearch of them.
 */
export const researchDashboardSchema = z.object({
  reports: z.number().int().nonnegative(),
  pendingReview: z.number().int().nonnegative(),
  recent: z.array(researchSummarySchema),
});
export type ResearchDashboard = z.infer<typeof researchDashboardSchema>;
