import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLAN_QUOTAS, planQuotaMessage } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildEmailIntegration, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CalendarIntegrationsService } from '../calendar-integrations/calendar-integrations.service';

/**
 * Hole 7a of the security test: one free account added 40 websites. Per-plan quotas (PLAN_QUOTAS)
 * for websites, email accounts, calendar integrations and research runs, enforced under a per-user
 * lock: a burst of parallel requests gets exactly the plan's limit through, the rest 403 with a
 * message naming the plan and the limit.
 */

let t: TestApp;
let db: DataSource;
let admin: Agent;

beforeAll(async () => {
  // No job workers: nothing that the created rows queue (audits, syncs, research) runs here.
  t = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
  db = t.app.get<DataSource>(getDataSourceToken());
  admin = (await signUp(request.agent(t.http))).agent; // the first account is the admin
});
afterAll(() => t.close());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};
const statuses = (responses: request.Response[]) => responses.map((r) => r.status).sort();
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

describe('websites', () => {
  const limit = PLAN_QUOTAS.free.websites;

  it(`lets a Free account hold ${limit} websites, even when ${limit + 4} are added at once, and says why the rest are refused`, async () => {
    const { agent } = await newUser();
    const responses = await Promise.all(
      times(limit + 4, (i) =>
        agent.post('/api/websites').send({ name: `Site ${i}`, url: `https://site-${i}.example.com/` }),
      ),
    );
    expect(statuses(responses)).toEqual([...times(limit, () => 201), ...times(4, () => 403)]);
    const message = planQuotaMessage('free', 'websites');
    expect(message).toBe(
      `The Free plan allows up to ${limit} websites. Remove one, or upgrade to Premium for up to ${PLAN_QUOTAS.premium.websites}.`,
    );
    for (const refused of responses.filter((r) => r.status === 403)) expect(refused.body).toEqual({ message });
    const sites = (await agent.get('/api/websites').expect(200)).body as { id: number }[];
    expect(sites).toHaveLength(limit);

    // Removing one frees its place.
    await agent.delete(`/api/websites/${sites[0].id}`).expect(204);
    await agent.post('/api/websites').send({ name: 'Again', url: 'https://again.example.com/' }).expect(201);
    await agent.post('/api/websites').send({ name: 'One more', url: 'https://one-more.example.com/' }).expect(403);
  });

  it('follows the plan: a Premium account has the Premium limit', async () => {
    const { agent, id } = await newUser();
    await admin.patch(`/api/admin/users/${id}/plan`).send({ plan: 'premium' }).expect(200);
    await db.query(
      `INSERT INTO websites ("userId", name, url, "siteKey") SELECT $1, 'S' || n, 'https://s' || n || '.example.com/', 'premiumKey' || n FROM generate_series(1, $2::int) AS n`,
      [id, PLAN_QUOTAS.premium.websites - 1],
    );
    await agent.post('/api/websites').send({ name: 'Last', url: 'https://last.example.com/' }).expect(201);
    const refused = await agent
      .post('/api/websites')
      .send({ name: 'Over', url: 'https://over.example.com/' })
      .expect(403);
    expect(refused.body).toEqual({
      message: `The Premium plan allows up to ${PLAN_QUOTAS.premium.websites} websites. Remove one, or upgrade to Enterprise for up to ${PLAN_QUOTAS.enterprise.websites}.`,
    });
  });
});

describe('email accounts', () => {
  it(`lets a Free account connect ${PLAN_QUOTAS.free.emailAccounts} email accounts, parallel requests included`, async () => {
    const { agent } = await newUser();
    const limit = PLAN_QUOTAS.free.emailAccounts;
    const responses = await Promise.all(
      times(limit + 3, () => agent.post('/api/email-integrations').send(buildEmailIntegration())),
    );
    expect(statuses(responses)).toEqual([...times(limit, () => 201), ...times(3, () => 403)]);
    for (const refused of responses.filter((r) => r.status === 403))
      expect(refused.body).toEqual({ message: planQuotaMessage('free', 'emailAccounts') });
    expect((await agent.get('/api/email-integrations').expect(200)).body).toHaveLength(limit);
  });
});

describe('calendar integrations', () => {
  it(`holds a Free account to ${PLAN_QUOTAS.free.calendarIntegrations} (every provider goes through one create), parallel creates included`, async () => {
    const { id } = await newUser();
    const integrations = t.app.get(CalendarIntegrationsService);
    const limit = PLAN_QUOTAS.free.calendarIntegrations;
    const outcomes = await Promise.allSettled(
      times(limit + 3, (i) =>
        integrations.create(
          id,
          'google',
          `Calendar ${i}`,
          'two_way',
          { accessToken: 'x' },
          { calendarId: 'primary', syncToken: null },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(limit);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.map((o) => [o.reason.getStatus?.(), o.reason.message])).toEqual(
      times(3, () => [403, planQuotaMessage('free', 'calendarIntegrations')]),
    );
  });

  it('refuses a CalDAV connection over the quota before contacting the server', async () => {
    const { agent, id } = await newUser();
    const integrations = t.app.get(CalendarIntegrationsService);
    for (let i = 0; i < PLAN_QUOTAS.free.calendarIntegrations; i++)
      await integrations.create(
        id,
        'google',
        `Calendar ${i}`,
        'two_way',
        { accessToken: 'x' },
        { calendarId: 'primary', syncToken: null },
      );
    let contacted = 0;
    const server = http.createServer((_req, res) => {
      contacted += 1;
      res.writeHead(401).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dav/`;
      const response = await agent
        .post('/api/calendar-integrations/caldav')
        .send({ provider: 'caldav', serverUrl, username: 'me', password: 'secret' })
        .expect(403);
      expect(response.body).toEqual({ message: planQuotaMessage('free', 'calendarIntegrations') });
      expect(contacted).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('research runs', () => {
  const limit = PLAN_QUOTAS.free.researchRunsPerDay;

  it(`lets a Free account start ${limit} research runs a day, parallel starts included; deleting a report does not give its run back`, async () => {
    const { agent } = await newUser();
    const responses = await Promise.all(
      times(limit + 3, (i) => agent.post('/api/research/start').send({ topic: `Topic ${i}` })),
    );
    expect(statuses(responses)).toEqual([...times(limit, () => 201), ...times(3, () => 403)]);
    const message = planQuotaMessage('free', 'researchRunsPerDay');
    expect(message).toBe(
      `The Free plan allows up to ${limit} research runs a day. Try again tomorrow, or upgrade to Premium for up to ${PLAN_QUOTAS.premium.researchRunsPerDay} a day.`,
    );
    for (const refused of responses.filter((r) => r.status === 403)) expect(refused.body).toEqual({ message });

    const started = responses.find((r) => r.status === 201)!.body as { id: number };
    await agent.delete(`/api/research/${started.id}`).expect(204);
    expect((await agent.post('/api/research/start').send({ topic: 'After a delete' }).expect(403)).body).toEqual({
      message,
    });
  });

  it('counts a rerun as a run, and runs older than a day no longer count', async () => {
    const { agent, id } = await newUser();
    const first = (await agent.post('/api/research/start').send({ topic: 'Tides' }).expect(201)).body as { id: number };
    await db.query(`UPDATE research_reports SET status = 'completed' WHERE id = $1`, [first.id]);
    await db.query(`INSERT INTO research_run_starts ("userId") SELECT $1 FROM generate_series(1, $2::int)`, [
      id,
      limit - 2,
    ]);
    await agent.post(`/api/research/${first.id}/rerun`).send({}).expect(200); // the limit-th run
    await db.query(`UPDATE research_reports SET status = 'completed' WHERE id = $1`, [first.id]);
    expect((await agent.post(`/api/research/${first.id}/rerun`).send({}).expect(403)).body).toEqual({
      message: planQuotaMessage('free', 'researchRunsPerDay'),
    });
    await db.query(`UPDATE research_run_starts SET "startedAt" = now() - interval '25 hours' WHERE "userId" = $1`, [
      id,
    ]);
    await agent.post(`/api/research/${first.id}/rerun`).send({}).expect(200);
  });
});
