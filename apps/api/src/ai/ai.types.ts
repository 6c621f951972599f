import type { z } from 'zod';

/** Every result names how it was computed (DECISIONS: a score or summary says how it was computed). */
export interface SummaryResult {
  summary: string;
  /** The summary's sentences, in the order they appear in the text. */
  sentences: string[];
  method: string;
}

export interface SummaryOptions {
  maxWords?: number;
  maxSentences?: number;
}

export interface KeywordsResult {
  /** Best first; scores are relative, 1 for the best term. */
  keywords: { term: string; score: number }[];
  method: string;
}

export interface KeywordsOptions {
  limit?: number;
}

export interface ClassificationResult {
  /** Always one of the labels given. */
  label: string;
  /** 0..1; 0 when nothing in the text points at any label. */
  confidence: number;
  method: string;
}

/** Label names, or label → words that point at it (the label's own words count too). */
export type ClassificationLabels = string[] | Record<string, string[]>;

export interface GenerateOptions {
  /** What the model is asked to do with the input (the remote provider's prompt). */
  instructions?: string;
  /** How many times a malformed model answer is sent back for correction (default 2). */
  outputRetries?: number;
  /** Cancels the call (e.g. when the job running it is cancelled). */
  signal?: AbortSignal;
}

export interface Generated<T> {
  value: T;
  method: string;
}

/** The one interface both engines implement; AiService picks one from the configuration. */
export interface AiProvider {
  /** 'offline' or 'openai-compatible'. */
  readonly name: string;
  summarize(text: string, options: SummaryOptions): Promise<SummaryResult>;
  keywords(text: string, options: KeywordsOptions): Promise<KeywordsResult>;
  classify(text: string, labels: ClassificationLabels): Promise<ClassificationResult>;
  /** Returns a value already validated by `schema`, or throws an AiError. */
  generate<T>(task: string, input: unknown, schema: z.ZodType<T>, options: GenerateOptions): Promise<Generated<T>>;
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');
