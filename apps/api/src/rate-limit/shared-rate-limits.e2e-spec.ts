import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp, buildRegistration, type SignedUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TOO_MANY_EVENTS } from '../websites/analytics/collect.controller';
import { RateLimitService } from './rate-limit.service';

// Two API instances on one database, as behind a load balancer: every limit counts across both.
const LIMITS = {
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT: '4',
  AUTH_IP_RATE_LIMIT: '1000',
  AUTH_REGISTER_RATE_LIMIT: '3',
  COLLECT_IP_RATE_LIMIT: '6',
  WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
  JOBS_WORKERS: 'false',
};
const TOO_MANY_SIGN_INS = { message: 'Too many sign-in attempts. Try again in a minute.' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const login = (app: TestApp, ip: string, body: object) =>
  request(app.http).post('/api/auth/login').set('X-Forwarded-For', ip).send(body);
const register = (app: TestApp, ip: string) =>
  request(app.http).post('/api/auth/register').set('X-Forwarded-For', ip).send({ email: 'not-an-email' });
const collect = (app: TestApp, ip: string, page: number) =>
  request(app.http)
    .post('/api/collect')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', CHROME)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .send(JSON.stringify({ siteKey: 'no-such-site', type: 'pageview', url: `https://shop.example/${page}` }));

describe('RATE_LIMIT_STORE=postgres: two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let db: DataSource;
  let user: SignedUp;

  beforeAll(async () => {
    a = await createTestApp({ env: { ...LIMITS, RATE_LIMIT_STORE: 'postgres' } });
    b = await createTestApp({ env: { ...LIMITS, RATE_LIMIT_STORE: 'postgres' }, database: a.database });
    db = a.app.get<DataSource>(getDataSourceToken());
    user = await signUp(request.agent(a.http));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts sign-in attempts on either instance together: the fifth answers 429 on both', async () => {
    const ip = '198.51.100.41';
    const wrong = { email: user.credentials.email, password: 'a wrong guess' };
    for (const app of [a, b, a, b]) await login(app, ip, wrong).expect(401);
    const refused = await login(a, ip, wrong).expect(429);
    expect(refused.body).toEqual(TOO_MANY_SIGN_INS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await login(b, ip, { email: user.credentials.email, password: user.credentials.password }).expect(429);
    // Another address is counted apart, on either instance.
    await login(b, '198.51.100.42', user.credentials).expect(200);
  });

  it('counts sign-up attempts on either instance together: the fourth answers 429', async () => {
    const ip = '198.51.100.43';
    for (const app of [a, b, a]) await register(app, ip).expect(400);
    const refused = await request(b.http)
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send(buildRegistration())
      .expect(429);
    expect(refused.body).toEqual({ message: 'Too many sign-up attempts. Try again in a minute.' });
  });

  it('counts the collector events of one address on both instances, each learning the total when it sends its batch', async () => {
    const ip = '198.51.100.44';
    const limits = [a, b].map((app) => app.app.get(RateLimitService));
    for (let page = 0; page < 3; page++) {
      await collect(a, ip, page).expect(202);
      await collect(b, ip, page).expect(202);
    }
    // Each sent its 3 (as it does every second): b, sending last, learnt the total of 6 and refuses.
    await limits[0].flush();
    await limits[1].flush();
    const refused = await collect(b, ip, 7).expect(429);
    expect(refused.body).toEqual({ message: TOO_MANY_EVENTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // a last saw 3: it lets one more through (the bounded overshoot), and refuses once its batch brings the total back.
    await collect(a, ip, 8).expect(202);
    await limits[0].flush();
    await collect(a, ip, 9).expect(429);
    await collect(a, '198.51.100.45', 10).expect(202);
    // The table holds the 7 hits sent so far (the two refused ones go with the next batches).
    const [{ hits }] = await db.query<{ hits: number }[]>(`SELECT hits FROM rate_limit_counters WHERE key = $1`, [
      `collect-ip:${ip}`,
    ]);
    expect(hits).toBe(7);
  });

  it('keeps the counters in the UNLOGGED table and deletes those whose window ended', async () => {
    const [{ relpersistence }] = await db.query<{ relpersistence: string }[]>(
      `SELECT relpersistence FROM pg_class WHERE relname = 'rate_limit_counters'`,
    );
    expect(relpersistence).toBe('u');
    const store = a.app.get(RateLimitService).store;
    await store.add([{ key: 'test:expired', count: 3, windowMs: 60_000 }]);
    await db.query(
      `UPDATE rate_limit_counters SET "expiresAt" = now() - interval '1 second' WHERE key = 'test:expired'`,
    );
    // A hit after the window ended starts a new one…
    expect(await store.add([{ key: 'test:expired', count: 1, windowMs: 60_000 }])).toEqual([
      { key: 'test:expired', hits: 1, msLeft: expect.any(Number) },
    ]);
    await db.query(
      `UPDATE rate_limit_counters SET "expiresAt" = now() - interval '1 second' WHERE key = 'test:expired'`,
    );
    // …and the cleanup deletes ended windows, not running ones.
    expect(await b.app.get(RateLimitService).store.removeExpired()).toBeGreaterThanOrEqual(1);
    const keys = (await db.query<{ key: string }[]>(`SELECT key FROM rate_limit_counters`)).map((row) => row.key);
    expect(keys).not.toContain('test:expired');
    expect(keys.some((key) => key.startsWith('throttle:'))).toBe(true);
  });
});

describe('RATE_LIMIT_STORE=memory: each instance counts alone', () => {
  let a: TestApp;
  let b: TestApp;
  let user: SignedUp;

  beforeAll(async () => {
    a = await createTestApp({ env: { ...LIMITS, RATE_LIMIT_STORE: 'memory' } });
    b = await createTestApp({ env: { ...LIMITS, RATE_LIMIT_STORE: 'memory' }, database: a.database });
    user = await signUp(request.agent(a.http));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('lets each instance allow the whole limit, so two allow twice the attempts (why postgres is the default with DATABASE_URL)', async () => {
    const ip = '198.51.100.51';
    const wrong = { email: user.credentials.email, password: 'a wrong guess' };
    for (const app of [a, b, a, b, a, b, a, b]) await login(app, ip, wrong).expect(401);
    await login(a, ip, wrong).expect(429);
    const [{ n }] = await a.app
      .get<DataSource>(getDataSourceToken())
      .query<{ n: number }[]>(`SELECT count(*)::int AS n FROM rate_limit_counters`);
    expect(n).toBe(0);
  });
});
