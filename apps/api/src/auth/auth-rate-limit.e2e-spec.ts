import request from 'supertest';
import { buildRegistration, signUp, type SignedUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The real defaults: AUTH_RATE_LIMIT=10 sign-in attempts a minute per email and IP,
// AUTH_REGISTER_RATE_LIMIT=20 sign-up attempts a minute per IP.
let t: TestApp;

// Behind a proxy, as deployed with TLS: X-Forwarded-For stands in for other client addresses.
beforeAll(async () => (t = await createTestApp({ env: { TRUST_PROXY: 'true' } })));
afterAll(() => t.close());

const TOO_MANY_SIGN_INS = { message: 'Too many sign-in attempts. Try again in a minute.' };
const login = (body: object, ip?: string) => {
  const call = request(t.http).post('/api/auth/login');
  return (ip ? call.set('X-Forwarded-For', ip) : call).send(body);
};

describe('sign-in rate limit', () => {
  let victim: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    victim = await signUp(request.agent(t.http));
    other = await signUp(request.agent(t.http));
  });

  it('answers 401 to ten wrong passwords within a minute and 429 with the message to the eleventh', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login({ email: victim.credentials.email, password: `wrong guess ${attempt}` });
      expect(response.status).toBe(401);
    }
    const eleventh = await login({ email: victim.credentials.email, password: 'wrong guess 11' }).expect(429);
    expect(eleventh.body).toEqual(TOO_MANY_SIGN_INS);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('refuses even the right password for that account from that IP until the minute is up', async () => {
    const response = await login({ email: victim.credentials.email, password: victim.credentials.password }).expect(
      429,
    );
    expect(response.body).toEqual(TOO_MANY_SIGN_INS);
  });

  it('counts the email whatever its case or spacing', async () => {
    await login({ email: ` ${victim.credentials.email.toUpperCase()} `, password: 'wrong again' }).expect(429);
  });

  it('still signs in another account from the same IP', async () => {
    const response = await login({ email: other.credentials.email, password: other.credentials.password }).expect(200);
    expect(response.body.id).toBe(other.user.id);
  });

  it('still signs in the same account from another IP', async () => {
    const response = await login(
      { email: victim.credentials.email, password: victim.credentials.password },
      '198.51.100.23',
    ).expect(200);
    expect(response.body.id).toBe(victim.user.id);
  });
});

describe('sign-up rate limit', () => {
  it('answers 429 to the 21st sign-up attempt from one IP within a minute, and not to another IP', async () => {
    const ip = '203.0.113.7';
    for (let attempt = 1; attempt <= 20; attempt++) {
      // Invalid attempts count too (and skip the password hashing).
      const response = await request(t.http)
        .post('/api/auth/register')
        .set('X-Forwarded-For', ip)
        .send({ email: 'not-an-email' });
      expect(response.status).toBe(400);
    }
    const blocked = await request(t.http)
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send(buildRegistration())
      .expect(429);
    expect(blocked.body).toEqual({ message: 'Too many sign-up attempts. Try again in a minute.' });

    await request(t.http)
      .post('/api/auth/register')
      .set('X-Forwarded-For', '203.0.113.8')
      .send(buildRegistration())
      .expect(201);
  });
});

describe('sign-in rate limit per IP and address normalisation', () => {
  // Small limits: 2 attempts a minute per email and IP, 3 per IP whatever the email.
  let small: TestApp;
  beforeAll(
    async () =>
      (small = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '2', AUTH_IP_RATE_LIMIT: '3' } })),
  );
  afterAll(() => small.close());

  let sequence = 0;
  const unknownEmail = () => `sprayed${++sequence}@example.com`;
  const attempt = (ip: string, email = unknownEmail()) =>
    request(small.http)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email, password: 'a guessed password' });

  it('answers 429 with the sign-in message once one IP has tried AUTH_IP_RATE_LIMIT different emails, and not to another IP', async () => {
    for (let i = 1; i <= 3; i++) expect((await attempt('192.0.2.10')).status).toBe(401);
    const fourth = await attempt('192.0.2.10').expect(429);
    expect(fourth.body).toEqual(TOO_MANY_SIGN_INS);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    await attempt('192.0.2.11').expect(401);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const email = unknownEmail();
    await attempt('192.0.2.20', email).expect(401);
    await attempt('192.0.2.20', email).expect(401);
    await attempt('::ffff:192.0.2.20', email).expect(429);
  });

  it('counts the addresses of one IPv6 /64 together, and not those of another /64', async () => {
    const email = unknownEmail();
    await attempt('2001:db8:0:1::1', email).expect(401);
    await attempt('2001:db8:0:1::2', email).expect(401);
    await attempt('2001:db8:0:1:ffff::3', email).expect(429);
    await attempt('2001:db8:0:2::1', email).expect(401);
  });
});
