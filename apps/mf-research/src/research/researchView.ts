/** What the screen shows of a report, computed from the report alone. Pure: no React. */
import {
  RESEARCH_LIMITS,
  type ResearchCategory,
  type ResearchReport,
  type ResearchSource,
  type ResearchSourceKind,
  type ResearchStatus,
} from '@aide/contracts';
import { t } from '../i18n';

/** Spec §2/§3: the status tag's text, in the language shown. */
export const statusLabel = (status: ResearchStatus) => t(`status.${status}`);

/** 'technology' → 'Technology' (the dialogs' and tags' label), in the language shown. */
export const categoryLabel = (category: ResearchCategory) => t(`category.${category}`);

/** The pipeline is still working on it: a progress bar shows, and a rerun would answer 409. */
export const isRunning = (report: Pick<ResearchReport, 'status'>) =>
  report.status === 'pending' || report.status === 'in_progress';

/** Spec §9: the summary's first 3 non-empty lines, and whether there are more ('Read more...'). */
export function summaryPreview(
  summary: string | null,
  limit: number = RESEARCH_LIMITS.cardSummaryLines,
): { lines: string[]; more: boolean } {
  const lines = (summary ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { lines: lines.slice(0, limit), more: lines.length > limit };
}

/** One source as a card lists it: a web page by its title and site, the user's own items as 'Your document “…”'. */
export interface SourceChip {
  key: string;
  kind: ResearchSourceKind;
  label: string;
  /** Web: the page (opens in a new tab); document or email: the in-app path that opens it; null when unknown. */
  href: string | null;
  title: string;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
};

/** 'Your document “…”' / 'Your email “…”', in the language shown. */
const ownLabel = (kind: Exclude<ResearchSourceKind, 'web'>, title: string) => t(`source.${kind}`, { title });

export function sourceLabel(source: Pick<ResearchSource, 'kind' | 'title' | 'site' | 'url'>): string {
  if (source.kind === 'web') {
    const site = source.site ?? hostOf(source.url);
    const title = source.title.trim();
    return title && site ? `${title} · ${site}` : title || site || source.url;
  }
  return ownLabel(source.kind, source.title);
}

const chipOf = (source: ResearchSource): SourceChip => ({
  key: `n${source.number}`,
  kind: source.kind,
  label: sourceLabel(source),
  href: source.url || null,
  title: source.title,
});

/** A source known only as spec §3's text: a web address, or 'Document: name' / 'Email: subject'. */
function chipOfText(text: string, index: number): SourceChip {
  const own = /^(Document|Email):\s*(.*)$/.exec(text);
  if (own) {
    const kind = own[1] === 'Document' ? 'document' : 'email';
    return { key: `t${index}`, kind, label: ownLabel(kind, own[2]), href: null, title: own[2] };
  }
  const site = hostOf(text);
  return { key: `t${index}`, kind: 'web', label: site ?? text, href: site ? text : null, title: text };
}

/** Spec §9: at most 3 sources, and how many more ('+N more'). */
export function cardSources(
  report: Pick<ResearchReport, 'sources' | 'sourceDetails'>,
  limit: number = RESEARCH_LIMITS.cardSources,
) {
  const all = report.sourceDetails?.length ? report.sourceDetails.map(chipOf) : (report.sources ?? []).map(chipOfText);
  return { shown: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}

/** The stat tiles: counts over the reports that are not archived (archiving takes a report out of the figures). */
export function researchStats(reports: readonly ResearchReport[]) {
  const active = reports.filter((report) => !report.isArchived);
  const count = (status: ResearchStatus) => active.filter((report) => report.status === status).length;
  return {
    total: active.length,
    completed: count('completed'),
    inProgress: count('in_progress'),
    pending: count('pending'),
  };
}

/** The search box: every word must appear in the topic, summary, tags or category (case-insensitive). */
export function matchesSearch(report: ResearchReport, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [report.topic, report.summary ?? '', ...(report.tags ?? []), report.category ?? '']
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The cards shown: archived ones only with Show Archived, then the search; the API's order (newest first) stays. */
export function visibleReports(
  reports: readonly ResearchReport[],
  { query, showArchived }: { query: string; showArchived: boolean },
) {
  return reports.filter((report) => (showArchived || !report.isArchived) && matchesSearch(report, query));
}

/** A credibility score's colour: green from 70, gold from 40, red below. */
export function credibilityTone(score: number): 'success' | 'warning' | 'error' {
  if (score >= 70) return 'success';
  if (score >= 40) return 'warning';
  return 'error';
}

export const credibilityText = (score: number) => t('credibility.score', { score: Math.round(score) });
