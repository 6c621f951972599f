import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { onServer } from '../../test/test-database';

let t: TestApp;

beforeAll(async () => (t = await createTestApp()));
afterAll(async () => {
  await setAcceptingConnections(true);
  await t.close();
});

/** Simulates a database outage: refuse new connections and drop the open ones. */
async function setAcceptingConnections(accepting: boolean) {
  await onServer(async (client) => {
    const name = client.escapeIdentifier(t.database.name);
    await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${accepting}`);
    if (!accepting) {
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        t.database.name,
      ]);
    }
  });
}

describe('GET /api/health', () => {
  it("answers 200 { status: 'ok', database: 'up' } without signing in", async () => {
    const response = await request(t.http).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it("answers 503 { status: 'error', database: 'down' } when the database is unreachable, and recovers", async () => {
    await setAcceptingConnections(false);
    const down = await request(t.http).get('/api/health').expect(503);
    expect(down.body).toEqual({ status: 'error', database: 'down' });

    await setAcceptingConnections(true);
    await request(t.http).get('/api/health').expect(200);
  });
});
