import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EmailIntegration, PLAN_QUOTAS } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import { type Agent, buildEmailIntegration, signUp } from '../../../test/factories';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import type { EmailCredentials } from '../email-integration.entity';
import { isAuthenticationFailure, MailAccess } from '../mail-access';
import { EmailSyncService } from '../sync/email-sync.service';

/**
 * A loopback stand-in for Google's OAuth2 token endpoint, OpenID userinfo and tokeninfo (the
 * documented shapes); Dovecot and the SMTP server check bearer tokens against its tokeninfo,
 * as Dovecot's documented Google setup does.
 */
const google = {
  valid: new Map<string, string>(),
  issued: 0,
  tokenRequests: [] as URLSearchParams[],
  grantEmail: 'ada@example.test',
  refreshRevoked: false,
};
let googleServer: Server;
let base: string;
let mail: MailServers;
let t: TestApp;
let unconfigured: TestApp;

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

function handleGoogle(req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, json: unknown): void =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/token' && req.method === 'POST') {
    void body(req).then((raw) => {
      const params = new URLSearchParams(raw);
      google.tokenRequests.push(params);
      if (params.get('client_secret') !== 'client-secret') return send(401, { error: 'invalid_client' });
      const grant = params.get('grant_type');
      if (grant === 'authorization_code' && params.get('code') !== 'the-code')
        return send(400, { error: 'invalid_grant' });
      if (grant === 'refresh_token' && (google.refreshRevoked || params.get('refresh_token') !== 'gmail-refresh'))
        return send(400, { error: 'invalid_grant' });
      // A new access token replaces the previous ones, as after a revocation.
      google.valid.clear();
      const accessToken = `gmail-access-${++google.issued}`;
      google.valid.set(accessToken, google.grantEmail);
      send(200, {
        access_token: accessToken,
        refresh_token: grant === 'authorization_code' ? 'gmail-refresh' : undefined,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://mail.google.com/ openid email',
      });
    });
    return;
  }
  if (url.pathname === '/userinfo') {
    const email = google.valid.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    return email ? send(200, { sub: '1234', email, email_verified: true }) : send(401, { error: 'invalid_token' });
  }
  if (url.pathname === '/tokeninfo') {
    const email = google.valid.get(url.searchParams.get('access_token') ?? '');
    return email
      ? send(200, { email, email_verified: 'true', expires_in: '3000', scope: 'https://mail.google.com/' })
      : send(400, { error_description: 'Invalid Value' });
  }
  send(404, { error: 'not_found' });
}

beforeAll(async () => {
  googleServer = createServer(handleGoogle);
  await new Promise<void>((resolve) => googleServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(googleServer.address() as AddressInfo).port}`;
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'not-used-here' },
      { name: 'bob', password: 'bob-secret' },
    ],
    oauth2TokenInfoUrl: `${base}/tokeninfo?access_token=`,
  });
  t = await createTestApp({
    env: {
      ...LOOPBACK_SERVERS_ENV,
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      GOOGLE_OAUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
  });
  unconfigured = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await mail?.stop();
  await new Promise((resolve) => googleServer?.close(resolve));
});

/** Follows GET /api/auth/gmail to the consent URL and checks what it asks Google for. */
async function consentUrl(agent: Agent, returnTo?: string): Promise<URL> {
  const start = await agent
    .get('/api/auth/gmail')
    .query(returnTo ? { returnTo } : {})
    .expect(302);
  const url = new URL(start.headers.location);
  expect(`${url.origin}${url.pathname}`).toBe(`${base}/auth`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: 'client-id',
    response_type: 'code',
    scope: 'https://mail.google.com/ openid email',
    access_type: 'offline',
    prompt: 'consent',
    code_challenge_method: 'S256',
    state: expect.stringMatching(/^[\w-]{43}$/),
    code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    redirect_uri: expect.stringMatching(/\/api\/auth\/gmail\/callback$/),
  });
  return url;
}

async function connectGmail(agent: Agent): Promise<EmailIntegration> {
  const state = (await consentUrl(agent, '/calendar')).searchParams.get('state');
  await agent
    .get(`/api/auth/gmail/callback?code=the-code&state=${state}`)
    .expect(302)
    .expect('location', '/calendar?tab=integrations&connected=gmail');
  const accounts = (await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
  expect(accounts).toHaveLength(1);
  return accounts[0];
}

it('says whether Gmail can connect with Google sign-in', async () => {
  const { agent } = await signUp(request.agent(t.http));
  await agent.get('/api/email-integrations/oauth').expect(200, { gmail: true });
  const other = await signUp(request.agent(unconfigured.http));
  await other.agent.get('/api/email-integrations/oauth').expect(200, { gmail: false });
  // Navigated there anyway: back to the Integrations tab with the error, not a JSON page.
  await other.agent.get('/api/auth/gmail').expect(302).expect('location', '/email?tab=integrations&error=gmail');
});

it('connects a Gmail account over OAuth2 with PKCE, storing only encrypted tokens', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  const enqueued = jest.spyOn(t.app.get(EmailSyncService), 'enqueue');
  const account = await connectGmail(agent);
  expect(account).toMatchObject({
    provider: 'gmail',
    email: 'ada@example.test',
    isActive: true,
    imapHost: null,
    smtpHost: null,
  });
  // Its first sync is queued at once.
  expect(enqueued).toHaveBeenCalledWith({ id: account.id, userId: user.id });
  expect(JSON.stringify(account)).not.toMatch(/gmail-access|gmail-refresh/);

  const exchange = google.tokenRequests.find((p) => p.get('grant_type') === 'authorization_code')!;
  expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43}$/);
  expect(exchange.get('redirect_uri')).toMatch(/\/api\/auth\/gmail\/callback$/);

  const [row] = await t.app
    .get(DataSource)
    .query('SELECT "userId", credentials FROM email_integrations WHERE id = $1', [account.id]);
  expect(row.userId).toBe(user.id);
  expect(row.credentials).not.toMatch(/gmail-access|gmail-refresh/);
  const stored = t.app.get(CredentialsCipher).decrypt<EmailCredentials>(row.credentials);
  expect(stored).toEqual({
    oauth: {
      accessToken: expect.stringMatching(/^gmail-access-\d+$/),
      refreshToken: 'gmail-refresh',
      expiresAt: expect.any(Number),
    },
  });

  // Connecting the same address again reconnects it (new tokens), it does not add a second account.
  const again = await connectGmail(agent);
  expect(again.id).toBe(account.id);
});

it('refuses a forged or replayed callback, and a denied consent, going back with &error=gmail', async () => {
  const { agent } = await signUp(request.agent(t.http));
  await consentUrl(agent);
  await agent
    .get('/api/auth/gmail/callback?code=the-code&state=forged')
    .expect(302)
    .expect('location', '/email?tab=integrations&error=gmail');
  // The forged attempt used the pending state up: the right state no longer works either.
  const state = (await consentUrl(agent)).searchParams.get('state');
  await agent
    .get(`/api/auth/gmail/callback?error=access_denied&state=${state}`)
    .expect(302)
    .expect('location', '/email?tab=integrations&error=gmail');
  await agent
    .get(`/api/auth/gmail/callback?code=the-code&state=${state}`)
    .expect(302)
    .expect('location', '/email?tab=integrations&error=gmail');
  // Only our own pages are return targets.
  const evil = (await consentUrl(agent, 'https://evil.example/')).searchParams.get('state');
  await agent
    .get(`/api/auth/gmail/callback?code=the-code&state=${evil}`)
    .expect(302)
    .expect('location', '/email?tab=integrations&connected=gmail');
  expect((await agent.get('/api/email-integrations').expect(200)).body).toHaveLength(1);
  // Signed out, neither route does anything.
  await request(t.http).get('/api/auth/gmail').expect(401);
  await request(t.http).get('/api/auth/gmail/callback?code=the-code&state=x').expect(401);
});

describe("past the plan's email account quota", () => {
  const addImapAccounts = async (agent: Agent, count: number) => {
    for (let i = 0; i < count; i++)
      await agent.post('/api/email-integrations').send(buildEmailIntegration()).expect(201);
  };

  it('goes back with &error=gmail&reason=quota from the start, without sending anyone to Google', async () => {
    const { agent } = await signUp(request.agent(t.http));
    await addImapAccounts(agent, PLAN_QUOTAS.free.emailAccounts);
    await agent
      .get('/api/auth/gmail')
      .query({ returnTo: '/calendar' })
      .expect(302)
      .expect('location', '/calendar?tab=integrations&error=gmail&reason=quota');
    // Nothing was started: a callback finds no pending connection.
    await agent
      .get('/api/auth/gmail/callback?code=the-code&state=x')
      .expect(302)
      .expect('location', '/email?tab=integrations&error=gmail');
  });

  it('goes back with &error=gmail&reason=quota from the callback when the quota filled up during the consent', async () => {
    const { agent } = await signUp(request.agent(t.http));
    await addImapAccounts(agent, PLAN_QUOTAS.free.emailAccounts - 1);
    const state = (await consentUrl(agent)).searchParams.get('state');
    await addImapAccounts(agent, 1);
    await agent
      .get(`/api/auth/gmail/callback?code=the-code&state=${state}`)
      .expect(302)
      .expect('location', '/email?tab=integrations&error=gmail&reason=quota');
    expect((await agent.get('/api/email-integrations').expect(200)).body).toHaveLength(PLAN_QUOTAS.free.emailAccounts);
  });

  it('still lets a full account reconnect its Gmail address (the grant may be for it)', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const gmail = await connectGmail(agent);
    await addImapAccounts(agent, PLAN_QUOTAS.free.emailAccounts - 1);
    const state = (await consentUrl(agent)).searchParams.get('state');
    await agent
      .get(`/api/auth/gmail/callback?code=the-code&state=${state}`)
      .expect(302)
      .expect('location', '/email?tab=integrations&connected=gmail');
    const accounts = (await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
    expect(accounts.map((a) => a.id)).toContain(gmail.id);
    expect(accounts).toHaveLength(PLAN_QUOTAS.free.emailAccounts);
  });
});

it('signs in to IMAP and SMTP with XOAUTH2, refreshing an expiring access token and storing the new one', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const account = await connectGmail(agent);
  const db = t.app.get(DataSource);
  const cipher = t.app.get(CredentialsCipher);
  // gmail's servers are Google's; the same OAuth credentials are pointed at the local Dovecot here.
  await db.query(
    `UPDATE email_integrations SET provider = 'imap', "imapHost" = $2, "imapPort" = $3, "smtpHost" = $2, "smtpPort" = $4 WHERE id = $1`,
    [account.id, mail.imap.host, mail.imap.port, mail.smtp.port],
  );
  const access = t.app.get(MailAccess);

  const imap = await (await access.open(account.id))!.connectImap();
  expect((await imap.list()).map((box) => box.path)).toEqual(expect.arrayContaining(['INBOX', 'Sent', 'Archive']));
  await imap.logout();
  // The sync engine signs in the same way.
  await mail.appendMessage(
    'ada',
    'From: Grace <grace@example.test>\r\nTo: ada@example.test\r\nSubject: Over XOAUTH2\r\nMessage-ID: <xoauth2-1@example.test>\r\n\r\nHello Ada\r\n',
  );
  await t.app.get(EmailSyncService).syncNow(account.id);
  expect((await agent.get('/api/emails').expect(200)).body.items.map((e: { subject: string }) => e.subject)).toContain(
    'Over XOAUTH2',
  );

  // The token is about to expire: it is refreshed before use, and the old one no longer works.
  const [before] = await db.query('SELECT credentials FROM email_integrations WHERE id = $1', [account.id]);
  const tokens = cipher.decrypt<{ oauth: { accessToken: string; refreshToken: string; expiresAt: number } }>(
    before.credentials,
  ).oauth;
  await db.query('UPDATE email_integrations SET credentials = $2 WHERE id = $1', [
    account.id,
    cipher.encrypt({ oauth: { ...tokens, expiresAt: Date.now() + 10_000 } }),
  ]);
  const refreshed = await access.open(account.id);
  const transport = await refreshed!.smtp();
  await transport.sendMail({
    from: 'ada@example.test',
    to: mail.address('bob'),
    subject: 'Sent with XOAUTH2',
    text: 'Hello Bob',
  });
  transport.close();
  const [after] = await db.query('SELECT credentials FROM email_integrations WHERE id = $1', [account.id]);
  const fresh = cipher.decrypt<{ oauth: { accessToken: string } }>(after.credentials).oauth;
  expect(fresh.accessToken).not.toBe(tokens.accessToken);
  expect(google.valid.has(fresh.accessToken)).toBe(true);
  expect(google.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
  const inbox = await mail.fetchAll('bob');
  expect(inbox.map((m) => m.parsed.subject)).toContain('Sent with XOAUTH2');

  // The access token stops working early: one refresh, and the sign-in goes through.
  google.valid.clear();
  const requestsBefore = google.tokenRequests.length;
  await (await refreshed!.connectImap()).logout();
  expect(google.tokenRequests.slice(requestsBefore).map((p) => p.get('grant_type'))).toEqual(['refresh_token']);

  // Access revoked (the refresh is refused too): an authentication failure, saying what to do.
  google.valid.clear();
  google.refreshRevoked = true;
  const error = await refreshed!.connectImap().then(
    () => null,
    (e: unknown) => e,
  );
  expect((error as Error).message).toMatch(
    /Google no longer accepts this account's sign-in .*invalid_grant.*: connect it again/,
  );
  expect(isAuthenticationFailure(error)).toBe(true);
});
