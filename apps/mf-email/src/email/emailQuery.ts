/** The list's filters as GET /api/emails parameters and react-query keys. Pure: no React. */
import type { EmailCategory, EmailPriority, EmailTab } from '@aide/contracts';

/** Every list query's key starts with this, so the stream's '/api/emails' invalidation reaches them all. */
export const EMAILS_QUERY_KEY = ['/api/emails'] as const;
export const EMAIL_STATS_QUERY_KEY = ['/api/emails/stats'] as const;

/** Rows per page: the first is the default; the API allows at most 100. */
export const PAGE_SIZES = [20, 50, 100] as const;
/** listEmailsQuerySchema's limit on q. */
const SEARCH_MAX = 200;

export interface EmailListFilters {
  tab: EmailTab;
  /** Free text as typed; trimmed and cut to the API's limit here. */
  q?: string;
  priority?: EmailPriority | null;
  category?: EmailCategory | null;
  page: number;
  pageSize: number;
}

/** Spec §2 / §9: Zen Mode is the 5 newest non-archived emails: the Inbox's first page of 5. */
export const ZEN_FILTERS: EmailListFilters = { tab: 'inbox', page: 1, pageSize: 5 };

/** The filters as sent: blank or unset filters left out, q trimmed and cut to 200 characters. */
export function normaliseFilters(filters: EmailListFilters): Record<string, string> {
  const params: Record<string, string> = { tab: filters.tab };
  const q = filters.q?.trim().slice(0, SEARCH_MAX).trim();
  if (q) params.q = q;
  if (filters.priority) params.priority = filters.priority;
  if (filters.category) params.category = filters.category;
  params.page = String(Math.max(1, Math.floor(filters.page)));
  params.pageSize = String(Math.min(100, Math.max(1, Math.floor(filters.pageSize))));
  return params;
}

/** '/api/emails?tab=inbox&q=invoice&page=2&pageSize=20' */
export function emailListUrl(filters: EmailListFilters): string {
  return `${EMAILS_QUERY_KEY[0]}?${new URLSearchParams(normaliseFilters(filters)).toString()}`;
}

/** ['/api/emails', {tab, q, …}]: one cache entry per distinct request. */
export const emailListKey = (filters: EmailListFilters) => [...EMAILS_QUERY_KEY, normaliseFilters(filters)] as const;

/** Whether any filter narrows the tab (the empty state then offers to clear them). */
export const isFiltering = (filters: Pick<EmailListFilters, 'q' | 'priority' | 'category'>) =>
  Boolean(filters.q?.trim() || filters.priority || filters.category);
