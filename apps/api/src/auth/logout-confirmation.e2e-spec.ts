/**
 * GET /api/logout stays a navigation, but another site must not be able to sign someone out by
 * sending their browser there (a link, a redirect, an <img>): with Fetch Metadata saying so, the
 * answer is a small "Sign out?" page whose form POSTs to /api/auth/logout, and the session lives on.
 */
import request from 'supertest';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIGN_OUT_CONFIRM_TITLE } from './sign-out-confirmation.page';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

// supertest starts the server on a new port per request, so the tests name the host themselves.
const HOST = 'aide.test:8080';
const OWN = `http://${HOST}`;

const signedIn = async () => (await signUp(request.agent(t.http))).agent;
const stillSignedIn = (agent: Agent) => agent.get('/api/auth/user').expect(200);
const signedOut = (agent: Agent) => agent.get('/api/auth/user').expect(401);

/** The headers a browser sends for each way of reaching /api/logout. */
const FETCH_METADATA = {
  crossSiteLink: {
    'Sec-Fetch-Site': 'cross-site',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    'Sec-Fetch-User': '?1',
  },
  sameSiteLink: { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
  crossSiteImage: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
  sameOriginImage: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
  sameOriginLink: {
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    'Sec-Fetch-User': '?1',
  },
  typedAddress: {
    'Sec-Fetch-Site': 'none',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    'Sec-Fetch-User': '?1',
  },
};

describe('GET /api/logout sent by another site', () => {
  it.each([
    ['a cross-site link or redirect', FETCH_METADATA.crossSiteLink],
    ['a same-site page on another origin (another port or subdomain)', FETCH_METADATA.sameSiteLink],
    ['a cross-site <img>', FETCH_METADATA.crossSiteImage],
    ['an <img> in same-origin content', FETCH_METADATA.sameOriginImage],
  ])('from %s answers the "Sign out?" page and keeps the session', async (_how, headers) => {
    const agent = await signedIn();
    const response = await agent.get('/api/logout').set(headers).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // The rolling session may renew its cookie; it must not clear it.
    expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/aide\.sid=;|Expires=Thu, 01 Jan 1970/);
    expect(response.text).toContain(`<h1>${SIGN_OUT_CONFIRM_TITLE}</h1>`);
    expect(response.text).toMatch(
      /<form method="post" action="\/api\/auth\/logout">[\s\S]*<button type="submit">Sign out<\/button>/,
    );
    await stillSignedIn(agent);
  });

  it('is a self-contained page the Content-Security-Policy allows: no script, nothing loaded from elsewhere, the form posting to this origin', async () => {
    const agent = await signedIn();
    const response = await agent.get('/api/logout').set(FETCH_METADATA.crossSiteLink).expect(200);
    expect(response.text).not.toMatch(/<script|<link|<img|<iframe|src=|url\(|@import|https?:\/\//i);
    // A no-referrer policy would make Chromium send `Origin: null` with the form, which the CSRF check refuses.
    expect(response.text).not.toContain('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("signs out when the page's button is pressed: the form's POST passes the CSRF check and lands on /", async () => {
    const agent = await signedIn();
    await agent.get('/api/logout').set('Host', HOST).set(FETCH_METADATA.crossSiteLink).expect(200);
    // What a browser sends for the form: its own origin, a urlencoded (empty) body, a navigation.
    const response = await agent
      .post('/api/auth/logout')
      .set('Host', HOST)
      .set('Origin', OWN)
      .set('Referer', `${OWN}/api/logout`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' })
      .send('')
      .expect(303);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).toMatch(/aide\.sid=;.*Expires=Thu, 01 Jan 1970/);
    await signedOut(agent);
  });

  it('answers signed out callers with the usual redirect (there is nothing to end)', async () => {
    const response = await request(t.http).get('/api/logout').set(FETCH_METADATA.crossSiteLink).expect(302);
    expect(response.headers.location).toBe('/');
  });
});

describe('GET /api/logout from the app itself keeps its behaviour', () => {
  it.each([
    ["the app's own Sign out link (same-origin navigation)", FETCH_METADATA.sameOriginLink],
    ['an address typed or a bookmark (none)', FETCH_METADATA.typedAddress],
    ['a client without Fetch Metadata (older browsers, curl)', {}],
  ])('%s ends the session and redirects to /', async (_how, headers) => {
    const agent = await signedIn();
    const response = await agent.get('/api/logout').set(headers).expect(302);
    expect(response.headers.location).toBe('/');
    await signedOut(agent);
  });

  it('POST /api/auth/logout from a script still answers 204', async () => {
    const agent = await signedIn();
    await agent.post('/api/auth/logout').set({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }).expect(204);
    await signedOut(agent);
  });
});
