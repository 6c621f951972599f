// The Research Hub's calls over HTTP (spec §7, DECISIONS §Identity): validation with the contract's
// messages, the user-id path rule, rerun, archive, edit, delete, and the dashboard's and header
// search's view of reports. No job workers: a started report stays pending here (the pipeline has
// its own suite, research-pipeline.e2e-spec.ts).
import {
  type DashboardResponse,
  RESEARCH_MESSAGES,
  type ResearchDashboard,
  type ResearchReport,
  type SearchResponse,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  // Many people sign up here: more than a real visitor's 20 a minute.
  t = await createTestApp({ env: { JOBS_WORKERS: 'false', AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function user(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

const start = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/research/start').send(body);

/** What the pipeline leaves on a finished report. */
async function finish(id: number, fields: { summary?: string; content?: string } = {}) {
  await db.query(
    `UPDATE research_reports SET status = 'completed', progress = 100, stage = NULL, summary = $2, content = $3, "credibilityScore" = 71,
            sources = $4::jsonb, "completedAt" = now() WHERE id = $1`,
    [
      id,
      fields.summary ?? 'Cities are warmer than the countryside around them.',
      fields.content ?? '## Summary\n\nCities are warmer [1].\n\n## Sources\n\n1. [Heat](https://example.org/heat)',
      JSON.stringify([
        {
          number: 1,
          kind: 'web',
          title: 'Heat',
          url: 'https://example.org/heat',
          site: 'example.org',
          author: null,
          publishedAt: null,
          excerpt: 'Cities are warmer.',
          credibility: { score: 71, parts: [] },
        },
        {
          number: 2,
          kind: 'document',
          title: 'notes.pdf',
          url: '/documents?open=4',
          site: null,
          author: null,
          publishedAt: null,
          excerpt: 'Notes.',
          credibility: { score: 60, parts: [] },
        },
      ]),
    ],
  );
}

describe('POST /api/research/start', () => {
  it("saves the report as pending with the dialog's category and tags, and lists it for its owner", async () => {
    const { agent, id } = await user();
    const response = await start(agent, {
      userId: id,
      topic: '  Urban heat islands  ',
      category: 'environment',
      tags: [' cities ', 'heat', 'heat'],
    }).expect(201);
    const report = response.body as ResearchReport;
    expect(report).toMatchObject({
      topic: 'Urban heat islands',
      category: 'environment',
      tags: ['cities', 'heat'],
      status: 'pending',
      progress: 0,
      summary: null,
      content: null,
      sources: [],
      sourceDetails: [],
      credibilityScore: null,
      error: null,
      isArchived: false,
      completedAt: null,
    });
    expect((await agent.get(`/api/research/${id}`).expect(200)).body).toEqual([report]);
  });

  it('accepts a start without userId, category or tags (null for none)', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Solid-state batteries' }).expect(201)).body as ResearchReport;
    expect(report).toMatchObject({ category: null, tags: null });
  });

  it.each([
    [{}, RESEARCH_MESSAGES.topicRequired],
    [{ topic: '   ' }, RESEARCH_MESSAGES.topicRequired],
    [{ topic: 'x'.repeat(501) }, 'Research topic must be at most 500 characters'],
    [{ topic: 'Bees', category: 'astrology' }, RESEARCH_MESSAGES.categoryInvalid],
    [{ topic: 'Bees', tags: 'a,b' }, 'Tags must be a list of text'],
    [{ topic: 'Bees', tags: ['ok', ' '] }, 'Tags must not be blank'],
  ])('answers 400 with a readable message for %j', async (body, message) => {
    const { agent } = await user();
    const response = await start(agent, body).expect(400);
    expect(response.body.message).toContain(message);
    expect((await agent.get(`/api/research/${(await agent.get('/api/auth/user')).body.id}`).expect(200)).body).toEqual(
      [],
    );
  });

  it("refuses another user's id in the body with 403 and saves nothing", async () => {
    const a = await user();
    const b = await user();
    const response = await start(b.agent, { userId: a.id, topic: 'Bees' }).expect(403);
    expect(response.body).toEqual({ message: RESEARCH_MESSAGES.otherUserStart });
    expect((await a.agent.get(`/api/research/${a.id}`).expect(200)).body).toEqual([]);
    expect((await b.agent.get(`/api/research/${b.id}`).expect(200)).body).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await request(t.http).post('/api/research/start').send({ topic: 'Bees' }).expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
  });
});

describe('GET /api/research/:userId', () => {
  it("answers 403 for another user's id, and lists only the user's own reports, newest first", async () => {
    const a = await user();
    const b = await user();
    const first = (await start(a.agent, { topic: 'First' }).expect(201)).body as ResearchReport;
    const second = (await start(a.agent, { topic: 'Second' }).expect(201)).body as ResearchReport;
    await start(b.agent, { topic: "B's" }).expect(201);
    expect((await b.agent.get(`/api/research/${a.id}`).expect(403)).body).toEqual({
      message: RESEARCH_MESSAGES.otherUser,
    });
    const list = (await a.agent.get(`/api/research/${a.id}`).expect(200)).body as ResearchReport[];
    expect(list.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it('answers 400 for a user id that is not a number', async () => {
    const { agent } = await user();
    expect((await agent.get('/api/research/me').expect(400)).body).toEqual({
      message: 'User id must be a positive whole number',
    });
  });
});

describe('rerun', () => {
  it('is refused with 409 while the report is pending', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    expect((await agent.post(`/api/research/${report.id}/rerun`).send({ newParameters: {} }).expect(409)).body).toEqual(
      { message: RESEARCH_MESSAGES.stillRunning },
    );
  });

  it('runs a finished report again with the new parameters, clearing the old results', async () => {
    const { agent, id } = await user();
    const report = (await start(agent, { topic: 'Bees', category: 'science', tags: ['pollination'] }).expect(201))
      .body as ResearchReport;
    await finish(report.id);
    const rerun = (
      await agent
        .post(`/api/research/${report.id}/rerun`)
        .send({ newParameters: { topic: 'Wild bees in cities', tags: null } })
        .expect(200)
    ).body as ResearchReport;
    expect(rerun).toMatchObject({
      id: report.id,
      topic: 'Wild bees in cities',
      category: 'science',
      tags: null,
      status: 'pending',
      progress: 0,
      summary: null,
      content: null,
      sources: [],
      credibilityScore: null,
      completedAt: null,
    });
    expect((await agent.get(`/api/research/${id}`).expect(200)).body).toEqual([rerun]);
    // The queued job is for the new run.
    const [row] = await db.query(`SELECT run FROM research_reports WHERE id = $1`, [report.id]);
    expect(row.run).toBe(2);
  });

  it('validates newParameters with the contract', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    await finish(report.id);
    expect(
      (
        await agent
          .post(`/api/research/${report.id}/rerun`)
          .send({ newParameters: { topic: ' ' } })
          .expect(400)
      ).body.message,
    ).toContain(RESEARCH_MESSAGES.topicRequired);
    expect(
      (
        await agent
          .post(`/api/research/${report.id}/rerun`)
          .send({ newParameters: { depth: 9 } })
          .expect(400)
      ).body.message,
    ).toMatch(/depth/);
  });
});

describe('archive, edit and delete', () => {
  it('archives and unarchives', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    expect((await agent.post(`/api/research/${report.id}/archive`).expect(200)).body).toMatchObject({
      id: report.id,
      isArchived: true,
    });
    expect((await agent.post(`/api/research/${report.id}/unarchive`).expect(200)).body).toMatchObject({
      id: report.id,
      isArchived: false,
    });
  });

  it('edits category and tags, and clears them with null', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    expect(
      (
        await agent
          .patch(`/api/research/${report.id}`)
          .send({ category: 'health', tags: ['stings', ' allergy '] })
          .expect(200)
      ).body,
    ).toMatchObject({ category: 'health', tags: ['stings', 'allergy'] });
    expect((await agent.patch(`/api/research/${report.id}`).send({ tags: null }).expect(200)).body).toMatchObject({
      category: 'health',
      tags: null,
    });
    expect((await agent.patch(`/api/research/${report.id}`).send({ category: null }).expect(200)).body).toMatchObject({
      category: null,
    });
    expect((await agent.patch(`/api/research/${report.id}`).send({}).expect(400)).body.message).toContain(
      'Send a category or tags to change',
    );
    expect(
      (await agent.patch(`/api/research/${report.id}`).send({ category: 'gardening' }).expect(400)).body.message,
    ).toContain(RESEARCH_MESSAGES.categoryInvalid);
  });

  it('deletes, then answers 404', async () => {
    const { agent, id } = await user();
    const report = (await start(agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    await agent.delete(`/api/research/${report.id}`).expect(204);
    expect((await agent.delete(`/api/research/${report.id}`).expect(404)).body).toEqual({
      message: RESEARCH_MESSAGES.notFound,
    });
    expect((await agent.get(`/api/research/${id}`).expect(200)).body).toEqual([]);
  });

  it("answers 404 for another user's report, as for a missing one, and changes nothing", async () => {
    const a = await user();
    const b = await user();
    const report = (await start(a.agent, { topic: 'Bees' }).expect(201)).body as ResearchReport;
    for (const call of [
      b.agent.post(`/api/research/${report.id}/archive`),
      b.agent.patch(`/api/research/${report.id}`).send({ category: 'health' }),
      b.agent.delete(`/api/research/${report.id}`),
    ]) {
      expect((await call.expect(404)).body).toEqual({ message: RESEARCH_MESSAGES.notFound });
    }
    expect((await a.agent.get(`/api/research/${a.id}`).expect(200)).body).toEqual([report]);
  });
});

describe('sources as text (spec §3) and the other screens', () => {
  it("lists web sources by address and the user's own items by what they are", async () => {
    const { agent, id } = await user();
    const report = (await start(agent, { topic: 'Heat' }).expect(201)).body as ResearchReport;
    await finish(report.id);
    const [listed] = (await agent.get(`/api/research/${id}`).expect(200)).body as ResearchReport[];
    expect(listed.sources).toEqual(['https://example.org/heat', 'Document: notes.pdf']);
    expect(listed.sourceDetails.map((s) => s.number)).toEqual([1, 2]);
    expect(listed).toMatchObject({ status: 'completed', credibilityScore: 71, progress: 100 });
  });

  it('counts reports on the dashboard and shows the newest three', async () => {
    const { agent, id } = await user();
    const ids: number[] = [];
    for (const topic of ['One', 'Two', 'Three', 'Four', 'Five'])
      ids.push(((await start(agent, { topic }).expect(201)).body as ResearchReport).id);
    await finish(ids[0]);
    await finish(ids[4]);
    await agent.post(`/api/research/${ids[1]}/archive`).expect(200);
    const { modules } = (await agent.get('/api/dashboard').expect(200)).body as DashboardResponse;
    const research = modules.research as ResearchDashboard;
    expect(research.reports).toBe(4);
    expect(research.pendingReview).toBe(2);
    expect(research.recent.map((r) => [r.title, r.status])).toEqual([
      ['Five', 'complete'],
      ['Four', 'in_progress'],
      ['Three', 'in_progress'],
    ]);
    // Every field as the reports list has it (its own read: the dashboard's is a statement of its own).
    const listed = (await agent.get(`/api/research/${id}`).expect(200)).body as ResearchReport[];
    expect(research.recent).toEqual(
      listed
        .filter((r) => [ids[4], ids[3], ids[2]].includes(r.id))
        .map((r) => ({
          id: r.id,
          title: r.topic,
          summary: r.summary,
          status: r.status === 'completed' ? 'complete' : 'in_progress',
          progress: r.progress,
          content: r.content,
          sources: r.sources,
          createdAt: r.createdAt,
        })),
    );
  });

  it('is found by the header search by a word of its summary, and links to the report', async () => {
    const { agent } = await user();
    const report = (await start(agent, { topic: 'Heat' }).expect(201)).body as ResearchReport;
    await finish(report.id, { summary: 'Asphalt and roofs store the afternoon sun.' });
    const response = (await agent.get('/api/search').query({ q: 'asph' }).expect(200)).body as SearchResponse;
    expect(response.results).toContainEqual({
      module: 'research',
      type: 'research',
      id: report.id,
      title: 'Heat',
      snippet: 'Asphalt and roofs store the afternoon sun.',
      link: `/research?open=${report.id}`,
    });
  });
});
