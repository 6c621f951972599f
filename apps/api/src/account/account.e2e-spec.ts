import {
  CURRENT_PASSWORD_WRONG,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_REQUESTED,
  SIGN_UP_CHECK_INBOX,
  type SignInSession,
  SESSION_NOT_FOUND,
} from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildRegistration, signUp } from '../../test/factories';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'http://aide.test';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let smtp: SmtpCapture;
let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { MAIL_SMTP_URL: smtp.url, MAIL_FROM: 'Aide <no-reply@aide.test>', PUBLIC_URL } });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signIn = (email: string, password: string) =>
  request.agent(t.http).post('/api/auth/login').send({ email, password });

/** A user created directly (sign-up with mail answers 202 without signing in), signed in on a fresh agent. */
async function signedInUser(userAgent = CHROME_MAC) {
  const credentials = buildRegistration();
  await request(t.http).post('/api/auth/register').send(credentials).expect(202);
  const agent = request.agent(t.http);
  await agent
    .post('/api/auth/login')
    .set('User-Agent', userAgent)
    .send({ email: credentials.email, password: credentials.password })
    .expect(200);
  const user = (await agent.get('/api/auth/user').expect(200)).body;
  return { agent, user, credentials };
}

async function anotherSession(email: string, password: string, userAgent = FIREFOX_WINDOWS) {
  const agent = request.agent(t.http);
  await agent.post('/api/auth/login').set('User-Agent', userAgent).send({ email, password }).expect(200);
  return agent;
}

describe('sign-up while the app sends mail', () => {
  it('answers a new and a taken address alike, and tells each by mail', async () => {
    const fresh = buildRegistration();
    const first = await request(t.http).post('/api/auth/register').send(fresh).expect(202);
    expect(first.body).toEqual({ message: SIGN_UP_CHECK_INBOX });
    expect(first.headers['set-cookie']).toBeUndefined();

    const again = await request(t.http)
      .post('/api/auth/register')
      .send({ ...buildRegistration(), email: fresh.email })
      .expect(202);
    expect(again.body).toEqual(first.body);

    const [verify, notice] = [await smtp.next(fresh.email, 0), await smtp.next(fresh.email, 1)];
    expect(verify.subject).toBe('Confirm your email address for Aide');
    expect(verify.text).toContain(`Hello ${fresh.firstName},`);
    expect(linkIn(verify).href).toMatch(/^http:\/\/aide\.test\/verify-email\?token=[\w-]{43}$/);
    expect(verify.html).toContain('<a href="http://aide.test/verify-email?token=');
    expect(notice.subject).toBe('Someone tried to sign up to Aide with your address');
    expect(notice.text).toContain('No new account was created.');
    // The first sign-up's password is the one that works.
    await signIn(fresh.email, fresh.password).expect(200);
  });
});

describe('email verification', () => {
  it('marks the address verified from the mailed link, once', async () => {
    const { agent, user } = await signedInUser();
    expect(user.emailVerified).toBe(false);
    const token = linkIn(await smtp.next(user.email)).searchParams.get('token');
    await request(t.http).post('/api/auth/verify-email').send({ token }).expect(200);
    expect((await agent.get('/api/auth/user').expect(200)).body.emailVerified).toBe(true);
    expect((await request(t.http).post('/api/auth/verify-email').send({ token }).expect(400)).body.message).toMatch(
      /expired or was already used/,
    );
  });

  it('sends a new link on request, and answers 409 once verified', async () => {
    const { agent, user } = await signedInUser();
    await agent.post('/api/account/verification-email').expect(202);
    const token = linkIn(await smtp.next(user.email, 1)).searchParams.get('token');
    await agent.post('/api/auth/verify-email').send({ token }).expect(200);
    await agent.post('/api/account/verification-email').expect(409);
  });
});

describe('password reset by mail', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.messages.length;
    const response = await request(t.http)
      .post('/api/auth/password-reset/request')
      .send({ email: 'nobody-here@example.com' })
      .expect(202);
    expect(response.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(smtp.messages.length).toBe(before);
  });

  it('sets a new password from the mailed link, ends every session, and the link works once', async () => {
    const { agent, user, credentials } = await signedInUser();
    const response = await request(t.http)
      .post('/api/auth/password-reset/request')
      .send({ email: user.email.toUpperCase() })
      .expect(202);
    expect(response.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    const mail = await smtp.next(user.email, 1);
    expect(mail.subject).toBe('Set a new password for Aide');
    const token = linkIn(mail).searchParams.get('token');

    expect(
      (await request(t.http).post('/api/auth/password-reset').send({ token, password: 'short' }).expect(400)).body
        .message,
    ).toBe('Password must be at least 8 characters');
    await request(t.http)
      .post('/api/auth/password-reset')
      .send({ token, password: 'a brand new password' })
      .expect(200);
    await agent.get('/api/auth/user').expect(401);
    await signIn(user.email, credentials.password).expect(401);
    await signIn(user.email, 'a brand new password').expect(200);
    expect(
      (
        await request(t.http)
          .post('/api/auth/password-reset')
          .send({ token, password: 'yet another password' })
          .expect(400)
      ).body,
    ).toEqual({
      message: PASSWORD_RESET_LINK_INVALID,
    });
    // The mailed link proved the mailbox.
    const [row] = await db.query('SELECT "emailVerifiedAt" FROM users WHERE id = $1', [user.id]);
    expect(row.emailVerifiedAt).not.toBeNull();
  });
});

describe('rate limits', () => {
  it('limits password reset requests per address like sign-ins (429 with a readable message)', async () => {
    const limited = await createTestApp({
      env: { MAIL_SMTP_URL: smtp.url, MAIL_FROM: 'Aide <no-reply@aide.test>', PUBLIC_URL, AUTH_RATE_LIMIT: '2' },
    });
    try {
      const ask = () =>
        request(limited.http).post('/api/auth/password-reset/request').send({ email: 'someone@example.com' });
      await ask().expect(202);
      await ask().expect(202);
      const refused = await ask().expect(429);
      expect(refused.body).toEqual({ message: 'Too many password reset attempts. Try again in a minute.' });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this session under a new id and ends the others', async () => {
    const { agent, user, credentials } = await signedInUser();
    const other = await anotherSession(user.email, credentials.password);

    const wrong = await agent
      .post('/api/account/password')
      .send({ currentPassword: 'not it at all', newPassword: 'a changed password' })
      .expect(400);
    expect(wrong.body).toEqual({ message: CURRENT_PASSWORD_WRONG });
    await other.get('/api/auth/user').expect(200);

    const changed = await agent
      .post('/api/account/password')
      .send({ currentPassword: credentials.password, newPassword: 'a changed password' })
      .expect(200);
    expect(changed.headers['set-cookie']?.[0]).toMatch(/^aide\.sid=/);
    await agent.get('/api/auth/user').expect(200);
    await other.get('/api/auth/user').expect(401);
    await signIn(user.email, credentials.password).expect(401);
    await signIn(user.email, 'a changed password').expect(200);
    expect((await smtp.next(user.email, 1)).subject).toBe('Your Aide password was changed');
  });
});

describe('signed-in sessions', () => {
  it('lists each session with its browser, device and IP, this one marked current', async () => {
    const { agent, credentials } = await signedInUser(CHROME_MAC);
    await anotherSession(credentials.email, credentials.password, FIREFOX_WINDOWS);
    const sessions: SignInSession[] = (await agent.get('/api/account/sessions').expect(200)).body;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      device: 'macOS Catalina',
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Firefox 133', device: 'Windows 10' });
    expect(sessions[0].key).toMatch(/^[\w-]{22}$/);
    // The cookie's session id is never shown.
    const [{ sid }] = await db.query(`SELECT sid FROM session WHERE (sess -> 'passport') ->> 'user' = $1 LIMIT 1`, [
      String(sessions.length && (await agent.get('/api/auth/user')).body.id),
    ]);
    expect(JSON.stringify(sessions)).not.toContain(sid);
  });

  it("signs out one session by its key; another user's key answers 404", async () => {
    const { agent, credentials } = await signedInUser();
    const other = await anotherSession(credentials.email, credentials.password);
    const stranger = await signedInUser();
    const [, otherSession] = (await agent.get('/api/account/sessions').expect(200)).body as SignInSession[];

    expect((await stranger.agent.delete(`/api/account/sessions/${otherSession.key}`).expect(404)).body).toEqual({
      message: SESSION_NOT_FOUND,
    });
    await other.get('/api/auth/user').expect(200);

    await agent.delete(`/api/account/sessions/${otherSession.key}`).expect(204);
    await other.get('/api/auth/user').expect(401);
    await agent.get('/api/auth/user').expect(200);
    await agent.delete(`/api/account/sessions/${otherSession.key}`).expect(404);
  });

  it('records when a session was last seen, at most once a minute', async () => {
    const { agent, user } = await signedInUser();
    const lastSeen = async () =>
      ((await agent.get('/api/account/sessions').expect(200)).body as SignInSession[])[0].lastSeenAt;
    const first = await lastSeen();
    await agent.get('/api/auth/user').expect(200);
    expect(await lastSeen()).toBe(first);
    // As if the last request had been two minutes ago.
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await db.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{device,lastSeenAt}', to_jsonb($2::text))::json WHERE (sess -> 'passport') ->> 'user' = $1`,
      [String(user.id), twoMinutesAgo],
    );
    // The next request (this very listing) is recorded.
    expect(Date.parse((await lastSeen())!)).toBeGreaterThan(Date.parse(twoMinutesAgo) + 60_000);
    const [row] = await db.query(
      `SELECT sess -> 'device' ->> 'lastSeenAt' AS "lastSeenAt" FROM session WHERE (sess -> 'passport') ->> 'user' = $1`,
      [String(user.id)],
    );
    expect(row.lastSeenAt).not.toBe(twoMinutesAgo);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const { agent, credentials } = await signedInUser();
    const others = [
      await anotherSession(credentials.email, credentials.password),
      await anotherSession(credentials.email, credentials.password),
    ];
    await agent.delete('/api/account/sessions').expect(204);
    for (const other of others) await other.get('/api/auth/user').expect(401);
    await agent.get('/api/auth/user').expect(200);
    expect((await agent.get('/api/account/sessions').expect(200)).body).toHaveLength(1);
  });
});

describe('without app mail', () => {
  let plain: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    plain = await createTestApp();
    admin = await signUp(request.agent(plain.http)); // the first account: an admin
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('keeps sign-up as it was (201, signed in) and says reset is an admin action', async () => {
    const { user } = await signUp(request.agent(plain.http));
    const response = await request(plain.http)
      .post('/api/auth/password-reset/request')
      .send({ email: user.email })
      .expect(503);
    expect(response.body.message).toBe('This server does not send email. Ask an administrator to reset your password.');
    const verify = await (
      await signUp(request.agent(plain.http))
    ).agent
      .post('/api/account/verification-email')
      .expect(409);
    expect(verify.body.message).toBe('This server does not send email, so your address cannot be verified here.');
  });

  it('lets an admin make a one-use reset link that sets a new password and ends the sessions', async () => {
    const { agent, user, credentials } = await signUp(request.agent(plain.http));
    await agent.post(`/api/admin/users/${admin.user.id}/password-reset-link`).expect(403);
    await admin.agent.post('/api/admin/users/2147483647/password-reset-link').expect(404);

    const link = (await admin.agent.post(`/api/admin/users/${user.id}/password-reset-link`).expect(201)).body;
    expect(link).toEqual({
      url: expect.stringMatching(/\/reset-password\?token=[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    const token = new URL(link.url).searchParams.get('token');
    await request(plain.http)
      .post('/api/auth/password-reset')
      .send({ token, password: 'handed over password' })
      .expect(200);
    await agent.get('/api/auth/user').expect(401);
    await request(plain.http)
      .post('/api/auth/login')
      .send({ email: user.email, password: credentials.password })
      .expect(401);
    await request(plain.http)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'handed over password' })
      .expect(200);
    await request(plain.http)
      .post('/api/auth/password-reset')
      .send({ token, password: 'once more password' })
      .expect(400);
  });
});
