import { DASHBOARD_LIMITS, type ResearchSummary } from '@aide/contracts';
import { t } from '../i18n';

/** Spec §9: cut to 297 characters plus '...' when longer than 300; a fallback when there is none. */
export function shortSummary(report: Pick<ResearchSummary, 'summary'>): string {
  const summary = report.summary?.trim();
  if (!summary) return t('dashboard.summaryFallback');
  return summary.length > DASHBOARD_LIMITS.summaryMax ? `${summary.slice(0, DASHBOARD_LIMITS.summaryCut)}...` : summary;
}

/** The status tag's text, in the language shown. */
export const researchStatusLabel = (status: ResearchSummary['status']) => t(`dashboard.status.${status}`);

/**
 * A report's Markdown as plain reading text for the dashboard's dialog: headings without their '#',
 * links as their text, and without the trailing Sources section (the dialog lists the sources).
 * The Research Hub renders the full Markdown.
 */
export function readableContent(content: string | null): string | null {
  if (!content?.trim()) return null;
  return content
    .split(/^#{1,6} Sources\s*$/m)[0]
    .replace(/^#{1,6} +/gm, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(^|\s)[*_]([^*_\n]+)[*_](?=\s|$)/g, '$1$2')
    .trim();
}
