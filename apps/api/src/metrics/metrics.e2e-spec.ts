import request from 'supertest';
import { JobsService } from '../jobs/jobs.service';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const TOKEN = 'metrics-token-for-the-e2e-test-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { JOBS_WORKERS: 'false' } })));
  afterAll(() => t.close());

  it('answers the 404 of an unknown path, whatever the Authorization header', async () => {
    const unknown = await request(t.http).get('/no-such-page').expect(404);
    const metrics = await request(t.http).get('/metrics').expect(404);
    expect(metrics.body).toEqual({ message: 'Cannot GET /metrics' });
    expect(unknown.body).toEqual({ message: 'Cannot GET /no-such-page' });
    await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, JOBS_WORKERS: 'false' } });
    const { user } = await signUp(request.agent(t.http));
    const jobs = t.app.get(JobsService);
    jobs.define({ name: 'test.metrics', module: null, title: 'Metrics test', handler: async () => {} });
    await jobs.enqueue('test.metrics', {}, { userId: user.id });
    await jobs.enqueue('test.metrics', {}, { userId: user.id });
  });
  afterAll(() => t.close());

  const scrape = () => request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);

  it('answers 404 without the token or with another one', async () => {
    await request(t.http).get('/metrics').expect(404);
    await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(404);
    await request(t.http).get('/metrics').set('Authorization', TOKEN).expect(404);
  });

  it('counts and times requests by method, route template and status', async () => {
    await request(t.http).get('/api/health').expect(200);
    await request(t.http).delete('/api/tasks/12').expect(401);
    const text = (await scrape()).text;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_requests_total\{method="DELETE",route="\/api\/tasks\/:id",status="401"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health",status="200"\} [1-9]/m,
    );
    // The refused scrapes were not routed to a handler that answered: they carry the route all the same.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/metrics",status="404"\} 3$/m);
  });

  it('reports the database pool, the jobs per queue and state, and the process', async () => {
    const response = await scrape();
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    expect(text).toMatch(/^aide_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^aide_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^aide_db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^aide_jobs\{queue="test\.metrics",state="created"\} 2$/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes [1-9]/m);
  });
});
