import type { ResearchReport, ResearchSource, ResearchSummary } from '@aide/contracts';
import { serverMessage } from '../common/server-messages';
import type { ResearchReportEntity } from './research-report.entity';

/** Spec §3: a report's sources as text, in citation order: a web page's address, or what the item is. */
export function sourceText(source: Pick<ResearchSource, 'kind' | 'title' | 'url'>): string {
  if (source.kind === 'web') return source.url;
  return `${source.kind === 'document' ? 'Document' : 'Email'}: ${source.title}`;
}

export function toResearchReport(row: ResearchReportEntity): ResearchReport {
  return {
    id: row.id,
    topic: row.topic,
    summary: row.summary,
    content: row.content,
    category: row.category,
    tags: row.tags.length ? row.tags : null,
    sources: row.sources.map(sourceText),
    sourceDetails: row.sources,
    status: row.status,
    progress: row.progress,
    credibilityScore: row.credibilityScore,
    error: row.error,
    stage: row.stage,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The dashboard's Recent Research card: 'complete', or in progress (pending shows there as 0 %). */
export function toResearchSummary(row: ResearchReportEntity): ResearchSummary {
  return {
    id: row.id,
    title: row.topic,
    summary: row.summary,
    status: row.status === 'completed' ? 'complete' : row.status === 'failed' ? 'failed' : 'in_progress',
    progress: row.progress,
    content: row.content,
    sources: row.sources.map(sourceText),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A report's stage ('Searching for sources') and failure reason in `locale` (issue 22): stored in
 * English, read in the reader's language, so a report started before a language change follows it.
 */
export function localizeResearchReport(report: ResearchReport, locale: string): ResearchReport {
  if (locale === 'en') return report;
  return {
    ...report,
    stage: report.stage === null ? null : serverMessage(report.stage, locale),
    error: report.error === null ? null : serverMessage(report.error, locale),
  };
}
