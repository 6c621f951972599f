import type { ConfigService } from '@nestjs/config';
import type { FactoryProvider } from '@nestjs/common';
import { WEB_SEARCH_PROVIDER } from '../pipeline.types';
import { SearxngSearchProvider } from './searxng-search.provider';
import { webSearchProvider } from './web-search.provider';

const configWith = (env: Record<string, unknown>) => ({ get: (key: string) => env[key] }) as unknown as ConfigService;
const { provide, useFactory } = webSearchProvider as FactoryProvider;

describe('webSearchProvider', () => {
  it('is SearxNG when RESEARCH_SEARCH_URL is set', () => {
    expect(provide).toBe(WEB_SEARCH_PROVIDER);
    const provider = useFactory(
      configWith({ RESEARCH_SEARCH_URL: 'http://searxng:8080', RESEARCH_FETCH_TIMEOUT_MS: 10_000 }),
    );
    expect(provider).toBeInstanceOf(SearxngSearchProvider);
    expect(provider.name).toBe('searxng');
  });

  it('is null when RESEARCH_SEARCH_URL is unset, so research reads only the user’s own items', () => {
    expect(useFactory(configWith({ RESEARCH_FETCH_TIMEOUT_MS: 10_000 }))).toBeNull();
  });
});
