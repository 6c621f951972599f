import { Inject, Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import {
  AI_PROVIDER,
  type AiProvider,
  type ClassificationLabels,
  type ClassificationResult,
  type Generated,
  type GenerateOptions,
  type KeywordsOptions,
  type KeywordsResult,
  type SummaryOptions,
  type SummaryResult,
} from './ai.types';
import { type OfflineTemplate, OfflineTemplates } from './offline/templates';

/**
 * The one entry point domain modules use for AI work. Which engine answers (a configured
 * OpenAI-compatible model, or the offline engine) is configuration, not the caller's concern;
 * every result says which one it was. Failures are AiErrors (see ai.errors.ts and
 * toAiHttpException()).
 */
@Injectable()
export class AiService {
  private readonly logger = new Logger('AiService');

  constructor(
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    private readonly templates: OfflineTemplates,
  ) {
    this.logger.log(`AI provider: ${provider.name}`);
  }

  /** 'offline' or 'openai-compatible'. */
  get providerName(): string {
    return this.provider.name;
  }

  /** An extractive (offline) or model-written summary within the limits (default 3 sentences). */
  summarize(text: string, options: SummaryOptions = {}): Promise<SummaryResult> {
    return this.provider.summarize(text, options);
  }

  /** The text's keywords, best first (default 10). */
  keywords(text: string, options: KeywordsOptions = {}): Promise<KeywordsResult> {
    return this.provider.keywords(text, options);
  }

  /** The best of `labels` for the text; with a map, each label's words help the offline engine decide. */
  classify(text: string, labels: ClassificationLabels): Promise<ClassificationResult> {
    return this.provider.classify(text, labels);
  }

  /**
   * A value for `task` built from `input`, always validated by `schema`: the remote provider repairs
   * or re-asks for malformed answers (bounded), the offline engine runs the task's registered
   * template. Throws AiOutputError rather than returning anything the schema rejects.
   */
  async generate<T>(task: string, input: unknown, schema: z.ZodType<T>, options: GenerateOptions = {}): Promise<T> {
    return (await this.generateWithMethod(task, input, schema, options)).value;
  }

  /** generate(), plus which provider or template produced the value. */
  generateWithMethod<T>(
    task: string,
    input: unknown,
    schema: z.ZodType<T>,
    options: GenerateOptions = {},
  ): Promise<Generated<T>> {
    return this.provider.generate(task, input, schema, options);
  }

  /** The offline engine's answer for `task` (e.g. 'travel.itinerary'); register once, at start-up. */
  registerTemplate<T>(task: string, template: (input: unknown) => T | Promise<T>): void {
    this.templates.register(task, template as OfflineTemplate);
  }
}
