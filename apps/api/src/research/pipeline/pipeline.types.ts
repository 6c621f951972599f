import type { CredibilityPart, ResearchSourceKind } from '@aide/contracts';

/**
 * The research pipeline's stages and what passes between them (research-pipeline.service.ts runs
 * them as one background job): plan → gather (web search + the user's documents and emails) →
 * read each web result → score → write.
 */

/** One hit of a web search, as the search engine answered it. */
export interface WebSearchResult {
  url: string;
  title: string;
  /** The engine's snippet; may be empty. */
  snippet: string;
  /** ISO date when the engine knows it. */
  publishedAt: string | null;
}

/** A web search engine (SearxNG's JSON API first; others behind the same interface). */
export interface WebSearchProvider {
  /** 'searxng' … */
  readonly name: string;
  /** Best first, at most `limit`; throws WebSearchError (readable message) when the engine fails. */
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<WebSearchResult[]>;
}

/** Nest token of the configured WebSearchProvider; its value is null when RESEARCH_SEARCH_URL is unset. */
export const WEB_SEARCH_PROVIDER = Symbol('WEB_SEARCH_PROVIDER');

export class WebSearchError extends Error {}

/** A web page fetched and reduced to its readable text (Readability over linkedom). */
export interface ReadPage {
  /** The address finally read (after redirects). */
  url: string;
  title: string;
  /** The author (Readability's byline, or meta author / article:author), null when none. */
  author: string | null;
  /** ISO date from article:published_time, <time datetime>, JSON-LD datePublished …; null when none. */
  publishedAt: string | null;
  siteName: string | null;
  /** The readable text, whitespace-normalised; never empty (an empty page is a failure). */
  text: string;
}

/** What reading one address gave: the page, or why it was dropped (for the job's log). */
export type ReadOutcome = { ok: true; page: ReadPage } | { ok: false; url: string; reason: string };

/** Fetches and reads web pages: http(s) only, with a timeout, a size cap and (by configuration) no private networks. */
export interface PageReaderPort {
  read(url: string, signal?: AbortSignal): Promise<ReadOutcome>;
}

/** A source retrieved for the report, before scoring. */
export interface RetrievedSource {
  kind: ResearchSourceKind;
  title: string;
  /** Web: the page's address; document: '/documents?open=<id>'; email: '/email?open=<id>'. */
  url: string;
  author: string | null;
  publishedAt: string | null;
  /** The text read (web: Readability's text; document: extracted text or summary; email: the body). */
  text: string;
}

/** A source kept after scoring, with its credibility (0–100) and the reasons. */
export interface ScoredSource extends RetrievedSource {
  /** How well the text matches the topic and its sub-questions, 0–1. */
  relevance: number;
  credibility: { score: number; parts: CredibilityPart[] };
}

/** What the writer produced. Citations [n] refer to `sources[n - 1]` of its input. */
export interface WrittenReport {
  /** Markdown: headings, paragraphs with [n] citations, and a Sources list. */
  content: string;
  /** A few sentences; plain text (the card shows its first 3 lines). */
  summary: string;
  /** How it was written ('offline extractive', 'openai-compatible gpt-4o-mini') for the report's footer. */
  method: string;
}
