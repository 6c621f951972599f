import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small web about one topic on 127.0.0.1, for the research pipeline's tests (jest and
 * Playwright alike: plain node:http, no test-runner imports). `/search` answers like SearxNG's
 * JSON API and lists pages of every quality: a strong article, a decent older one, a thin note,
 * an off-topic page, dead links, a slow page and a PDF. Pages the search never lists
 * (`endless`, the redirects) are for the page reader's own tests.
 */

export const RESEARCH_WEB_TOPIC = 'urban heat islands';

export interface ResearchWebOptions {
  /** How long (ms) the slow page waits before it starts answering; 15 s unless told. */
  slowDelayMs?: number;
  /** Make /search answer this status (e.g. 502) with an error page instead of results. */
  searchStatus?: number;
  /** Make /search answer this raw text (with a JSON content type), e.g. something that is not JSON. */
  searchBody?: string;
  /** The address to listen on; 127.0.0.1 unless told. */
  host?: string;
  /** The port to listen on; any free one unless told. */
  port?: number;
}

export interface ResearchWeb {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** What RESEARCH_SEARCH_URL should be (the origin; the engine answers at /search). */
  searchUrl: string;
  urls: ResearchWebUrls;
  /** The q of every /search received, in order. */
  searches: string[];
  /** The path of every other request received, in order (what the reader fetched). */
  requests: string[];
  /** Live settings: change them between requests (a test that makes the engine fail midway). */
  settings: { slowDelayMs: number; searchStatus: number | null; searchBody: string | null };
  close(): Promise<void>;
}

export interface ResearchWebUrls {
  /** Author in meta and byline, published a month ago, long and substantive. */
  strong: string;
  /** Author and a date two years ago. */
  decent: string;
  /** No author, no date, a little over 200 characters of text. */
  thin: string;
  /** About sourdough bread; the search lists it anyway. */
  offTopic: string;
  /** Answers 404. */
  dead: string;
  /** A port where nothing listens. */
  closedPort: string;
  /** Answers only after settings.slowDelayMs. */
  slow: string;
  /** application/pdf. */
  pdf: string;
  /** Not listed by /search: a page with a heading and one short line. */
  stub: string;
  /** Not listed by /search: the decent article's text as text/plain. */
  plainText: string;
  /** Not listed by /search: the strong article, then padding that never ends. */
  endless: string;
  /** Not listed by /search: answers 302 to `to` (any address). */
  redirectTo(to: string): string;
  /** Not listed by /search: a chain of `hops` redirects ending at the strong article. */
  redirectChain(hops: number): string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(options: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.title)}</title>
${options.head ?? ''}
</head>
<body>
<header><nav><a href="/">Home</a> · <a href="/about">About</a> · <a href="/contact">Contact</a></nav></header>
${options.body}
<footer><p>© Fixture Web. All rights reserved.</p></footer>
</body>
</html>`;
}

const STRONG_PARAGRAPHS = [
  'An urban heat island is a city or metropolitan area that is significantly warmer than the rural land around it. On calm, clear nights the difference between a dense city centre and the surrounding countryside can reach 5 to 10 degrees Celsius, and the gap is usually largest a few hours after sunset.',
  'The main cause is the material cities are built from. Dark surfaces such as asphalt roads and tar roofs absorb most of the sunlight that falls on them and store the heat in their mass, then release it slowly through the evening and night, which keeps urban air warm long after the countryside has cooled.',
  'The loss of vegetation makes the effect stronger. Trees, parks and open soil cool their surroundings by shading the ground and by evapotranspiration, the evaporation of water from leaves and soil. When green space is replaced by buildings and pavement, that natural cooling disappears.',
  'Waste heat adds to the problem. Cars, industry and the air conditioners that cool buildings all release heat into the streets, and tall buildings packed closely together trap warm air and slow the wind that would otherwise carry it away.',
  'The health effects are most serious during heatwaves. Higher night-time temperatures give the body no chance to recover, and studies of past heatwaves found more heat-related illness and deaths in the hottest urban neighbourhoods, especially among older people, young children and people with heart or lung disease.',
  'Cities can reduce the effect. Cool roofs, painted or built with reflective materials, reflect sunlight instead of absorbing it; planting street trees shades pavements and cools the air; and new parks and other green space bring evapotranspiration back into the city. Many cities now combine these measures in heat action plans.',
  'Measurements from satellites and street-level sensors show that the benefits are real: neighbourhoods with more tree canopy and lighter surfaces are measurably cooler on hot afternoons, and the most effective plans target the areas where vulnerable residents live.',
];

const DECENT_PARAGRAPHS = [
  'Why do cities run hotter than the countryside? The urban heat island effect comes from the way we build: dark surfaces like roads and roofs soak up the sun during the day and give the heat back at night.',
  'Cities have also lost much of their vegetation. Without trees and green space to shade streets and cool the air through evaporation, neighbourhoods stay warm, and the waste heat from traffic and air conditioning makes them warmer still.',
  'The consequences matter most in a heatwave, when hot nights put older residents at risk. Cool roofs, street trees and more parks are the measures most often recommended to keep urban heat islands in check.',
  'None of these measures is expensive compared with the cost of heat-related illness, and several cities have already shown that a few degrees of cooling is within reach.',
];

const THIN_TEXT =
  'Urban heat islands: cities are hotter than the countryside around them because dark roofs and roads absorb sunlight and trees are scarce. Cool roofs and street trees help. More notes on this topic will follow later.';

const OFF_TOPIC_PARAGRAPHS = [
  'Sourdough bread is leavened by a starter, a mixture of flour and water colonised by wild yeast and lactic acid bacteria, rather than by commercial baker’s yeast.',
  'To bake a loaf, feed the starter the night before, mix it with flour, water and salt, and let the dough rise slowly for several hours while folding it now and then to build strength.',
  'Shape the dough, let it prove in a floured basket, and bake it in a very hot covered pot so that the steam gives the crust its shine and crackle.',
];

function paragraphs(texts: string[]): string {
  return texts.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
}

function snippet(text: string): string {
  return text.length > 180 ? `${text.slice(0, 177)}...` : text;
}

/** A port that was free a moment ago and where nothing listens now. */
async function closedPort(host: string): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startResearchWeb(options: ResearchWebOptions = {}): Promise<ResearchWeb> {
  const host = options.host ?? '127.0.0.1';
  const settings = {
    slowDelayMs: options.slowDelayMs ?? 15_000,
    searchStatus: options.searchStatus ?? null,
    searchBody: options.searchBody ?? null,
  };
  const searches: string[] = [];
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const now = Date.now();
  const strongDate = new Date(now - 30 * DAY_MS).toISOString();
  const decentDate = new Date(now - 2 * 365 * DAY_MS).toISOString();

  const pages: Record<string, () => string> = {
    '/articles/urban-heat-islands-explained': () =>
      page({
        title: 'Urban heat islands explained: causes, health effects and what cities can do',
        head: `<meta name="author" content="Dr. Maria Lopez">
<meta property="article:published_time" content="${strongDate}">
<meta property="og:site_name" content="Climate Science Review">
<meta name="description" content="Why cities are hotter than their surroundings, and how to cool them.">`,
        body: `<main><article>
<h1>Urban heat islands explained: causes, health effects and what cities can do</h1>
<p class="byline">By <span class="author">Dr. Maria Lopez</span>, climate scientist</p>
<time datetime="${strongDate}">${strongDate.slice(0, 10)}</time>
${paragraphs(STRONG_PARAGRAPHS)}
</article></main>
<aside><h2>Related</h2><ul><li><a href="/more">More articles</a></li></ul></aside>`,
      }),
    '/blog/why-cities-run-hot': () =>
      page({
        title: 'Why cities run hot',
        head: `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: 'Why cities run hot',
          datePublished: decentDate,
          author: { '@type': 'Person', name: 'Tom Becker' },
        })}</script>`,
        body: `<main><article><h1>Why cities run hot</h1>
${paragraphs(DECENT_PARAGRAPHS)}
</article></main>`,
      }),
    '/notes/heat-island': () =>
      page({ title: 'Heat island notes', body: `<main><p>${escapeHtml(THIN_TEXT)}</p></main>` }),
    '/recipes/sourdough-bread': () =>
      page({
        title: 'How to bake sourdough bread',
        head: '<meta name="author" content="Paul Baker">',
        body: `<main><article><h1>How to bake sourdough bread</h1>${paragraphs(OFF_TOPIC_PARAGRAPHS)}</article></main>`,
      }),
  };

  const server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    if (url.pathname !== '/search') requests.push(url.pathname);
    const html = pages[url.pathname];
    if (html) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html());
      return;
    }
    switch (url.pathname) {
      case '/search':
        return answerSearch(url, response);
      case '/slow/heat-waves': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(
            page({
              title: 'Heatwaves in cities',
              body: `<main><article>${paragraphs(STRONG_PARAGRAPHS.slice(3, 6))}</article></main>`,
            }),
          );
        }, settings.slowDelayMs);
        timers.add(timer);
        return;
      }
      case '/files/heat-island-report.pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-1.4\n% fixture: not a real report\n%%EOF\n');
        return;
      case '/stub':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page({ title: 'Coming soon', body: '<main><h1>Urban heat</h1><p>This page is coming soon.</p></main>' }),
        );
        return;
      case '/notes/why-cities-run-hot.txt':
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Why cities run hot\n\n${DECENT_PARAGRAPHS.join('\n\n')}\n`);
        return;
      case '/endless':
        return answerEndless(response);
      case '/redirect': {
        const to = url.searchParams.get('to') ?? '/';
        response.writeHead(302, { location: to });
        response.end();
        return;
      }
      case '/chain': {
        const hops = Number(url.searchParams.get('hops') ?? 0);
        response.writeHead(302, {
          location: hops > 1 ? `/chain?hops=${hops - 1}` : '/articles/urban-heat-islands-explained',
        });
        response.end();
        return;
      }
      default:
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page({ title: 'Not found', body: '<p>This page does not exist.</p>' }));
    }
  });

  /** The strong article's text, then an HTML comment that never ends: a page larger than any cap. */
  function answerEndless(response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(
      `<!doctype html><html><head><title>An endless page about urban heat islands</title></head><body><article>${paragraphs(STRONG_PARAGRAPHS)}</article><!--`,
    );
    const filler = 'x'.repeat(64 * 1024);
    const pump = () => {
      while (!response.destroyed && response.write(filler));
      if (!response.destroyed) response.once('drain', pump);
    };
    pump();
  }

  function answerSearch(url: URL, response: ServerResponse): void {
    const query = url.searchParams.get('q') ?? '';
    searches.push(query);
    if (settings.searchStatus !== null) {
      response.writeHead(settings.searchStatus, { 'content-type': 'text/html' });
      response.end('<html><body>Bad gateway</body></html>');
      return;
    }
    if (settings.searchBody !== null) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(settings.searchBody);
      return;
    }
    const result = (
      address: string,
      title: string,
      content: string,
      publishedDate: string | null = null,
      engine = 'duckduckgo',
    ) => ({
      url: address,
      title,
      content,
      publishedDate,
      engine,
      engines: [engine],
      score: 1,
    });
    // Strong first, then a mixed order, as engines answer; one page twice (another engine, a #fragment), one not on the web.
    const results = [
      result(
        urls.strong,
        'Urban heat islands explained: causes, health effects and what cities can do',
        snippet(STRONG_PARAGRAPHS[0]),
        strongDate,
        'google',
      ),
      result(urls.thin, 'Heat island notes', snippet(THIN_TEXT)),
      result(urls.offTopic, 'How to bake sourdough bread', snippet(OFF_TOPIC_PARAGRAPHS[0]), null, 'bing'),
      result(urls.decent, 'Why cities run hot', snippet(DECENT_PARAGRAPHS[0]), decentDate, 'bing'),
      result(
        urls.dead,
        'Urban heat island map (archived)',
        'An interactive map of surface temperatures in large cities.',
      ),
      result(
        urls.pdf,
        'Urban heat island report (PDF)',
        'A technical report on urban heat islands and mitigation.',
        null,
        'google',
      ),
      result(
        `${urls.strong}#health-effects`,
        'Urban heat islands explained',
        snippet(STRONG_PARAGRAPHS[4]),
        strongDate,
        'bing',
      ),
      result(
        urls.slow,
        'Heatwaves in cities',
        'Heatwaves hit cities harder because of the urban heat island effect.',
        'not a date',
      ),
      result(urls.closedPort, 'Cooling cities with street trees', 'Street trees and green space cool neighbourhoods.'),
      result(
        'ftp://files.example.org/urban-heat.txt',
        'Urban heat data (FTP)',
        'Raw temperature series.',
        null,
        'bing',
      ),
    ];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        query,
        number_of_results: results.length,
        results,
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      }),
    );
  }

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const deadPort = await closedPort(host);
  const urls: ResearchWebUrls = {
    strong: `${origin}/articles/urban-heat-islands-explained`,
    decent: `${origin}/blog/why-cities-run-hot`,
    thin: `${origin}/notes/heat-island`,
    offTopic: `${origin}/recipes/sourdough-bread`,
    dead: `${origin}/maps/heat-island-map`,
    closedPort: `http://${host.includes(':') ? `[${host}]` : host}:${deadPort}/cooling/street-trees`,
    slow: `${origin}/slow/heat-waves`,
    pdf: `${origin}/files/heat-island-report.pdf`,
    stub: `${origin}/stub`,
    plainText: `${origin}/notes/why-cities-run-hot.txt`,
    endless: `${origin}/endless`,
    redirectTo: (to) => `${origin}/redirect?to=${encodeURIComponent(to)}`,
    redirectChain: (hops) => `${origin}/chain?hops=${hops}`,
  };

  return {
    origin,
    searchUrl: origin,
    urls,
    searches,
    requests,
    settings,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Open requests (the slow page, an endless download) would keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
