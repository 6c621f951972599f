import express from 'express';
import request from 'supertest';
import { buildRegistration, buildTask, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CROSS_SITE_REFUSED, csrfOriginCheck } from './csrf-origin.middleware';

const EVIL = 'https://evil.example.com';

describe('csrfOriginCheck on the real app', () => {
  let t: TestApp;
  let ada: Agent;
  let taskId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent: ada } = await signUp(request.agent(t.http)));
    taskId = (await ada.post('/api/tasks').send(buildTask()).expect(201)).body.id;
  });
  afterAll(() => t.close());

  // supertest starts the server on a new port per request, so the tests name the host themselves.
  const HOST = 'aide.test:8080';
  const OWN = `http://${HOST}`;

  const refused = (response: request.Response) => {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: CROSS_SITE_REFUSED });
  };

  it.each([
    ['POST /api/tasks', (a: Agent) => a.post('/api/tasks').send(buildTask())],
    ['PATCH /api/tasks/:id', (a: Agent) => a.patch(`/api/tasks/${taskId}`).send({ title: 'Changed' })],
    ['DELETE /api/tasks/:id', (a: Agent) => a.delete(`/api/tasks/${taskId}`)],
    ['PUT /api/tasks/:id', (a: Agent) => a.put(`/api/tasks/${taskId}`).send({ title: 'Changed' })],
    ['POST /api/auth/logout', (a: Agent) => a.post('/api/auth/logout')],
  ])('refuses %s from a foreign Origin and changes nothing', async (_route, send) => {
    refused(await send(ada).set('Origin', EVIL));
    const tasks = (await ada.get('/api/tasks').expect(200)).body as Array<{ id: number; title: string }>;
    expect(tasks.find((task) => task.id === taskId)?.title).not.toBe('Changed');
    expect(tasks.some((task) => task.id === taskId)).toBe(true);
    // Still signed in: the refused logout did not end the session.
    await ada.get('/api/auth/user').expect(200);
  });

  it('refuses POST /api/auth/login from a foreign Origin before checking the password', async () => {
    const credentials = buildRegistration();
    await request(t.http).post('/api/auth/register').send(credentials).expect(201);
    refused(
      await request(t.http)
        .post('/api/auth/login')
        .set('Origin', EVIL)
        .send({ email: credentials.email, password: credentials.password }),
    );
    refused(await request(t.http).post('/api/auth/register').set('Origin', EVIL).send(buildRegistration()));
  });

  it('refuses a foreign Referer when there is no Origin, and Origin: null', async () => {
    refused(await ada.post('/api/tasks').set('Referer', `${EVIL}/attack.html`).send(buildTask()));
    refused(await ada.post('/api/tasks').set('Origin', 'null').send(buildTask()));
  });

  it('refuses a look-alike of this origin (other port, other scheme, suffix)', async () => {
    for (const lookalike of [
      'http://aide.test:8081',
      'https://aide.test:8080',
      'http://aide.test.evil.example.com:8080',
      'http://aide.test',
    ]) {
      refused(await ada.post('/api/tasks').set('Host', HOST).set('Origin', lookalike).send(buildTask()));
    }
  });

  it('lets same-origin calls through, by Origin or Referer', async () => {
    await ada.post('/api/tasks').set('Host', HOST).set('Origin', OWN).send(buildTask()).expect(201);
    await ada
      .patch(`/api/tasks/${taskId}`)
      .set('Host', HOST)
      .set('Origin', OWN)
      .send({ title: 'Renamed here' })
      .expect(200);
    await ada.post('/api/tasks').set('Host', HOST).set('Referer', `${OWN}/tasks`).send(buildTask()).expect(201);
    const { agent: bob } = await signUp(request.agent(t.http));
    await bob.post('/api/auth/logout').set('Host', HOST).set('Origin', OWN).expect(204);
    await bob.get('/api/auth/user').expect(401);
  });

  it('lets calls without Origin or Referer through (curl, server-to-server)', async () => {
    await ada.post('/api/tasks').send(buildTask()).expect(201);
    const created = (await ada.post('/api/tasks').send(buildTask()).expect(201)).body.id as number;
    await ada.delete(`/api/tasks/${created}`).expect(204);
  });

  it('leaves reads alone: a GET with a foreign Origin answers as usual', async () => {
    await ada.get('/api/tasks').set('Origin', EVIL).expect(200);
  });
});

describe('csrfOriginCheck with PUBLIC_URL', () => {
  const app = express();
  app.use(csrfOriginCheck({ publicUrl: 'https://aide.example.com' }));
  app.use((_request, response) => void response.status(200).json({ ok: true }));

  it('accepts only PUBLIC_URL as this app’s origin, whatever the Host', async () => {
    await request(app).post('/api/tasks').set('Origin', 'https://aide.example.com').expect(200);
    await request(app).post('/api/tasks').set('Origin', 'https://AIDE.example.com:443').expect(200);
    // The request's own host is not enough once PUBLIC_URL says where pages come from.
    const response = await request(app)
      .post('/api/tasks')
      .set('Host', 'internal:3000')
      .set('Origin', 'http://internal:3000');
    expect(response.status).toBe(403);
  });

  it('guards every path, however it is spelled (not only a lower-case /api/)', async () => {
    for (const path of ['/api', '/API/documents', '/Api/tasks', '/api//tasks', '/%61pi/tasks', '/not-api', '/apiary']) {
      await request(app).post(path).set('Origin', EVIL).expect(403);
    }
  });
});

describe('csrfOriginCheck with cross-site paths', () => {
  const app = express();
  app.use(csrfOriginCheck({ crossSitePaths: ['/api/collect'] }));
  app.use((_request, response) => void response.status(200).json({ ok: true }));

  it('lets other sites POST to exactly those paths, and nothing else', async () => {
    await request(app).post('/api/collect').set('Origin', EVIL).expect(200);
    for (const path of [
      '/api/collect/',
      '/API/collect',
      '/api/%63ollect',
      '/api//collect',
      '/api/collect/x',
      '/api/collectx',
      '/api/tasks',
    ])
      await request(app).post(path).set('Origin', EVIL).expect(403);
    await request(app).delete('/api/collect').set('Origin', EVIL).expect(403);
  });
});
