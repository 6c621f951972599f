import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { AiOutputError, AiRequestError } from '../ai.errors';
import type {
  AiProvider,
  ClassificationLabels,
  Generated,
  GenerateOptions,
  KeywordsOptions,
  SummaryOptions,
} from '../ai.types';
import { DEFAULT_KEYWORD_LIMIT } from '../offline/keywords';
import { DEFAULT_SUMMARY_SENTENCES } from '../offline/summarize';
import { countWords } from '../text/sentences';
import { describeIssues } from '../validate-output';
import { type ChatClient, type ChatMessage, type ResponseFormat } from './chat-client';
import { extractJson } from './extract-json';
import { isStrictCompatible, schemaName, toModelJsonSchema } from './json-schema';

/** How the answer's shape is requested, strongest first; a server that refuses one gets the next. */
export type FormatMode = 'json_schema' | 'json_object' | 'prompt';
const WEAKER: Record<FormatMode, FormatMode | undefined> = {
  json_schema: 'json_object',
  json_object: 'prompt',
  prompt: undefined,
};
export const DEFAULT_OUTPUT_RETRIES = 2;

/** A 400 (or 422) that blames the response_format, as OpenAI, vLLM and older llama.cpp servers word it. */
const rejectsFormat = (error: unknown) =>
  error instanceof AiRequestError &&
  (error.status === 400 || error.status === 422) &&
  /response_format|json_schema|json_object|structured output/i.test(error.message);

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp server). Every
 * operation is a `generate` with a zod schema: the answer is extracted from its wrapping, validated,
 * and on failure sent back with the schema's complaints, a bounded number of times.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai-compatible';
  private readonly logger = new Logger('AiOpenAiCompatible');
  /** Remembered per server, so a refused format is not retried on every call. */
  private mode: FormatMode = 'json_schema';

  constructor(private readonly client: ChatClient) {}

  get method(): string {
    return `${this.name}:${this.client.config.model}`;
  }

  get formatMode(): FormatMode {
    return this.mode;
  }

  async generate<T>(
    task: string,
    input: unknown,
    schema: z.ZodType<T>,
    options: GenerateOptions,
  ): Promise<Generated<T>> {
    const jsonSchema = toModelJsonSchema(schema);
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: [
          `You are the assistant inside Aide, a personal-assistant app. Task: ${task}.`,
          options.instructions ?? '',
          'Reply with one JSON value and nothing else. It must match this JSON Schema:',
          JSON.stringify(jsonSchema),
        ]
          .filter(Boolean)
          .join('\n'),
      },
      { role: 'user', content: typeof input === 'string' ? input : JSON.stringify(input, null, 2) },
    ];
    const attempts = 1 + (options.outputRetries ?? DEFAULT_OUTPUT_RETRIES);
    let issues: string[] = [];
    let content = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      content = (await this.call(task, messages, jsonSchema, options.signal)).content;
      const extracted = extractJson(content);
      if (extracted.ok) {
        const parsed = schema.safeParse(extracted.value);
        if (parsed.success) return { value: parsed.data, method: this.method };
        issues = describeIssues(parsed.error);
      } else {
        issues = ['the answer is not JSON'];
      }
      this.logger.warn(`${task}: unusable answer (attempt ${attempt}/${attempts}): ${issues.slice(0, 3).join('; ')}`);
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `That answer could not be used: ${issues.slice(0, 10).join('; ')}. Reply again with only the corrected JSON value.`,
        },
      );
    }
    throw new AiOutputError(task, issues, content.slice(0, 500));
  }

  /** One chat call in the strongest format the server accepts, stepping down when it refuses one. */
  private async call(task: string, messages: ChatMessage[], jsonSchema: Record<string, unknown>, signal?: AbortSignal) {
    for (;;) {
      try {
        return await this.client.complete(task, messages, this.responseFormat(task, jsonSchema), signal);
      } catch (error) {
        const weaker = WEAKER[this.mode];
        if (!weaker || !rejectsFormat(error)) throw error;
        this.logger.warn(
          `${task}: the server refused response_format ${this.mode} (${(error as Error).message}); using ${weaker} from now on`,
        );
        this.mode = weaker;
      }
    }
  }

  private responseFormat(task: string, jsonSchema: Record<string, unknown>): ResponseFormat {
    if (this.mode === 'json_schema')
      return {
        type: 'json_schema',
        json_schema: { name: schemaName(task), schema: jsonSchema, strict: isStrictCompatible(jsonSchema) },
      };
    if (this.mode === 'json_object') return { type: 'json_object' };
    return undefined;
  }

  async summarize(text: string, options: SummaryOptions) {
    const maxSentences =
      options.maxSentences ?? (options.maxWords === undefined ? DEFAULT_SUMMARY_SENTENCES : undefined);
    const limits = [
      maxSentences && `at most ${maxSentences} sentences`,
      options.maxWords && `at most ${options.maxWords} words in all`,
    ]
      .filter(Boolean)
      .join(' and ');
    let sentences = z.array(z.string().trim().min(1)).min(1);
    if (maxSentences) sentences = sentences.max(maxSentences);
    const schema = z.object({
      sentences: sentences.refine(
        (s) => options.maxWords === undefined || countWords(s.join(' ')) <= options.maxWords,
        `the summary must have at most ${options.maxWords} words`,
      ),
    });
    const { value } = await this.generate('ai.summarize', text, schema, {
      instructions: `Summarise the user's text in ${limits}. Say only what the text says; keep its order.`,
    });
    return { summary: value.sentences.join(' '), sentences: value.sentences, method: this.method };
  }

  async keywords(text: string, options: KeywordsOptions) {
    const limit = options.limit ?? DEFAULT_KEYWORD_LIMIT;
    const schema = z.object({
      keywords: z.array(z.object({ term: z.string().trim().min(1), score: z.number().min(0).max(1) })).max(limit),
    });
    const { value } = await this.generate('ai.keywords', text, schema, {
      instructions: `List at most ${limit} keywords or short key phrases of the user's text, each with a relevance score from 0 to 1, most relevant first.`,
    });
    return { keywords: [...value.keywords].sort((a, b) => b.score - a.score), method: this.method };
  }

  async classify(text: string, labels: ClassificationLabels) {
    const names = Array.isArray(labels) ? labels : Object.keys(labels);
    if (names.length === 0) throw new Error('classify needs at least one label');
    const hints = Array.isArray(labels) ? '' : ` Hints per label: ${JSON.stringify(labels)}.`;
    const schema = z.object({ label: z.enum(names as [string, ...string[]]), confidence: z.number().min(0).max(1) });
    const { value } = await this.generate('ai.classify', text, schema, {
      instructions: `Pick the one label that fits the user's text best, from: ${names.join(', ')}.${hints} Give your confidence from 0 to 1.`,
    });
    return { ...value, method: this.method };
  }
}
