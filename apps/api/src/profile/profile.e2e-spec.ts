import { type AuthUser, type Profile, PROFILE_DEFAULTS } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
});
afterAll(() => t.close());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http), { firstName: 'Ada', lastName: 'Lovelace' });
  return { agent, user };
};
const profileRows = async (userId: number) =>
  Number((await db.query(`SELECT count(*) AS n FROM profiles WHERE "userId" = $1`, [userId]))[0].n);

describe('GET /api/profile', () => {
  it("answers the spec's defaults and the account fields for a user who never saved", async () => {
    const { agent, user } = await newUser();
    const response = await agent.get('/api/profile').expect(200);
    expect(response.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      profileImageUrl: null,
      bio: null,
      location: null,
      timezone: 'UTC',
      language: 'en',
      theme: 'light',
      emailNotifications: true,
      pushNotifications: true,
      weeklyDigest: true,
      marketingEmails: false,
      eventReminderMinutes: 10,
      dailyBriefing: 'off',
      briefingTime: '07:30',
      dashboardLayout: null,
    } satisfies Profile);
    expect(await profileRows(user.id)).toBe(0);
  });

  it('answers 401 Unauthorized when signed out', async () => {
    expect((await request(t.http).get('/api/profile').expect(401)).body).toEqual({ message: 'Unauthorized' });
    expect((await request(t.http).patch('/api/profile').send({ theme: 'dark' }).expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
  });
});

describe('PATCH /api/profile', () => {
  it('saves the daily briefing delivery and time, and refuses a time that is not HH:mm', async () => {
    const { agent } = await newUser();
    const saved = await agent.patch('/api/profile').send({ dailyBriefing: 'email', briefingTime: '06:45' }).expect(200);
    expect(saved.body).toMatchObject({ dailyBriefing: 'email', briefingTime: '06:45' });
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({
      dailyBriefing: 'email',
      briefingTime: '06:45',
    });
    expect((await agent.patch('/api/profile').send({ briefingTime: '7:30' }).expect(400)).body).toMatchObject({
      message: 'Briefing time must be a time like 07:30',
    });
    expect((await agent.patch('/api/profile').send({ dailyBriefing: 'sms' }).expect(400)).body).toMatchObject({
      message: 'Daily briefing must be off, notification or email',
    });
  });

  it('saves the given preferences on the first PATCH, answers the whole profile, and keeps them', async () => {
    const { agent, user } = await newUser();
    const response = await agent
      .patch('/api/profile')
      .send({
        bio: '  Mathematician ',
        location: 'London',
        timezone: 'Europe/London',
        language: 'fr',
        theme: 'dark',
        marketingEmails: true,
      })
      .expect(200);
    const expected: Profile = {
      ...PROFILE_DEFAULTS,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      profileImageUrl: null,
      bio: 'Mathematician',
      location: 'London',
      timezone: 'Europe/London',
      language: 'fr',
      theme: 'dark',
      marketingEmails: true,
    };
    expect(response.body).toEqual(expected);
    expect((await agent.get('/api/profile').expect(200)).body).toEqual(expected);
    expect(await profileRows(user.id)).toBe(1);
  });

  it('changes only the fields given; blank bio or location, or null, clears them', async () => {
    const { agent } = await newUser();
    await agent.patch('/api/profile').send({ bio: 'Poet', location: 'Paris', weeklyDigest: false }).expect(200);
    const next = await agent.patch('/api/profile').send({ theme: 'system' }).expect(200);
    expect(next.body).toMatchObject({
      bio: 'Poet',
      location: 'Paris',
      weeklyDigest: false,
      theme: 'system',
      language: 'en',
    });
    const cleared = await agent.patch('/api/profile').send({ bio: '   ', location: null }).expect(200);
    expect(cleared.body).toMatchObject({ bio: null, location: null, weeklyDigest: false, theme: 'system' });
  });

  it('keeps both of two changes to different fields made at the same time', async () => {
    const { agent } = await newUser();
    await Promise.all([
      agent.patch('/api/profile').send({ emailNotifications: false }).expect(200),
      agent.patch('/api/profile').send({ pushNotifications: false }).expect(200),
      agent.patch('/api/profile').send({ language: 'ja' }).expect(200),
    ]);
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({
      emailNotifications: false,
      pushNotifications: false,
      language: 'ja',
    });
  });

  it("updates the name on the user's account, so /api/auth/user shows it too", async () => {
    const { agent, user } = await newUser();
    const response = await agent.patch('/api/profile').send({ firstName: ' Augusta ', lastName: 'King' }).expect(200);
    expect(response.body).toMatchObject({ firstName: 'Augusta', lastName: 'King', ...PROFILE_DEFAULTS });
    const me: AuthUser = (await agent.get('/api/auth/user').expect(200)).body;
    expect(me).toMatchObject({ id: user.id, firstName: 'Augusta', lastName: 'King' });
    // A name-only change needs no preferences row.
    expect(await profileRows(user.id)).toBe(0);
  });

  it('accepts an empty body and changes nothing', async () => {
    const { agent } = await newUser();
    const before = (await agent.get('/api/profile').expect(200)).body;
    expect((await agent.patch('/api/profile').send({}).expect(200)).body).toEqual(before);
  });

  it("changes only the signed-in user's profile", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await ada.agent
      .patch('/api/profile')
      .send({ theme: 'dark', bio: 'Ada only', firstName: 'Adelaide', userId: bob.user.id })
      .expect(400);
    await ada.agent.patch('/api/profile').send({ theme: 'dark', bio: 'Ada only', firstName: 'Adelaide' }).expect(200);
    expect((await bob.agent.get('/api/profile').expect(200)).body).toMatchObject({
      theme: 'light',
      bio: null,
      firstName: 'Ada',
      email: bob.user.email,
    });
  });

  it('saves the dashboard layout, keeps it through other changes, and goes back to the default with null', async () => {
    const { agent } = await newUser();
    const layout = { order: ['email.insights', 'organiser.schedule'], hidden: ['website.analytics'] };
    expect((await agent.patch('/api/profile').send({ dashboardLayout: layout }).expect(200)).body).toMatchObject({
      dashboardLayout: layout,
      theme: 'light',
    });
    await agent.patch('/api/profile').send({ theme: 'dark' }).expect(200);
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({
      dashboardLayout: layout,
      theme: 'dark',
    });

    const reordered = { order: ['organiser.schedule', 'email.insights'], hidden: [] };
    await agent.patch('/api/profile').send({ dashboardLayout: reordered }).expect(200);
    expect((await agent.get('/api/profile').expect(200)).body.dashboardLayout).toEqual(reordered);

    await agent.patch('/api/profile').send({ dashboardLayout: null }).expect(200);
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({ dashboardLayout: null, theme: 'dark' });
  });

  it('removes the profile with its user', async () => {
    const { agent, user } = await newUser();
    await agent.patch('/api/profile').send({ bio: 'Temporary' }).expect(200);
    await db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await profileRows(user.id)).toBe(0);
  });
});

describe('validation', () => {
  let agent: Agent;
  beforeAll(async () => ({ agent } = await newUser()));

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'timezone', 'Choose one of the listed timezones'],
    [{ timezone: 'Eastern' }, 'timezone', 'Choose one of the listed timezones'],
    [{ language: 'xx' }, 'language', 'Choose one of the listed languages'],
    [{ theme: 'blue' }, 'theme', 'Theme must be light, dark or system'],
    [{ emailNotifications: 'yes' }, 'emailNotifications', 'Email notifications must be true or false'],
    [{ marketingEmails: null }, 'marketingEmails', 'Marketing emails must be true or false'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: null }, 'lastName', 'Last name is required'],
    [{ bio: 'a'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
    [{ location: 'a'.repeat(101) }, 'location', 'Location must be at most 100 characters'],
    [{ bio: 'a\u0000b' }, 'bio', 'Bio must not contain NUL characters'],
    [{ bio: 42 }, 'bio', 'Bio must be text'],
    [
      { dashboardLayout: { order: ['insights'], hidden: [] } },
      'dashboardLayout.order.0',
      'A dashboard card key must look like module.card, e.g. email.insights',
    ],
    [
      { dashboardLayout: { order: [], hidden: [`email.${'a'.repeat(95)}`] } },
      'dashboardLayout.hidden.0',
      'A dashboard card key must be at most 100 characters',
    ],
    [
      { dashboardLayout: { order: Array.from({ length: 51 }, (_, i) => `email.card-${i}`), hidden: [] } },
      'dashboardLayout.order',
      'Dashboard order must have at most 50 cards',
    ],
    [
      { dashboardLayout: { order: ['email.insights', 'email.insights'], hidden: [] } },
      'dashboardLayout.order',
      'Dashboard order must not list a card twice',
    ],
    [
      { dashboardLayout: { order: [] } },
      'dashboardLayout.hidden',
      'Hidden dashboard cards must be a list of dashboard card keys',
    ],
    [{ dashboardLayout: 'compact' }, 'dashboardLayout', 'Dashboard layout must be an object with order and hidden'],
  ])('answers 400 for %j with a readable message', async (body, path, message) => {
    const response = await agent.patch('/api/profile').send(body).expect(400);
    expect(response.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('answers 400 for an unknown field, and leaves the profile unchanged', async () => {
    const before = (await agent.get('/api/profile').expect(200)).body;
    const response = await agent.patch('/api/profile').send({ theme: 'dark', email: 'evil@example.com' }).expect(400);
    expect(typeof response.body.message).toBe('string');
    expect((await agent.get('/api/profile').expect(200)).body).toEqual(before);
  });

  it.each([['[]'], ['"dark"'], ['null']])('answers 400 (never 500) for %s as the body', async (body) => {
    const response = await agent.patch('/api/profile').set('Content-Type', 'application/json').send(body).expect(400);
    expect(response.body.message).toMatch(/^(Request body must be a JSON object|Malformed JSON in request body)$/);
  });
});
