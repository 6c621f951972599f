import request from 'supertest';
import { signUp } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('the app as a whole', () => {
  it('serves OpenAPI docs at /api/docs (to admins: API_DOCS) with request schemas generated from the contracts', async () => {
    // The first account is the admin.
    const { agent: admin } = await signUp(request.agent(t.http));
    const page = await admin.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    const { body: doc } = await admin.get('/api/docs-json').expect(200);
    const createTask = doc.paths['/api/tasks'].post.requestBody.content['application/json'].schema;
    expect(createTask.required).toEqual(['title']);
    expect(createTask.properties.title).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    expect(createTask.properties.priority.enum).toEqual(['high', 'medium', 'low']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/user',
        '/api/tasks/{id}',
        '/api/modules',
        '/api/health',
      ]),
    );
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await request(t.http).get('/api/nothing').expect(404);
    expect(response.body).toEqual({ message: 'Cannot GET /api/nothing' });
  });

  it('takes JSON bodies only: a url-encoded form is not read', async () => {
    const response = await request(t.http)
      .post('/api/auth/login')
      .type('form')
      .send({ email: 'a@b.co', password: 'x' })
      .expect(400);
    expect(response.body).toEqual({ message: 'Request body must be a JSON object' });
  });

  it('does not announce its framework', async () => {
    const response = await request(t.http).get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
