import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.schema';
import { type AiEnv, createAiProvider } from './ai-provider.factory';
import { AiService } from './ai.service';
import { AI_PROVIDER } from './ai.types';
import { OfflineTemplates } from './offline/templates';

/**
 * AI for every domain module: import AiModule and inject AiService. The provider is chosen once,
 * at start, from AI_BASE_URL (see README "AI").
 */
@Module({
  providers: [
    OfflineTemplates,
    {
      provide: AI_PROVIDER,
      inject: [ConfigService, OfflineTemplates],
      useFactory: (config: ConfigService<Env, true>, templates: OfflineTemplates) => {
        const env: AiEnv = {
          AI_BASE_URL: config.get('AI_BASE_URL', { infer: true }),
          AI_API_KEY: config.get('AI_API_KEY', { infer: true }),
          AI_MODEL: config.get('AI_MODEL', { infer: true }),
          AI_TIMEOUT_MS: config.get('AI_TIMEOUT_MS', { infer: true }),
          AI_MAX_RETRIES: config.get('AI_MAX_RETRIES', { infer: true }),
        };
        return createAiProvider(env, templates);
      },
    },
    AiService,
  ],
  exports: [AiService],
})
export class AiModule {}
