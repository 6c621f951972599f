import type { Env } from '../config/env.schema';
import type { AiProvider } from './ai.types';
import { OfflineProvider } from './offline/offline.provider';
import type { OfflineTemplates } from './offline/templates';
import { ChatClient, type ChatClientConfig } from './remote/chat-client';
import { OpenAiCompatibleProvider } from './remote/openai-compatible.provider';

export type AiEnv = Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_MAX_RETRIES'>;

/** With AI_BASE_URL, the OpenAI-compatible server; without it, the offline engine (DECISIONS: AI). */
export function createAiProvider(
  env: AiEnv,
  templates: OfflineTemplates,
  tuning: Partial<ChatClientConfig> = {},
): AiProvider {
  if (!env.AI_BASE_URL) return new OfflineProvider(templates);
  if (!env.AI_MODEL) throw new Error('AI_MODEL is required when AI_BASE_URL is set');
  return new OpenAiCompatibleProvider(
    new ChatClient({
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
      maxRetries: env.AI_MAX_RETRIES,
      ...tuning,
    }),
  );
}
