/** The list's filters as GET /api/emails parameters (emailEndpoints.list's query). Pure: no React. */
import type { EmailCategory, EmailPriority, EmailTab } from '@aide/contracts';

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
  /** Threads (issue 24): one row per conversation. */
  threads?: boolean;
  /** Bulk actions (issue 24): one of the user's folders by its IMAP path (the Folders tab); the tab is then ignored. */
  folder?: string | null;
}

/** Spec §2 / §9: Zen Mode is the 5 newest non-archived emails: the Inbox's first page of 5. */
export const ZEN_FILTERS: EmailListFilters = { tab: 'inbox', page: 1, pageSize: 5 };

/** The list's query string: each distinct one is its own cache entry (under the list's path). */
export interface EmailListQuery {
  tab: EmailTab;
  q?: string;
  priority?: EmailPriority;
  category?: EmailCategory;
  page: number;
  pageSize: number;
  threads?: 'true';
  folder?: string;
}

/** The filters as sent: blank or unset filters left out, q trimmed and cut to 200 characters. */
export function normaliseFilters(filters: EmailListFilters): EmailListQuery {
  const q = filters.q?.trim().slice(0, SEARCH_MAX).trim();
  return {
    tab: filters.tab,
    ...(q ? { q } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    page: Math.max(1, Math.floor(filters.page)),
    pageSize: Math.min(100, Math.max(1, Math.floor(filters.pageSize))),
    ...(filters.threads ? { threads: 'true' as const } : {}),
    // A folder's path is sent as the server listed it: IMAP paths may have meaningful spaces.
    ...(filters.folder ? { folder: filters.folder } : {}),
  };
}

/** Whether any filter narrows the tab (the empty state then offers to clear them). */
export const isFiltering = (filters: Pick<EmailListFilters, 'q' | 'priority' | 'category'>) =>
  Boolean(filters.q?.trim() || filters.priority || filters.category);
