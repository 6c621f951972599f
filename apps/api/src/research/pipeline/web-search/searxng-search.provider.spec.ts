import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ResearchWeb, startResearchWeb } from '../../../../test/research-web';
import { WebSearchError } from '../pipeline.types';
import { SearxngSearchProvider } from './searxng-search.provider';

let web: ResearchWeb;

beforeAll(async () => {
  web = await startResearchWeb();
});
afterAll(() => web.close());
afterEach(() => {
  web.settings.searchStatus = null;
  web.settings.searchBody = null;
});

const searxng = (baseUrl = web.searchUrl, timeoutMs = 5000) => new SearxngSearchProvider({ baseUrl, timeoutMs });

describe('SearxngSearchProvider', () => {
  it('answers the engine’s web results in its order, each page once, with ISO dates', async () => {
    const results = await searxng().search('urban heat islands', { limit: 20 });

    expect(web.searches).toContain('urban heat islands');
    expect(results.map((result) => result.url)).toEqual([
      web.urls.strong,
      web.urls.thin,
      web.urls.offTopic,
      web.urls.decent,
      web.urls.dead,
      web.urls.pdf,
      web.urls.slow,
      web.urls.closedPort,
    ]);
    expect(results[0]).toEqual({
      url: web.urls.strong,
      title: 'Urban heat islands explained: causes, health effects and what cities can do',
      snippet: expect.stringContaining('warmer than the rural land'),
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // No date, and a date the engine could not parse, are both unknown.
    expect(results.find((result) => result.url === web.urls.thin)?.publishedAt).toBeNull();
    expect(results.find((result) => result.url === web.urls.slow)?.publishedAt).toBeNull();
  });

  it('answers at most `limit` results, the best first', async () => {
    const results = await searxng().search('cool roofs', { limit: 3 });
    expect(results.map((result) => result.url)).toEqual([web.urls.strong, web.urls.thin, web.urls.offTopic]);
  });

  it('finds /search under a base address with a path or a trailing slash', async () => {
    await expect(searxng(`${web.searchUrl}/`).search('street trees', { limit: 1 })).resolves.toHaveLength(1);
    expect(web.searches.at(-1)).toBe('street trees');
  });

  it('says the engine failed, with its status, when it answers 502', async () => {
    web.settings.searchStatus = 502;
    const failure = searxng().search('urban heat islands', { limit: 5 });
    await expect(failure).rejects.toBeInstanceOf(WebSearchError);
    await expect(failure).rejects.toThrow('Web search failed: the search engine answered 502');
  });

  it('says the engine failed when it answers something that is not JSON', async () => {
    web.settings.searchBody = '<html>maintenance</html>';
    await expect(searxng().search('urban heat islands', { limit: 5 })).rejects.toThrow(
      new WebSearchError('Web search failed: the search engine did not answer JSON'),
    );
  });

  it('says the engine failed when its JSON has no list of results', async () => {
    web.settings.searchBody = JSON.stringify({ query: 'x', results: 'none' });
    await expect(searxng().search('urban heat islands', { limit: 5 })).rejects.toThrow(
      new WebSearchError('Web search failed: the search engine answered JSON without a list of results'),
    );
  });

  it('says it could not reach the engine when nothing listens there', async () => {
    const closed = new URL(web.urls.closedPort).origin;
    await expect(searxng(closed).search('urban heat islands', { limit: 5 })).rejects.toThrow(
      new WebSearchError('Web search failed: could not reach the search engine (ECONNREFUSED)'),
    );
  });

  describe('against an engine that never answers', () => {
    let silent: http.Server;
    let silentUrl: string;
    beforeAll(async () => {
      silent = http.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up after the timeout with a readable error', async () => {
      await expect(searxng(silentUrl, 300).search('urban heat islands', { limit: 5 })).rejects.toThrow(
        new WebSearchError('Web search failed: the search engine did not answer within 300 ms'),
      );
    });

    it('stops at once when the caller aborts, with the caller’s reason rather than a search error', async () => {
      const controller = new AbortController();
      const search = searxng(silentUrl, 10_000).search('urban heat islands', { limit: 5, signal: controller.signal });
      controller.abort(new Error('job cancelled'));
      await expect(search).rejects.toThrow('job cancelled');
    });
  });
});
