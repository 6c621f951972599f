import { RESEARCH_LIMITS, RESEARCH_MESSAGES, type ResearchSource } from '@aide/contracts';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AiService } from '../../ai/ai.service';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { overallCredibility, scoreSources } from './credibility';
import { LocalSourcesService } from './local-sources.service';
import { PageReader } from './page-reader/page-reader';
import type { ReadOutcome, RetrievedSource, ScoredSource, WebSearchProvider, WebSearchResult } from './pipeline.types';
import { WEB_SEARCH_PROVIDER, WebSearchError } from './pipeline.types';
import { planResearch, searchQueries } from './research-planner';
import { serverMessage } from '../../common/server-messages';
import { registerResearchTemplates, suggestCategory, suggestTags, writeReport } from './report-writer';
import { returnedRows } from '../../database/returned-rows.util';

export const RESEARCH_JOB = 'research.run';
export const RESEARCH_ENTITY = 'research-report';
export const RESEARCH_INVALIDATES = ['/api/research', '/api/dashboard'];
/** Web pages read at once. */
const READ_CONCURRENCY = 4;
/** Results asked of the search engine per query. */
const RESULTS_PER_QUERY = 10;
const EXCERPT_LENGTH = 320;

interface ResearchPayload {
  reportId: number;
  /** The report's run this job is for; a job for an older run writes nothing. */
  run: number;
}

/** Where the pipeline is, for the card's progress bar: each stage's share of 0–100. */
const PROGRESS = { planned: 10, searched: 25, read: 70, scored: 78, written: 92 } as const;

/** Ends the run with a readable reason, without a retry (retrying cannot change it). */
class ResearchFailure extends Error {}
/** The report was deleted or rerun meanwhile: stop quietly. */
class RunSuperseded extends Error {}

interface ReportRow {
  id: number;
  userId: number;
  topic: string;
  category: string | null;
  tags: string[];
  status: string;
  run: number;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

/**
 * The research pipeline, one background job per run ('research.run', one queued-or-running per
 * run):
 *
 * 1. Plan: the AI service breaks the topic into sub-questions (research-planner.ts).
 * 2. Gather: the web search (when RESEARCH_SEARCH_URL is set) for the topic and sub-questions, and
 *    the user's own documents and emails by full-text search (local-sources.service.ts).
 * 3. Read each web result (page-reader: timeout, size cap, no private networks by default;
 *    Readability over linkedom); pages that fail or are empty are dropped.
 * 4. Score: relevance to the topic (off-topic sources are dropped) and credibility 0–100 from the
 *    documented factors, with reasons (credibility.ts).
 * 5. Write: the report in Markdown whose citations [n] name only retrieved sources, a summary,
 *    a category and tags where the user gave none, the overall credibility (report-writer.ts).
 *
 * Progress and the stage go to the row as it works, and every write checks the row's `run`, so a
 * report deleted or rerun meanwhile is never overwritten. A run with nothing to cite ends
 * `failed` with the reason; trouble that is not the topic's (the database, a crash) throws for
 * pg-boss to retry once, then the row is `failed` with that reason. The user is notified of the
 * outcome with the topic in the title.
 */
@Injectable()
export class ResearchPipelineService implements OnModuleInit, JobOwner {
  readonly type = RESEARCH_ENTITY;
  private readonly logger = new Logger('ResearchPipeline');

  constructor(
    private readonly jobs: JobsService,
    private readonly ai: AiService,
    private readonly localSources: LocalSourcesService,
    private readonly pageReader: PageReader,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(WEB_SEARCH_PROVIDER) private readonly webSearch: WebSearchProvider | null,
  ) {}

  onModuleInit(): void {
    registerResearchTemplates(this.ai);
    this.jobs.define<ResearchPayload>({
      name: RESEARCH_JOB,
      module: 'research',
      title: 'Research',
      owner: this,
      policy: 'exclusive',
      notifyKind: 'research_finished',
      // The outcome is notified by the handler, with the topic (see finish/fail).
      notifyOnSuccess: false,
      retryLimit: 1,
      retryDelaySeconds: 15,
      expireInSeconds: 900,
      invalidate: RESEARCH_INVALIDATES,
      handler: (payload, ctx) => this.run(payload, ctx),
    });
  }

  /** Queues a run of the pipeline for a saved report; call after the row is committed. */
  /** The user's profile language: the report's own headings are written in it (issue 22). */
  private async languageOf(userId: number): Promise<string> {
    const rows: { language: string }[] = await this.dataSource.query(
      'SELECT language FROM profiles WHERE "userId" = $1',
      [userId],
    );
    return rows[0]?.language ?? 'en';
  }

  async queue(userId: number, reportId: number, run: number): Promise<void> {
    await this.jobs.enqueue<ResearchPayload>(
      RESEARCH_JOB,
      { reportId, run },
      // Keyed by run, not by report: a rerun right after a run completed found the finished job still
      // active in pg-boss and was dropped, leaving the report pending. An older run still going is
      // superseded anyway (every write checks the row's run).
      { userId, entity: { type: RESEARCH_ENTITY, id: reportId }, singletonKey: `research:${reportId}:${run}` },
    );
  }

  // ---- JobOwner: progress and the final failure of a run, written to the row ----

  async setProgress(id: number, progress: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE research_reports SET progress = GREATEST(progress, $2) WHERE id = $1 AND status = 'in_progress'`,
      [id, progress],
    );
  }

  /** The handler writes 'completed' (or its own 'failed') itself, with the results. */
  async setDone(): Promise<void> {}

  /** After the last retry of a run that threw: failed with pg-boss's readable reason. */
  async setFailed(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE research_reports SET status = 'failed', stage = NULL, error = $2, "updatedAt" = now() WHERE id = $1 AND status IN ('pending', 'in_progress')`,
      [id, `The research could not be completed: ${error}`],
    );
  }

  // ---- The run ----

  async run(payload: ResearchPayload, ctx: JobContext): Promise<void> {
    const report = await this.begin(payload);
    if (!report) return;
    try {
      await this.work(report, ctx);
    } catch (error) {
      if (error instanceof RunSuperseded) return ctx.log(`report ${report.id} run ${report.run} superseded`);
      if (error instanceof ResearchFailure) return this.fail(report, error.message);
      throw error;
    }
  }

  /** Marks the run in progress; null when there is nothing to do (deleted, rerun, or already finished by an earlier delivery). */
  private async begin({ reportId, run }: ResearchPayload): Promise<ReportRow | null> {
    const rows = returnedRows<ReportRow>(
      await this.dataSource.query(
        `UPDATE research_reports SET status = 'in_progress', stage = 'Planning the research', progress = GREATEST(progress, 2), "updatedAt" = now()
        WHERE id = $1 AND run = $2 AND status IN ('pending', 'in_progress')
        RETURNING id, "userId", topic, category, tags, status, run`,
        [reportId, run],
      ),
    );
    return rows[0] ?? null;
  }

  private async work(report: ReportRow, ctx: JobContext): Promise<void> {
    const { signal } = ctx;
    const subQuestions = await planResearch(this.ai, report.topic, signal);
    await this.stage(report, 'Searching for sources', PROGRESS.planned, ctx);

    // Gather: the web (when configured) and the user's own documents and emails, side by side.
    const terms = await this.searchTerms(report.topic, subQuestions);
    const [web, local] = await Promise.all([
      this.searchWeb(report.topic, subQuestions, signal),
      this.localSources.search(report.userId, terms, RESEARCH_LIMITS.maxLocalSources),
    ]);
    await this.stage(
      report,
      web.results.length ? `Reading ${web.results.length} web pages` : 'Reading your documents and emails',
      PROGRESS.searched,
      ctx,
    );

    // Read every web result; failures and empty pages are dropped (and logged).
    const pages = await this.readAll(report, web.results, ctx);
    const retrieved: RetrievedSource[] = [...pages, ...local];
    if (!retrieved.length) throw new ResearchFailure(this.nothingFound(web.error));

    await this.stage(report, `Checking ${retrieved.length} sources`, PROGRESS.read, ctx);
    const scored = scoreSources(report.topic, subQuestions, retrieved, new Date());
    if (!scored.length) throw new ResearchFailure(this.nothingFound(web.error));

    await this.stage(report, 'Writing the report', PROGRESS.scored, ctx);
    const language = await this.languageOf(report.userId);
    const written = await writeReport(
      this.ai,
      { topic: report.topic, subQuestions, sources: scored, webSearchOff: !this.webSearch, language },
      signal,
    );
    if (!written.citedSources.length) throw new ResearchFailure(RESEARCH_MESSAGES.noSources);
    await this.stage(report, 'Finishing', PROGRESS.written, ctx);

    // What the report says, without the Sources list or the web-search note (their words are not the topic's).
    const text = `${written.summary}\n${written.content.split(/^## Sources\s*$/m)[0].replace(serverMessage(RESEARCH_MESSAGES.webSearchOff, language), '')}`;
    const [category, tags] = await Promise.all([
      report.category ? Promise.resolve(report.category) : suggestCategory(this.ai, text),
      report.tags.length ? Promise.resolve(report.tags) : suggestTags(this.ai, text, report.topic),
    ]);
    const sources = written.citedSources.map((source, index) => this.toSource(source, index + 1));
    const credibilityScore = overallCredibility(
      sources.map((source, index) => ({ score: source.credibility.score, citations: written.citationCounts[index] })),
    );
    const saved = returnedRows(
      await this.dataSource.query(
        `UPDATE research_reports
          SET status = 'completed', progress = 100, stage = NULL, error = NULL, summary = $3, content = $4, sources = $5::jsonb,
              "credibilityScore" = $6, category = $7, tags = $8, "completedAt" = now(), "updatedAt" = now()
        WHERE id = $1 AND run = $2 AND status = 'in_progress'
        RETURNING id`,
        [
          report.id,
          report.run,
          written.summary,
          written.content,
          JSON.stringify(sources),
          credibilityScore,
          category,
          tags,
        ],
      ),
    );
    if (!saved.length) throw new RunSuperseded();
    ctx.log(`report ${report.id}: ${sources.length} sources cited (${written.method})`);
    await this.notifications.notify(report.userId, {
      kind: 'research_finished',
      module: 'research',
      title: `Research finished: ${report.topic}`.slice(0, 200),
      body: `${sources.length} source${sources.length === 1 ? '' : 's'} cited, credibility ${credibilityScore ?? '—'}/100.`,
      link: `/research?open=${report.id}`,
      sourceKey: `research:${report.id}:${report.run}:completed`,
    });
  }

  /** Keywords of the topic and its sub-questions: what the user's documents and emails are searched for. */
  private async searchTerms(topic: string, subQuestions: string[]): Promise<string[]> {
    const { keywords } = await this.ai.keywords([topic, ...subQuestions].join('. '), { limit: 8 });
    const topicWords = topic.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
    return [...new Set([...topicWords, ...keywords.flatMap((keyword) => keyword.term.split(/\s+/))])].slice(0, 16);
  }

  /**
   * Every query's results (the topic's, then each sub-question's), taken in turns — the best of each
   * query first, so every sub-question is represented — deduplicated, at most maxWebSources. The
   * engine's failure is kept to explain an empty report.
   */
  private async searchWeb(
    topic: string,
    subQuestions: string[],
    signal: AbortSignal,
  ): Promise<{ results: WebSearchResult[]; error: string | null }> {
    if (!this.webSearch) return { results: [], error: null };
    const lists: WebSearchResult[][] = [];
    let error: string | null = null;
    for (const query of searchQueries(topic, subQuestions)) {
      try {
        lists.push(await this.webSearch.search(query, { limit: RESULTS_PER_QUERY, signal }));
      } catch (failure) {
        if (signal.aborted || !(failure instanceof WebSearchError)) throw failure;
        error = failure.message;
        this.logger.warn(`web search for "${query}": ${failure.message}`);
      }
    }
    const seen = new Set<string>();
    const results: WebSearchResult[] = [];
    for (
      let rank = 0;
      results.length < RESEARCH_LIMITS.maxWebSources && lists.some((list) => rank < list.length);
      rank++
    ) {
      for (const list of lists) {
        const result = list[rank];
        const key = result?.url.split('#')[0];
        if (!result || seen.has(key) || results.length >= RESEARCH_LIMITS.maxWebSources) continue;
        seen.add(key);
        results.push(result);
      }
    }
    return { results, error: results.length ? null : error };
  }

  private async readAll(report: ReportRow, results: WebSearchResult[], ctx: JobContext): Promise<RetrievedSource[]> {
    const outcomes: ReadOutcome[] = new Array(results.length);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < results.length) {
        const index = next++;
        outcomes[index] = await this.pageReader.read(results[index].url, ctx.signal);
        done += 1;
        await this.stage(
          report,
          `Reading sources (${done} of ${results.length})`,
          PROGRESS.searched + ((PROGRESS.read - PROGRESS.searched) * done) / results.length,
          ctx,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, results.length) }, worker));
    const pages: RetrievedSource[] = [];
    outcomes.forEach((outcome, index) => {
      if (!outcome.ok) return ctx.log(`dropped ${outcome.url}: ${outcome.reason}`);
      const { page } = outcome;
      pages.push({
        kind: 'web',
        title: page.title || results[index].title,
        url: page.url,
        author: page.author,
        publishedAt: page.publishedAt ?? results[index].publishedAt,
        text: page.text,
      });
    });
    return pages;
  }

  private nothingFound(webError: string | null): string {
    if (webError) return `${webError}. None of your documents or emails mention this topic either.`;
    return this.webSearch ? RESEARCH_MESSAGES.noSources : RESEARCH_MESSAGES.noSourcesWebOff;
  }

  /** Writes the stage (and progress) if the run is still this report's, else stops the run. */
  private async stage(report: ReportRow, stage: string, progress: number, ctx: JobContext): Promise<void> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE research_reports SET stage = $3 WHERE id = $1 AND run = $2 AND status = 'in_progress' RETURNING id`,
        [report.id, report.run, stage],
      ),
    );
    if (!rows.length) throw new RunSuperseded();
    ctx.progress(progress);
  }

  private async fail(report: ReportRow, reason: string): Promise<void> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE research_reports SET status = 'failed', stage = NULL, error = $3, "updatedAt" = now() WHERE id = $1 AND run = $2 AND status = 'in_progress' RETURNING id`,
        [report.id, report.run, reason.slice(0, 1000)],
      ),
    );
    if (!rows.length) return;
    await this.notifications.notify(report.userId, {
      kind: 'research_finished',
      module: 'research',
      title: `Research failed: ${report.topic}`.slice(0, 200),
      body: reason,
      link: `/research?open=${report.id}`,
      sourceKey: `research:${report.id}:${report.run}:failed`,
    });
  }

  private toSource(source: ScoredSource, number: number): ResearchSource {
    const text = source.text.replace(/\s+/g, ' ').trim();
    return {
      number,
      kind: source.kind,
      title: source.title,
      url: source.url,
      site: source.kind === 'web' ? hostOf(source.url) : null,
      author: source.author,
      publishedAt: source.publishedAt,
      excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text,
      credibility: source.credibility,
    };
  }
}
