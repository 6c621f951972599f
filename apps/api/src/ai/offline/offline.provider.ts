import type { z } from 'zod';
import { AiOutputError } from '../ai.errors';
import type {
  AiProvider,
  ClassificationLabels,
  Generated,
  GenerateOptions,
  KeywordsOptions,
  SummaryOptions,
} from '../ai.types';
import { describeIssues } from '../validate-output';
import { classifyText } from './classify';
import { extractKeywords } from './keywords';
import { summarizeText } from './summarize';
import type { OfflineTemplates } from './templates';

export const OFFLINE_TEMPLATE_METHOD = 'offline:template';

/** The built-in engine: deterministic text methods and registered templates, no network. */
export class OfflineProvider implements AiProvider {
  readonly name = 'offline';

  constructor(private readonly templates: OfflineTemplates) {}

  async summarize(text: string, options: SummaryOptions) {
    return summarizeText(text, options);
  }

  async keywords(text: string, options: KeywordsOptions) {
    return extractKeywords(text, options);
  }

  async classify(text: string, labels: ClassificationLabels) {
    return classifyText(text, labels);
  }

  /** A template is code, so a wrong shape is a bug: it fails at once instead of being retried. */
  async generate<T>(
    task: string,
    input: unknown,
    schema: z.ZodType<T>,
    _options: GenerateOptions,
  ): Promise<Generated<T>> {
    const answer = await this.templates.get(task)(input);
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw new AiOutputError(
        task,
        describeIssues(parsed.error),
        JSON.stringify(answer)?.slice(0, 500) ?? String(answer),
      );
    return { value: parsed.data, method: `${OFFLINE_TEMPLATE_METHOD}:${task}` };
  }
}
