import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GOOGLE_NOT_CONFIGURED } from './google-unavailable.page';

// A real OpenID Connect issuer (oidc-provider) on 127.0.0.1, and the app signing in with it.
// The app is reached as http://aide.test (its Host header), so the redirect URI comes from the request.
const APP_HOST = 'aide.test';
const CALLBACK = `http://${APP_HOST}/api/auth/google/callback`;
const PUBLIC_URL = 'https://aide.example.com';
const CLIENT = { client_id: 'aide-test', client_secret: 'a client secret only the test app knows' };

interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  picture: string;
}

/** The issuer's accounts, by the login typed into its sign-in form (which becomes the sub). */
const accounts = new Map<string, TestAccount>();
let sequence = 0;
function issuerAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const sub = `oidc-person-${++sequence}`;
  const account = {
    sub,
    email: `${sub}@oidc.example`,
    email_verified: true,
    given_name: 'Ada',
    family_name: `Lovelace ${sequence}`,
    picture: `https://images.oidc.example/${sub}.png`,
    ...overrides,
  };
  accounts.set(sub, account);
  return account;
}

/** oidc-provider on a random port; its issuer URL is only known once the port is. */
async function startIssuer(): Promise<{ issuer: string; server: Server }> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [CALLBACK, `${PUBLIC_URL}/api/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    cookies: { keys: ['oidc test cookie key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ ...account }) };
    },
    // Consent is granted at once, so a sign-in is the login form only.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { Grant } = ctx.oidc.provider;
      const grant = new Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  // Koa answers its own errors; should one escape, the sign-in sees a cut connection, not an unhandled rejection.
  handle = (req, res) => void callback(req, res).catch(() => res.destroy());
  return { issuer, server };
}

/** A browser at the issuer: follows its redirects and keeps its cookies. */
class IssuerBrowser {
  private readonly cookies = new Map<string, string>();

  /** Fetches `url`, and follows redirects while they stay at the issuer; returns where the last one pointed. */
  async follow(url: string, init: RequestInit = {}): Promise<URL> {
    let next = new URL(url);
    let options = init;
    for (;;) {
      const response = await fetch(next, {
        ...options,
        redirect: 'manual',
        headers: { ...options.headers, cookie: this.cookieHeader() },
      });
      this.keep(response);
      const location = response.headers.get('location');
      if (!location)
        throw new Error(
          `The issuer answered ${response.status} without a redirect at ${next}: ${await response.text()}`,
        );
      const target = new URL(location, next);
      if (target.origin !== next.origin) return target;
      next = target;
      options = {};
      if (/^\/interaction\/[^/]+$/.test(target.pathname)) {
        // The login form: without a login to type, stop there.
        if (!this.login) return target;
        const body = new URLSearchParams({ prompt: 'login', login: this.login, password: 'any' });
        this.login = undefined;
        return this.follow(target.href, { method: 'POST', body });
      }
    }
  }

  /** The sub to type into the issuer's login form; used once. */
  login?: string;

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

let issuer: { issuer: string; server: Server };
let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  issuer = await startIssuer();
  t = await createTestApp({
    env: {
      OIDC_ISSUER_URL: issuer.issuer,
      GOOGLE_CLIENT_ID: CLIENT.client_id,
      GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
    },
  });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t.close();
  issuer.server.closeAllConnections();
  issuer.server.close();
});

type Agent = ReturnType<typeof request.agent>;

/** Starts a sign-in at the app and returns the issuer URL it redirects to. */
async function startSignIn(agent: Agent): Promise<URL> {
  const response = await agent.get('/api/auth/google').set('Host', APP_HOST).expect(302);
  return new URL(response.headers.location);
}

/** Goes through the issuer's login form as `account`, returning the app callback the issuer redirects to. */
async function atIssuer(authorizationUrl: URL, account: TestAccount): Promise<URL> {
  const browser = new IssuerBrowser();
  browser.login = account.sub;
  const callback = await browser.follow(authorizationUrl.href);
  expect(callback.href.startsWith(CALLBACK)).toBe(true);
  return callback;
}

/** Calls the app's callback as the issuer redirected to it; returns where the app redirects. */
async function returnToApp(agent: Agent, callback: URL): Promise<string> {
  const response = await agent.get(`${callback.pathname}${callback.search}`).set('Host', APP_HOST).expect(302);
  return response.headers.location;
}

async function signInWithOidc(agent: Agent, account: TestAccount): Promise<string> {
  return returnToApp(agent, await atIssuer(await startSignIn(agent), account));
}

const identitiesOf = (userId: number) =>
  db.query('SELECT issuer, subject FROM user_identities WHERE "userId" = $1', [userId]);

describe('starting an OpenID Connect sign-in', () => {
  it('redirects to the issuer with PKCE (S256), state, nonce and the redirect URI of the request host', async () => {
    const url = await startSignIn(request.agent(t.http));
    expect(url.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.client_id,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/.{16,}/),
      nonce: expect.stringMatching(/.{16,}/),
    });
  });

  it('builds the redirect URI from PUBLIC_URL when it is set', async () => {
    const app = await createTestApp({
      env: {
        OIDC_ISSUER_URL: issuer.issuer,
        GOOGLE_CLIENT_ID: CLIENT.client_id,
        GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
        PUBLIC_URL,
      },
    });
    try {
      const response = await request(app.http).get('/api/auth/google').set('Host', APP_HOST).expect(302);
      expect(new URL(response.headers.location).searchParams.get('redirect_uri')).toBe(
        `${PUBLIC_URL}/api/auth/google/callback`,
      );
    } finally {
      await app.close();
    }
  });
});

describe('signing in with OpenID Connect', () => {
  it('creates an account from the claims, without a password, signs in and redirects to /', async () => {
    const person = issuerAccount();
    const agent = request.agent(t.http);
    expect(await signInWithOidc(agent, person)).toBe('/');

    const me = (await agent.get('/api/auth/user').expect(200)).body;
    expect(me).toMatchObject({
      email: person.email,
      firstName: 'Ada',
      lastName: person.family_name,
      profileImageUrl: person.picture,
      role: expect.stringMatching(/^(user|admin)$/),
      lastLoginAt: expect.any(String),
    });
    const [row] = await db.query('SELECT "passwordHash" FROM users WHERE id = $1', [me.id]);
    expect(row.passwordHash).toBeNull();
    expect(await identitiesOf(me.id)).toEqual([{ issuer: issuer.issuer, subject: person.sub }]);
  });

  it('signs the same person in to the same account the next time, with a new lastLoginAt', async () => {
    const person = issuerAccount();
    const first = request.agent(t.http);
    await signInWithOidc(first, person);
    const before = (await first.get('/api/auth/user').expect(200)).body;

    const second = request.agent(t.http);
    expect(await signInWithOidc(second, person)).toBe('/');
    const after = (await second.get('/api/auth/user').expect(200)).body;
    expect(after.id).toBe(before.id);
    expect(Date.parse(after.lastLoginAt)).toBeGreaterThan(Date.parse(before.lastLoginAt));
    expect(await identitiesOf(after.id)).toHaveLength(1);
  });

  it('links to the password account with the same email when the issuer and the account both verified it', async () => {
    const { agent: owner, user, credentials } = await signUp(request.agent(t.http));
    // The owner verified the address from a link opened in their own session (account.e2e-spec.ts), which proves the password is theirs.
    await db.query('UPDATE users SET "emailVerifiedAt" = now(), "passwordSetAt" = now() WHERE id = $1', [user.id]);
    const person = issuerAccount({
      email: user.email.toUpperCase(),
      email_verified: true,
      given_name: 'Other',
      family_name: 'Name',
    });

    const agent = request.agent(t.http);
    expect(await signInWithOidc(agent, person)).toBe('/');
    const me = (await agent.get('/api/auth/user').expect(200)).body;
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: credentials.firstName,
      lastName: credentials.lastName,
    });
    expect(await identitiesOf(user.id)).toEqual([{ issuer: issuer.issuer, subject: person.sub }]);
    // The password still works, and the owner's session goes on.
    await request(t.http)
      .post('/api/auth/login')
      .send({ email: credentials.email, password: credentials.password })
      .expect(200);
    await owner.get('/api/auth/user').expect(200);
  });

  describe('account pre-hijacking: someone registered the address with a password before its owner came with Google', () => {
    it('refuses to link while the account never verified the address, and says how to connect instead', async () => {
      const { agent: attacker, user } = await signUp(request.agent(t.http), {
        email: `victim-${sequence}@corp.example`,
      });
      const victim = issuerAccount({ email: user.email, email_verified: true });

      const agent = request.agent(t.http);
      expect(await signInWithOidc(agent, victim)).toBe('/sign-in?error=google-link');
      await agent.get('/api/auth/user').expect(401);
      expect(await identitiesOf(user.id)).toEqual([]);
      // Nothing the victim does with Google lands in the attacker's account.
      await attacker.get('/api/auth/user').expect(200);
    });

    it('once the address is verified, a Google sign-in takes the account over: the earlier password stops working and its sessions end', async () => {
      const {
        agent: attacker,
        user,
        credentials,
      } = await signUp(request.agent(t.http), { email: `victim-${sequence}-b@corp.example` });
      // The owner opened the verification mail's link in their own browser, not signed in to this account.
      await db.query('UPDATE users SET "emailVerifiedAt" = now() WHERE id = $1', [user.id]);
      const victim = issuerAccount({ email: user.email, email_verified: true });

      const agent = request.agent(t.http);
      expect(await signInWithOidc(agent, victim)).toBe('/');
      expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(user.id);
      await request(t.http)
        .post('/api/auth/login')
        .send({ email: credentials.email, password: credentials.password })
        .expect(401);
      await attacker.get('/api/auth/user').expect(401);
      const [row] = await db.query('SELECT "passwordHash" FROM users WHERE id = $1', [user.id]);
      expect(row.passwordHash).toBeNull();
    });

    it('lets the signed-in owner connect Google to the account from Profile', async () => {
      const { agent: owner, user, credentials } = await signUp(request.agent(t.http));
      const person = issuerAccount({ email: user.email, email_verified: true });
      expect(await signInWithOidc(owner, person)).toBe('/profile?google=connected');
      expect(await identitiesOf(user.id)).toEqual([{ issuer: issuer.issuer, subject: person.sub }]);
      expect((await owner.get('/api/auth/user').expect(200)).body.emailVerified).toBe(true);
      // Google now signs in to the account, and the password the owner set still works.
      const agent = request.agent(t.http);
      expect(await signInWithOidc(agent, person)).toBe('/');
      expect((await agent.get('/api/auth/user').expect(200)).body.id).toBe(user.id);
      await request(t.http)
        .post('/api/auth/login')
        .send({ email: credentials.email, password: credentials.password })
        .expect(200);
    });
  });

  it('does not link to an account by an unverified email, and signs nobody in', async () => {
    const { user } = await signUp(request.agent(t.http));
    const person = issuerAccount({ email: user.email, email_verified: false });

    const agent = request.agent(t.http);
    expect(await signInWithOidc(agent, person)).toBe('/sign-in?error=google');
    await agent.get('/api/auth/user').expect(401);
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('creates an account for an unverified email nobody uses yet', async () => {
    const person = issuerAccount({ email_verified: false });
    const agent = request.agent(t.http);
    expect(await signInWithOidc(agent, person)).toBe('/');
    expect((await agent.get('/api/auth/user').expect(200)).body.email).toBe(person.email);
  });
});

describe('a failed OpenID Connect sign-in redirects to /sign-in?error=google and signs nobody in', () => {
  it('when the state was tampered with', async () => {
    const agent = request.agent(t.http);
    const callback = await atIssuer(await startSignIn(agent), issuerAccount());
    callback.searchParams.set('state', 'tampered');
    expect(await returnToApp(agent, callback)).toBe('/sign-in?error=google');
    await agent.get('/api/auth/user').expect(401);
  });

  it('when the callback comes to another session than the one that started the sign-in', async () => {
    const callback = await atIssuer(await startSignIn(request.agent(t.http)), issuerAccount());
    const stranger = request.agent(t.http);
    expect(await returnToApp(stranger, callback)).toBe('/sign-in?error=google');
    await stranger.get('/api/auth/user').expect(401);
  });

  it('when the same callback is used twice', async () => {
    const agent = request.agent(t.http);
    const callback = await atIssuer(await startSignIn(agent), issuerAccount());
    expect(await returnToApp(agent, callback)).toBe('/');
    await agent.post('/api/auth/logout').expect(204);
    expect(await returnToApp(agent, callback)).toBe('/sign-in?error=google');
    await agent.get('/api/auth/user').expect(401);
  });

  it('when the person cancels at the issuer', async () => {
    const agent = request.agent(t.http);
    const browser = new IssuerBrowser();
    const interaction = await browser.follow((await startSignIn(agent)).href);
    expect(interaction.pathname).toMatch(/^\/interaction\//);
    const callback = await browser.follow(new URL(`${interaction.pathname}/abort`, issuer.issuer).href);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await returnToApp(agent, callback)).toBe('/sign-in?error=google');
    await agent.get('/api/auth/user').expect(401);
  });

  it('when the issuer cannot be reached', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    const app = await createTestApp({
      env: {
        OIDC_ISSUER_URL: `http://127.0.0.1:${port}`,
        GOOGLE_CLIENT_ID: CLIENT.client_id,
        GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
      },
    });
    try {
      const agent = request.agent(app.http);
      const response = await agent.get('/api/auth/google').expect(302);
      expect(response.headers.location).toBe('/sign-in?error=google');
      await agent.get('/api/auth/user').expect(401);
      // And a callback with no sign-in behind it.
      expect((await agent.get('/api/auth/google/callback?code=x&state=y').expect(302)).headers.location).toBe(
        '/sign-in?error=google',
      );
    } finally {
      await app.close();
    }
  });
});

describe('without a client id and secret', () => {
  it('answers 503 with a page saying Google sign-in is not configured', async () => {
    const app = await createTestApp({ env: { OIDC_ISSUER_URL: issuer.issuer } });
    try {
      const response = await request(app.http).get('/api/auth/google').expect(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain(GOOGLE_NOT_CONFIGURED);
      expect(response.text).toContain('href="/sign-in"');
      expect(
        (await request(app.http).get('/api/auth/google/callback?code=x&state=y').expect(302)).headers.location,
      ).toBe('/sign-in?error=google');
    } finally {
      await app.close();
    }
  });
});

describe('signing out', () => {
  it('GET /api/logout ends an OpenID Connect session and redirects to /', async () => {
    const agent = request.agent(t.http);
    await signInWithOidc(agent, issuerAccount());
    await agent.get('/api/auth/user').expect(200);
    expect((await agent.get('/api/logout').expect(302)).headers.location).toBe('/');
    await agent.get('/api/auth/user').expect(401);
  });
});

describe('signing in with OpenID Connect to an account with two-factor sign-in', () => {
  it('stops at the second step (/sign-in?step=two-factor, not signed in) until the code is given', async () => {
    const { Secret, TOTP } = await import('otpauth');
    const person = issuerAccount();
    const first = request.agent(t.http);
    await signInWithOidc(first, person);
    const setup = (await first.post('/api/account/two-factor/setup').expect(200)).body as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    await first.post('/api/account/two-factor/confirm').send({ code: totp.generate() }).expect(200);

    const agent = request.agent(t.http);
    expect(await signInWithOidc(agent, person)).toBe('/sign-in?step=two-factor');
    await agent.get('/api/auth/user').expect(401);
    await agent
      .post('/api/auth/two-factor')
      .send({ code: totp.generate({ timestamp: Date.now() + 30_000 }) })
      .expect(200);
    expect((await agent.get('/api/auth/user').expect(200)).body.email).toBe(person.email);
  });
});
