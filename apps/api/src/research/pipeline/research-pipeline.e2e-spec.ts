// The whole research pipeline as a user meets it: a report started over HTTP is planned, searched
// on a SearxNG-format endpoint, read from a small web on 127.0.0.1 (pages of different quality, a
// dead link, a closed port, a slow page, a PDF), scored and written with citations, with progress
// pushed live; and the ways it ends in `failed` with a readable reason. A second app without web
// search researches the user's own documents and says so.
import { RESEARCH_MESSAGES, type ResearchReport, type StreamEvent } from '@aide/contracts';
import request from 'supertest';
import { textFile } from '../../../test/document-files';
import { buildRegistration } from '../../../test/factories';
import { RESEARCH_WEB_TOPIC, type ResearchWeb, startResearchWeb } from '../../../test/research-web';
import { baseUrlOf, SseTestClient, signUpOverHttp } from '../../../test/sse-test-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';

jest.setTimeout(120_000);

const FETCH_TIMEOUT_MS = 1_500;

interface Person {
  id: number;
  cookie: string;
}

const call = (t: TestApp, person: Person) => ({
  get: (path: string) => request(t.http).get(path).set('Cookie', person.cookie),
  post: (path: string, body: object = {}) => request(t.http).post(path).set('Cookie', person.cookie).send(body),
});

async function reportOf(t: TestApp, person: Person, id: number): Promise<ResearchReport> {
  const list = (await call(t, person).get(`/api/research/${person.id}`).expect(200)).body as ResearchReport[];
  const report = list.find((r) => r.id === id);
  if (!report) throw new Error(`report ${id} is gone`);
  return report;
}

const finished = (t: TestApp, person: Person, id: number) =>
  waitFor(
    async () => {
      const report = await reportOf(t, person, id);
      return report.status === 'completed' || report.status === 'failed' ? report : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 250, what: `report ${id} to finish` },
  );

const citationNumbers = (content: string) =>
  [...content.split(/^## Sources\s*$/m)[0].matchAll(/\[(\d+)\](?!\()/g)].map((m) => Number(m[1]));

describe('with web search (SearxNG format) over a fixture web', () => {
  let web: ResearchWeb;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    web = await startResearchWeb({ slowDelayMs: 10_000 });
    t = await createTestApp({
      env: {
        ...FAST_JOBS_ENV,
        RESEARCH_SEARCH_URL: web.searchUrl,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        RESEARCH_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
      },
    });
    await t.app.listen(0, '127.0.0.1');
    base = baseUrlOf(t.app);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await web?.close();
  });

  it('retrieves, scores and cites only sources it read, with progress pushed in order', async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    const stream = await SseTestClient.open(`${base}/api/stream`, person.cookie);
    await stream.until((c) => c.messages.some((m) => m.retry !== undefined));

    const started = (
      await call(t, person).post('/api/research/start', { userId: person.id, topic: RESEARCH_WEB_TOPIC }).expect(201)
    ).body as ResearchReport;
    expect(started).toMatchObject({ status: 'pending', progress: 0 });
    const report = await finished(t, person, started.id);
    expect(report).toMatchObject({ status: 'completed', progress: 100, stage: null, error: null });
    expect(report.completedAt).not.toBeNull();

    // The engine was asked for the topic first, then its sub-questions.
    expect(web.searches[0]).toBe(RESEARCH_WEB_TOPIC);
    expect(web.searches.length).toBeGreaterThan(1);

    // Every listed page was asked for, the dead and the slow ones too…
    const pathOf = (url: string) => new URL(url).pathname;
    for (const asked of [web.urls.strong, web.urls.decent, web.urls.thin, web.urls.dead, web.urls.slow, web.urls.pdf])
      expect(web.requests).toContain(pathOf(asked));
    // …but only pages that were read are cited: not the dead link, the closed port, the slow page, the PDF or the off-topic page.
    const urls = report.sourceDetails.map((s) => s.url);
    expect(urls).toContain(web.urls.strong);
    for (const dropped of [web.urls.dead, web.urls.closedPort, web.urls.slow, web.urls.pdf, web.urls.offTopic])
      expect(urls).not.toContain(dropped);
    expect(urls.every((url) => [web.urls.strong, web.urls.decent, web.urls.thin].includes(url))).toBe(true);
    expect(report.sources).toEqual(urls);

    // Every citation resolves to a listed source, and every listed source is cited.
    const cited = citationNumbers(report.content!);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((n) => n >= 1 && n <= report.sourceDetails.length)).toBe(true);
    expect(new Set(cited)).toEqual(new Set(report.sourceDetails.map((s) => s.number)));
    expect(report.sourceDetails.map((s) => s.number)).toEqual(report.sourceDetails.map((_, i) => i + 1));

    // Scores: each the sum of its documented parts; the strong article above the weaker ones.
    for (const source of report.sourceDetails) {
      expect(source.credibility.parts.reduce((sum, part) => sum + part.points, 0)).toBe(source.credibility.score);
      expect(source.credibility.parts.every((part) => part.reason.length > 0 && part.points <= part.max)).toBe(true);
    }
    const scoreOf = (url: string) => report.sourceDetails.find((s) => s.url === url)?.credibility.score;
    const strong = scoreOf(web.urls.strong)!;
    for (const weaker of [web.urls.decent, web.urls.thin])
      if (scoreOf(weaker) !== undefined) expect(strong).toBeGreaterThan(scoreOf(weaker)!);
    expect(report.sourceDetails.find((s) => s.url === web.urls.strong)).toMatchObject({
      kind: 'web',
      site: '127.0.0.1',
      author: 'Dr. Maria Lopez',
    });
    expect(report.credibilityScore).toEqual(expect.any(Number));
    expect(report.credibilityScore!).toBeGreaterThan(0);
    expect(report.credibilityScore!).toBeLessThanOrEqual(100);

    // A summary for the card, and a category and tags where the user gave none.
    expect(report.summary!.trim().length).toBeGreaterThan(0);
    expect(report.category).not.toBeNull();
    expect(report.tags?.length).toBeGreaterThan(0);

    // Progress reached the user's stream as the job went, in order, then the completion and a notification with the topic.
    // The handler sends the notification as it saves the report; job.completed follows only once the handler has returned
    // and the job's last progress write has gone out (job-runner.ts), so the notification is no sign the completion is
    // there yet: wait for both.
    const jobEventsOf = (c: SseTestClient) =>
      c.events.filter(
        (e): e is Extract<StreamEvent, { jobId: string }> =>
          e.type.startsWith('job.') && 'entity' in e && e.entity?.id === started.id,
      );
    await stream.until(
      (c) =>
        c.events.some(
          (e) => e.type === 'notification' && e.notification.title === `Research finished: ${RESEARCH_WEB_TOPIC}`,
        ) && jobEventsOf(c).some((e) => e.type === 'job.completed'),
      30_000,
    );
    const jobEvents = jobEventsOf(stream);
    const progress = jobEvents.flatMap((e) => (e.type === 'job.progress' ? [e.progress] : []));
    // (At most one write per 250 ms: the slow page's timeout keeps this run long enough for several.)
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(jobEvents.at(-1)?.type).toBe('job.completed');
    expect(jobEvents.at(-1)).toMatchObject({ invalidate: expect.arrayContaining(['/api/research']) });
    stream.close();
  });

  it('reruns with a new topic and keeps the category and tags the user gave', async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    const started = (
      await call(t, person)
        .post('/api/research/start', { topic: 'heat in cities', category: 'environment', tags: ['cities'] })
        .expect(201)
    ).body as ResearchReport;
    const first = await finished(t, person, started.id);
    expect(first).toMatchObject({ status: 'completed', category: 'environment', tags: ['cities'] });
    const rerun = (
      await call(t, person)
        .post(`/api/research/${started.id}/rerun`, { newParameters: { topic: RESEARCH_WEB_TOPIC } })
        .expect(200)
    ).body as ResearchReport;
    expect(rerun).toMatchObject({ status: 'pending', topic: RESEARCH_WEB_TOPIC, content: null });
    const second = await finished(t, person, started.id);
    expect(second).toMatchObject({
      status: 'completed',
      topic: RESEARCH_WEB_TOPIC,
      category: 'environment',
      tags: ['cities'],
    });
    expect(second.sourceDetails.length).toBeGreaterThan(0);
  });

  it("ends failed with the engine's reason when the search fails and nothing of the user's matches", async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    web.settings.searchStatus = 502;
    try {
      const started = (await call(t, person).post('/api/research/start', { topic: RESEARCH_WEB_TOPIC }).expect(201))
        .body as ResearchReport;
      const report = await finished(t, person, started.id);
      expect(report).toMatchObject({ status: 'failed', stage: null, content: null, sources: [] });
      expect(report.error).toContain('Web search failed: the search engine answered 502');
      const notifications = (await call(t, person).get('/api/notifications').expect(200)).body;
      expect(JSON.stringify(notifications)).toContain(`Research failed: ${RESEARCH_WEB_TOPIC}`);
    } finally {
      web.settings.searchStatus = null;
    }
  });

  it('ends failed when every page found is unreadable or off the topic', async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    const started = (
      await call(t, person).post('/api/research/start', { topic: 'sourdough starter hydration' }).expect(201)
    ).body as ResearchReport;
    const report = await finished(t, person, started.id);
    // The sourdough page is on this topic, so this one completes citing only it…
    if (report.status === 'completed') {
      expect(report.sourceDetails.map((s) => s.url)).toEqual([web.urls.offTopic]);
    } else {
      expect(report.error).toBe(RESEARCH_MESSAGES.noSources);
    }
    // …and a topic no page is about fails with the readable reason.
    const nothing = (
      await call(t, person).post('/api/research/start', { topic: 'quantum chromodynamics lattice' }).expect(201)
    ).body as ResearchReport;
    expect(await finished(t, person, nothing.id)).toMatchObject({
      status: 'failed',
      error: RESEARCH_MESSAGES.noSources,
    });
  });
});

describe('without web search', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...FAST_JOBS_ENV } });
    await t.app.listen(0, '127.0.0.1');
    base = baseUrlOf(t.app);
  }, 90_000);
  afterAll(() => t?.close());

  it("researches the user's own documents, cites them, and says web search is off", async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    const text =
      'Urban heat islands make city centres several degrees warmer than the countryside. Dark roofs and asphalt absorb sunlight and release the heat at night. ' +
      'Street trees and green roofs cool urban heat islands through shade and evaporation. Heatwaves in urban heat islands raise hospital admissions among older people. ' +
      'Cool roofs that reflect sunlight lower the surface temperature of buildings in urban heat islands.';
    const upload = await request(t.http)
      .post('/api/documents')
      .set('Cookie', person.cookie)
      .attach('files', textFile(text), { filename: 'heat-notes.txt' })
      .expect(201);
    const documentId = upload.body.documents[0].id as number;
    await waitFor(
      async () =>
        (await request(t.http).get(`/api/documents/${documentId}`).set('Cookie', person.cookie)).body
          .extractionStatus === 'done',
      {
        timeoutMs: 60_000,
        what: 'the document to be read',
      },
    );

    const started = (await call(t, person).post('/api/research/start', { topic: RESEARCH_WEB_TOPIC }).expect(201))
      .body as ResearchReport;
    const report = await finished(t, person, started.id);
    expect(report.status).toBe('completed');
    expect(report.content).toContain(RESEARCH_MESSAGES.webSearchOff);
    // Suggested tags come from what the report says, not from the note or the Sources list.
    expect(report.tags).not.toEqual(expect.arrayContaining(['documents']));
    expect(report.tags).not.toEqual(expect.arrayContaining(['document']));
    expect(report.sourceDetails).toEqual([
      expect.objectContaining({
        number: 1,
        kind: 'document',
        title: 'heat-notes.txt',
        url: `/documents?open=${documentId}`,
        site: null,
      }),
    ]);
    expect(report.sources).toEqual(['Document: heat-notes.txt']);
    expect(citationNumbers(report.content!).every((n) => n === 1)).toBe(true);
  });

  it("ends failed with the readable reason when nothing of the user's mentions the topic", async () => {
    const person = await signUpOverHttp(base, buildRegistration());
    const started = (
      await call(t, person).post('/api/research/start', { topic: 'deep sea hydrothermal vents' }).expect(201)
    ).body as ResearchReport;
    expect(await finished(t, person, started.id)).toMatchObject({
      status: 'failed',
      error: RESEARCH_MESSAGES.noSourcesWebOff,
      progress: expect.any(Number),
    });
  });
});
