/**
 * The AI the evaluation uses: the app's own AiService, on the offline engine, or on the
 * OpenAI-compatible model named by AI_BASE_URL / AI_MODEL / AI_API_KEY when AI_BASE_URL is set
 * (the same switch as the API's), so the same corpus compares the two engines.
 */
import { Logger } from '@nestjs/common';
import { createAiProvider } from '../../apps/api/src/ai/ai-provider.factory';
import { AiService } from '../../apps/api/src/ai/ai.service';
import { OfflineTemplates } from '../../apps/api/src/ai/offline/templates';
import { parseEnv } from '../../apps/api/src/config/env.schema';

export function evalAi(): { ai: AiService; templates: OfflineTemplates } {
  Logger.overrideLogger(['error', 'warn']);
  const env = parseEnv({
    AI_BASE_URL: process.env.AI_BASE_URL,
    AI_API_KEY: process.env.AI_API_KEY,
    AI_MODEL: process.env.AI_MODEL,
  });
  const templates = new OfflineTemplates();
  return { ai: new AiService(createAiProvider(env, templates), templates), templates };
}
