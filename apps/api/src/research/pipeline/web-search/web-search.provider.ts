import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../../config/env.schema';
import { WEB_SEARCH_PROVIDER, type WebSearchProvider } from '../pipeline.types';
import { SearxngSearchProvider } from './searxng-search.provider';

/** WEB_SEARCH_PROVIDER for Nest: SearxNG at RESEARCH_SEARCH_URL, or null when it is unset (no web search). */
export const webSearchProvider: Provider = {
  provide: WEB_SEARCH_PROVIDER,
  inject: [ConfigService],
  useFactory: (config: ConfigService<Env, true>): WebSearchProvider | null => {
    const baseUrl = config.get('RESEARCH_SEARCH_URL', { infer: true });
    return baseUrl
      ? new SearxngSearchProvider({ baseUrl, timeoutMs: config.get('RESEARCH_FETCH_TIMEOUT_MS', { infer: true }) })
      : null;
  },
};
