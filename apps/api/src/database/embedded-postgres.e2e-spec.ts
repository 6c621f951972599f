import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { TEST_POSTGRES_URL_VARIABLE } from '../../test/test-database';
import { socketDirectoryFor } from './embedded-postgres';

/** The address the server sees this connection on: null over a Unix socket. */
async function serverAddress(connectionString: string): Promise<string | null> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>('SELECT host(inet_server_addr()) AS address');
    return rows[0].address;
  } finally {
    await client.end();
  }
}

describe('the embedded Postgres', () => {
  // The test run's server is one (test/global-setup.ts starts it as main.ts does).
  const url = process.env[TEST_POSTGRES_URL_VARIABLE]!;

  it('gives a URL that reaches it over its Unix socket, and still listens on loopback TCP', async () => {
    expect(await serverAddress(url)).toBeNull();
    const overTcp = new URL(url);
    overTcp.search = '';
    expect(await serverAddress(overTcp.toString())).toBe('127.0.0.1');
  });

  it('keeps the socket in its data folder, and falls back to TCP where a socket cannot go', () => {
    expect(socketDirectoryFor('/tmp/aide/postgres', 5432)).toBe('/tmp/aide/postgres');
    expect(socketDirectoryFor('data/postgres', 5432)).toBe(path.join(process.cwd(), 'data/postgres'));
    // Longer than a socket's path may be (107 bytes), or a name postgresql.conf's list would split.
    expect(socketDirectoryFor(path.join(os.tmpdir(), 'x'.repeat(100)), 5432)).toBeUndefined();
    expect(socketDirectoryFor('/tmp/my data,1/postgres', 5432)).toBeUndefined();
  });
});
