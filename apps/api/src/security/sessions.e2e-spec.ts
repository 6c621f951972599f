/**
 * Session cookies: a new session id at every sign-in (a session id planted or held before signing
 * in is worthless afterwards), the old cookie refused after sign-out, and the cookie's attributes.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { SESSION_COOKIE } from '../auth/session.service';
import { buildRegistration } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const SECRET = randomBytes(32).toString('hex');

/** The session cookie a response sets: its value (as sent back) and attributes; fails without one. */
function sessionCookie(response: request.Response, what: string) {
  const raw = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) throw new Error(`${what}: no ${SESSION_COOKIE} cookie set (status ${response.status})`);
  const [pair, ...attributes] = raw.split(';').map((part) => part.trim());
  return { header: pair, value: pair.slice(SESSION_COOKIE.length + 1), attributes, raw };
}

/** The session id inside a signed cookie value (s:<sid>.<signature>, URI-encoded). */
const sidOf = (value: string) =>
  decodeURIComponent(value)
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');

/** A cookie value for `sid`, signed as express-session signs it (cookie-signature: HMAC-SHA256, base64 without padding). */
const signedCookie = (sid: string) =>
  `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '')}`)}`;

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  db = t.app.get<DataSource>(getDataSourceToken());
});

afterAll(async () => {
  await t?.close();
});

const whoAmI = (cookie: string) => request(t.http).get('/api/auth/user').set('Cookie', cookie);

it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ at sign-up and at sign-in', async () => {
  const credentials = buildRegistration();
  const signUp = await request(t.http).post('/api/auth/register').send(credentials).expect(201);
  const signIn = await request(t.http)
    .post('/api/auth/login')
    .send({ email: credentials.email, password: credentials.password })
    .expect(200);
  for (const [what, response] of [
    ['sign-up', signUp],
    ['sign-in', signIn],
  ] as const) {
    const { attributes, raw } = sessionCookie(response, what);
    const lower = attributes.map((a) => a.toLowerCase());
    expect({
      what,
      raw,
      httpOnly: lower.includes('httponly'),
      sameSite: lower.includes('samesite=lax'),
      path: lower.includes('path=/'),
    }).toEqual({
      what,
      raw,
      httpOnly: true,
      sameSite: true,
      path: true,
    });
  }
});

it('gives a new session id at sign-in after sign-up and sign-out, and refuses the old cookie after sign-out', async () => {
  const credentials = buildRegistration();
  const signUp = sessionCookie(
    await request(t.http).post('/api/auth/register').send(credentials).expect(201),
    'sign-up',
  );
  await whoAmI(signUp.header).expect(200);

  const signOut = await request(t.http).post('/api/auth/logout').set('Cookie', signUp.header).expect(204);
  // The sign-out clears the cookie in the browser...
  expect(sessionCookie(signOut, 'sign-out').raw).toMatch(/Expires=Thu, 01 Jan 1970/);
  // ...and the server forgets the session, so a copy kept elsewhere is refused.
  const refused = await whoAmI(signUp.header);
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: 401,
    body: { message: expect.any(String) },
  });
  const [row] = await db.query(`SELECT count(*)::int AS n FROM session WHERE sid = $1`, [sidOf(signUp.value)]);
  expect(row.n).toBe(0);

  const signIn = sessionCookie(
    await request(t.http)
      .post('/api/auth/login')
      .set('Cookie', signUp.header)
      .send({ email: credentials.email, password: credentials.password })
      .expect(200),
    'sign-in',
  );
  expect(sidOf(signIn.value)).not.toEqual(sidOf(signUp.value));
  await whoAmI(signIn.header).expect(200);
  await whoAmI(signUp.header).expect(401);
});

it('does not reuse a session id held before sign-in (session fixation)', async () => {
  const credentials = buildRegistration();
  await request(t.http).post('/api/auth/register').send(credentials).expect(201);

  // A signed-out session the browser already holds (or one an attacker planted): it exists in the store.
  const planted = `planted-${randomBytes(12).toString('hex')}`;
  const expires = new Date(Date.now() + 60 * 60 * 1000);
  await db.query(`INSERT INTO session (sid, sess, expire) VALUES ($1, $2, $3)`, [
    planted,
    JSON.stringify({
      cookie: { originalMaxAge: 3_600_000, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
    }),
    expires,
  ]);
  const plantedCookie = signedCookie(planted);
  // The planted cookie is accepted as a (signed-out) session, its cookie rolled: otherwise this test would prove nothing.
  const before = await whoAmI(plantedCookie).expect(401);
  expect(sidOf(sessionCookie(before, 'a request with the planted session').value)).toEqual(planted);

  const signIn = sessionCookie(
    await request(t.http)
      .post('/api/auth/login')
      .set('Cookie', plantedCookie)
      .send({ email: credentials.email, password: credentials.password })
      .expect(200),
    'sign-in with a planted session',
  );
  expect(sidOf(signIn.value)).not.toEqual(planted);
  await whoAmI(signIn.header).expect(200);
  // The planted id did not become signed in.
  const afterwards = await whoAmI(plantedCookie);
  expect({ status: afterwards.status, body: afterwards.body }).toEqual({
    status: 401,
    body: { message: expect.any(String) },
  });
  const rows: { sess: { passport?: unknown } }[] = await db.query(`SELECT sess FROM session WHERE sid = $1`, [planted]);
  expect(rows.filter((r) => r.sess.passport)).toEqual([]);
});

it('gives a new session id when a signed-in user signs in again', async () => {
  const credentials = buildRegistration();
  const first = sessionCookie(
    await request(t.http).post('/api/auth/register').send(credentials).expect(201),
    'sign-up',
  );
  const again = sessionCookie(
    await request(t.http)
      .post('/api/auth/login')
      .set('Cookie', first.header)
      .send({ email: credentials.email, password: credentials.password })
      .expect(200),
    'second sign-in',
  );
  expect(sidOf(again.value)).not.toEqual(sidOf(first.value));
  await whoAmI(again.header).expect(200);
  await whoAmI(first.header).expect(401);
});
