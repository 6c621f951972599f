import { Logger } from '@nestjs/common';
import { AiRequestError } from '../ai.errors';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict: boolean } }
  | { type: 'json_object' }
  | undefined;

export interface ChatClientConfig {
  /** Up to and including the version segment: https://api.openai.com/v1, http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The longest one call may take, retries and waits included. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx or a network error. */
  maxRetries: number;
  /** First backoff step; doubles per retry (tests shorten it). */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
}

export interface ChatAnswer {
  content: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

/** Retry-After in seconds or as an HTTP date (RFC 9110), or OpenAI's retry-after-ms; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The server's own words for a refused request: OpenAI-style { error: { message } }, else the body's start. */
function errorDetail(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.slice(0, 300);
}

/**
 * POST {baseUrl}/chat/completions with plain fetch. The `openai` package would retry on its own
 * and assumes OpenAI's quirks; here the retry policy, the response_format fallback and the
 * timeout are ours, the same for Ollama, vLLM and llama.cpp, with no extra dependency.
 */
export class ChatClient {
  private readonly logger = new Logger('AiChatClient');

  constructor(readonly config: ChatClientConfig) {}

  async complete(
    task: string,
    messages: ChatMessage[],
    responseFormat: ResponseFormat,
    cancel?: AbortSignal,
  ): Promise<ChatAnswer> {
    const { baseUrl, apiKey, model, timeoutMs, maxRetries } = this.config;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([deadline, cancel]) : deadline;
    const started = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const body = JSON.stringify({ model, messages, ...(responseFormat ? { response_format: responseFormat } : {}) });

    for (let attempt = 0; ; attempt++) {
      let wait: number;
      let failure: AiRequestError;
      try {
        const response = await fetch(`${baseUrl}/chat/completions`, { method: 'POST', headers, body, signal });
        const text = await response.text();
        if (response.ok) {
          const answer = this.parse(text);
          this.logUsage(task, answer, Date.now() - started);
          return answer;
        }
        const detail = errorDetail(text);
        failure = new AiRequestError(
          `the model server answered ${response.status}: ${detail}`,
          response.status === 429 ? 'rate-limited' : 'http',
          response.status,
        );
        if (!RETRYABLE(response.status)) throw failure;
        wait = retryAfterMs(response.headers) ?? this.backoff(attempt);
      } catch (error) {
        if (error instanceof AiRequestError && !RETRYABLE(error.status ?? 0)) throw error;
        if (deadline.aborted) throw this.timeout(error);
        if (cancel?.aborted)
          throw new AiRequestError('the AI call was cancelled', 'cancelled', undefined, { cause: error });
        if (error instanceof AiRequestError) throw error;
        failure = new AiRequestError(
          `the model server could not be reached at ${baseUrl}: ${(error as Error).message}`,
          'network',
          undefined,
          { cause: error },
        );
        wait = this.backoff(attempt);
      }
      if (attempt >= maxRetries) throw failure;
      const left = started + timeoutMs - Date.now();
      if (wait >= left) {
        if (failure.status === 429)
          throw new AiRequestError(
            `the model server is rate limiting and asked to wait ${Math.ceil(wait / 1000)} s, longer than AI_TIMEOUT_MS allows`,
            'rate-limited',
            429,
          );
        throw this.timeout(failure);
      }
      this.logger.warn(`${task}: ${failure.message}; retry ${attempt + 1}/${maxRetries} in ${Math.round(wait)} ms`);
      try {
        await sleep(wait, signal);
      } catch (error) {
        if (deadline.aborted) throw this.timeout(error);
        throw new AiRequestError('the AI call was cancelled', 'cancelled', undefined, { cause: error });
      }
    }
  }

  /** Exponential backoff with equal jitter: half the step fixed, half random, so clients spread out. */
  private backoff(attempt: number): number {
    const base = this.config.retryBaseDelayMs ?? 500;
    const step = Math.min(this.config.retryMaxDelayMs ?? 8000, base * 2 ** attempt);
    return step / 2 + Math.random() * (step / 2);
  }

  private timeout(cause: unknown): AiRequestError {
    return new AiRequestError(
      `the model server did not answer within ${this.config.timeoutMs} ms (AI_TIMEOUT_MS)`,
      'timeout',
      undefined,
      { cause },
    );
  }

  /** A 200 whose body is not a chat completion counts as an empty answer: the caller's repair loop asks again. */
  private parse(text: string): ChatAnswer {
    try {
      const json = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[]; usage?: ChatAnswer['usage'] };
      const content = json.choices?.[0]?.message?.content;
      return { content: typeof content === 'string' ? content : '', usage: json.usage };
    } catch {
      return { content: text };
    }
  }

  private logUsage(task: string, answer: ChatAnswer, ms: number): void {
    const { model } = this.config;
    const usage = answer.usage;
    if (usage)
      this.logger.log(
        `${task}: ${model} used ${usage.prompt_tokens ?? '?'} prompt + ${usage.completion_tokens ?? '?'} completion tokens in ${ms} ms`,
      );
    else this.logger.log(`${task}: ${model} answered in ${ms} ms (no token usage reported)`);
  }
}
