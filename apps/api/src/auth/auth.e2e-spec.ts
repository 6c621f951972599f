import type { AuthUser } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildRegistration, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
});
afterAll(() => t.close());

const sessionCookie = (response: request.Response) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('aide.sid='));

describe('registration', () => {
  // First in this file, on a fresh database: the first account ever created.
  it('makes the first account an admin and later ones users', async () => {
    const first = await signUp(request.agent(t.http));
    const second = await signUp(request.agent(t.http));
    expect(first.user.role).toBe('admin');
    expect(second.user.role).toBe('user');
  });

  it('answers 201 with the user and signs them in', async () => {
    const agent = request.agent(t.http);
    const details = buildRegistration({
      email: '  Grace.Hopper@Example.COM ',
      firstName: ' Grace ',
      lastName: 'Hopper',
    });
    const response = await agent.post('/api/auth/register').send(details).expect(201);

    expect(response.body).toEqual({
      id: expect.any(Number),
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
      role: 'user',
      plan: 'free',
      status: 'active',
      emailVerified: false,
      lastLoginAt: expect.any(String),
      createdAt: expect.any(String),
    } satisfies Record<keyof AuthUser, unknown>);
    expect(JSON.stringify(response.body)).not.toContain('argon2');

    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toEqual(response.body);
  });

  it('stores the password as an argon2id hash', async () => {
    const { user, credentials } = await signUp(request.agent(t.http));
    const [row] = await db.query('SELECT "passwordHash" FROM users WHERE id = $1', [user.id]);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(credentials.password);
  });

  it('sets an httpOnly, SameSite=Lax session cookie named aide.sid for 30 days', async () => {
    const response = await request(t.http).post('/api/auth/register').send(buildRegistration()).expect(201);
    const cookie = sessionCookie(response)!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
  });

  it('ignores a forged X-Forwarded-Proto when not configured to trust a proxy', async () => {
    const response = await request(t.http)
      .post('/api/auth/register')
      .set('X-Forwarded-Proto', 'https')
      .send(buildRegistration())
      .expect(201);
    expect(sessionCookie(response)).not.toMatch(/; Secure/);
  });

  it('marks the cookie Secure behind a trusted HTTPS proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await request(proxied.http)
        .post('/api/auth/register')
        .set('X-Forwarded-Proto', 'https')
        .send(buildRegistration())
        .expect(201);
      expect(sessionCookie(response)).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const { credentials } = await signUp(request.agent(t.http));
    const again = buildRegistration({ email: credentials.email.toUpperCase() });
    const response = await request(t.http).post('/api/auth/register').send(again).expect(409);
    expect(response.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('answers 400 with the contract messages for invalid details', async () => {
    const response = await request(t.http)
      .post('/api/auth/register')
      .send({ email: 'not-an-email', password: 'short', firstName: '', lastName: 'X' })
      .expect(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Invalid email' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'firstName', message: 'First name is required' },
    ]);
  });
});

describe('sign-in', () => {
  it('answers 200 with the user, signs in and records lastLoginAt', async () => {
    const { user, credentials } = await signUp(request.agent(t.http));
    const agent = request.agent(t.http);
    const response = await agent
      .post('/api/auth/login')
      .send({ email: ` ${credentials.email.toUpperCase()} `, password: credentials.password })
      .expect(200);
    expect(response.body).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    expect(Date.parse(response.body.lastLoginAt)).toBeGreaterThan(Date.parse(user.lastLoginAt!));
    expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(user.id);
  });

  it('answers 401 "Invalid email or password" for a wrong password or an unknown email', async () => {
    const { credentials } = await signUp(request.agent(t.http));
    const wrongPassword = await request(t.http)
      .post('/api/auth/login')
      .send({ email: credentials.email, password: 'wrong password' })
      .expect(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(sessionCookie(wrongPassword)).toBeUndefined();
    const unknown = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'whatever1' })
      .expect(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });
  });

  it('answers 400, not 401, for a malformed login body', async () => {
    const response = await request(t.http).post('/api/auth/login').send({ email: 'nope' }).expect(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Invalid email' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('issues a new session id on sign-in and ends the one it replaces', async () => {
    const before = await signUp(request.agent(t.http));
    const other = await signUp(request.agent(t.http));
    const oldCookie = (await before.agent.get('/api/auth/user')).request.cookies;

    const login = await before.agent
      .post('/api/auth/login')
      .send({ email: other.credentials.email, password: other.credentials.password })
      .expect(200);
    const newCookie = sessionCookie(login)!.split(';')[0];
    expect(oldCookie).toContain('aide.sid=');
    expect(oldCookie).not.toContain(newCookie);

    await request(t.http).get('/api/auth/user').set('Cookie', oldCookie).expect(401);
    expect((await before.agent.get('/api/auth/user').expect(200)).body.id).toBe(other.user.id);
  });
});

describe('the current user', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const response = await request(t.http).get('/api/auth/user').expect(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });

  it('reflects a role or plan change on the next request', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await db.query(`UPDATE users SET role = 'admin', plan = 'premium' WHERE id = $1`, [user.id]);
    expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'admin', plan: 'premium' });
  });

  it('signs out a session whose account was deleted', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await db.query('DELETE FROM users WHERE id = $1', [user.id]);
    await agent.get('/api/auth/user').expect(401);
  });
});

describe('sign-out', () => {
  it('GET /api/logout ends the session on the server, clears the cookie and redirects to /', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const cookie = (await agent.get('/api/auth/user').expect(200)).request.cookies;

    const response = await agent.get('/api/logout').expect(302);
    expect(response.headers.location).toBe('/');
    expect(sessionCookie(response)).toMatch(/^aide\.sid=;.*Expires=Thu, 01 Jan 1970/);

    await agent.get('/api/auth/user').expect(401);
    await request(t.http).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('POST /api/auth/logout answers 204 and signs out', async () => {
    const { agent } = await signUp(request.agent(t.http));
    await agent.post('/api/auth/logout').expect(204);
    await agent.get('/api/auth/user').expect(401);
  });
});

describe('sign-in pages', () => {
  it('GET /api/login redirects to /sign-in', async () => {
    const response = await request(t.http).get('/api/login').expect(302);
    expect(response.headers.location).toBe('/sign-in');
  });

  it('GET /api/auth/google answers 503 with a page saying Google sign-in is not configured', async () => {
    const response = await request(t.http).get('/api/auth/google').expect(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('Google sign-in is not configured');
    expect(response.text).toContain('href="/sign-in"');
  });
});
