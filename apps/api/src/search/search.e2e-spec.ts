import { SEARCH_QUERY_MAX, SEARCH_RESULTS_PER_MODULE, type SearchResponse } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ada: Agent;
let bob: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: ada } = await signUp(request.agent(t.http)));
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterAll(() => t.close());

const search = async (agent: Agent, q: string): Promise<SearchResponse> =>
  (await agent.get('/api/search').query({ q }).expect(200)).body;
const titles = (response: SearchResponse) => response.results.map((r) => r.title);
const createTask = async (agent: Agent, body: object) => (await agent.post('/api/tasks').send(body).expect(201)).body;

describe('GET /api/search', () => {
  it("finds the user's tasks by word prefix in title, description, category or priority", async () => {
    const report = await createTask(ada, {
      title: 'Quarterly report',
      description: 'Numbers for the board meeting',
      category: 'Finance',
    });
    await createTask(ada, { title: 'Water the plants', priority: 'low' });

    const byTitle = await search(ada, 'quart');
    expect(byTitle).toEqual({
      query: 'quart',
      results: [
        {
          module: 'organiser',
          type: 'task',
          id: report.id,
          title: 'Quarterly report',
          snippet: 'Numbers for the board meeting',
          link: '/tasks',
        },
      ],
    } satisfies SearchResponse);
    expect(titles(await search(ada, 'boa'))).toEqual(['Quarterly report']);
    expect(titles(await search(ada, 'FINAN'))).toEqual(['Quarterly report']);
    expect(titles(await search(ada, 'low'))).toEqual(['Water the plants']);
    // Every word must match.
    expect(titles(await search(ada, 'report plants'))).toEqual([]);
    expect(titles(await search(ada, '  report   quart '))).toEqual(['Quarterly report']);
  });

  it('ranks a title match above a description match and answers the trimmed query', async () => {
    await createTask(ada, { title: 'Budget review', description: 'Plan' });
    await createTask(ada, { title: 'Call the bank', description: 'Ask about the budget for next year' });
    const response = await search(ada, '  budget ');
    expect(response.query).toBe('budget');
    expect(titles(response)).toEqual(['Budget review', 'Call the bank']);
  });

  it('gives a plain-text snippet of the matching passage of a long description, or null without one', async () => {
    const long = `${'Intro words here. '.repeat(20)}The zeppelin arrives on Tuesday. ${'Closing words. '.repeat(20)}`;
    await createTask(ada, { title: 'Airship', description: long });
    await createTask(ada, { title: 'Zeppelin museum' });
    const results = (await search(ada, 'zeppelin')).results;
    const withDescription = results.find((r) => r.title === 'Airship')!;
    expect(withDescription.snippet).toContain('zeppelin arrives on Tuesday');
    expect(withDescription.snippet).not.toMatch(/[<>]/);
    expect(withDescription.snippet!.length).toBeLessThan(long.length);
    expect(results.find((r) => r.title === 'Zeppelin museum')!.snippet).toBeNull();
  });

  it(`answers at most ${SEARCH_RESULTS_PER_MODULE} results per module`, async () => {
    for (let i = 0; i < SEARCH_RESULTS_PER_MODULE + 2; i++) await createTask(ada, { title: `Pelican ${i}` });
    expect((await search(ada, 'pelican')).results).toHaveLength(SEARCH_RESULTS_PER_MODULE);
  });

  it('matches unicode words, whatever their case', async () => {
    await createTask(ada, { title: 'Grüße an Zoë', category: '日本語' });
    expect(titles(await search(ada, 'GRÜSSE'))).toEqual([]);
    expect(titles(await search(ada, 'grü'))).toEqual(['Grüße an Zoë']);
    expect(titles(await search(ada, 'ZOË'))).toEqual(['Grüße an Zoë']);
    expect(titles(await search(ada, '日本語'))).toEqual(['Grüße an Zoë']);
  });

  it("never shows another user's tasks", async () => {
    await createTask(bob, { title: 'Bobs secret flamingo', description: 'flamingo' });
    expect((await search(ada, 'flamingo')).results).toEqual([]);
    expect(titles(await search(bob, 'flamingo'))).toEqual(['Bobs secret flamingo']);
  });

  it('finds nothing in a module that is off for the user, and finds again once it is on', async () => {
    const db = t.app.get(DataSource);
    await createTask(ada, { title: 'Hidden heron' });
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.organiser'`);
    try {
      expect(await search(ada, 'heron')).toEqual({ query: 'heron', results: [] });
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.organiser'`);
    }
    expect(titles(await search(ada, 'heron'))).toEqual(['Hidden heron']);
  });

  it.each([
    "'",
    "''",
    '"',
    '"unterminated',
    'a & b',
    '&&&',
    '|',
    '!',
    'a:*',
    ':',
    'a:b',
    '\\',
    "\\'",
    "it's",
    "O'Brien's",
    '(a | b) & !c',
    '<->',
    '-quart',
    'or',
    '🙂',
    '%_',
    'SELECT * FROM tasks; --',
    '\u200b',
  ])('answers 200 for the query %j', async (q) => {
    const response = await ada.get('/api/search').query({ q });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.results)).toBe(true);
  });

  it('treats quotes, ampersands, colons and backslashes as text, not syntax', async () => {
    await createTask(ada, { title: "O'Brien & Sons: invoice\\draft" });
    expect(titles(await search(ada, "o'brien"))).toEqual(["O'Brien & Sons: invoice\\draft"]);
    expect(titles(await search(ada, 'sons: invo'))).toEqual(["O'Brien & Sons: invoice\\draft"]);
    expect(titles(await search(ada, 'invoice\\dra'))).toEqual(["O'Brien & Sons: invoice\\draft"]);
  });
});

describe('validation', () => {
  it.each([
    ['a missing q', {}],
    ['an empty q', { q: '' }],
    ['a blank q', { q: '   ' }],
  ])('answers 400 "Search text is required" for %s', async (_label, query) => {
    const response = await ada.get('/api/search').query(query).expect(400);
    expect(response.body).toEqual({
      message: 'Search text is required',
      errors: [{ path: 'q', message: 'Search text is required' }],
    });
  });

  it(`answers 400 for a query over ${SEARCH_QUERY_MAX} characters, and for q given twice`, async () => {
    const long = await ada
      .get('/api/search')
      .query({ q: 'a'.repeat(SEARCH_QUERY_MAX + 1) })
      .expect(400);
    expect(long.body.message).toBe(`Search text must be at most ${SEARCH_QUERY_MAX} characters`);
    const twice = await ada.get('/api/search?q=a&q=b').expect(400);
    expect(typeof twice.body.message).toBe('string');
  });

  it('answers 401 Unauthorized when signed out', async () => {
    const response = await request(t.http).get('/api/search').query({ q: 'report' }).expect(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });
});
