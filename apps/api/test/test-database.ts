import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by global-setup.ts: the run's Postgres, connected to its maintenance database. */
export const TEST_POSTGRES_URL_VARIABLE = 'AIDE_TEST_POSTGRES_URL';
/**
 * Made by global-setup.ts: a database with every migration run and pg-boss' schema installed, which
 * each test file's database is copied from. Copying takes a fraction of a second; running the
 * migrations on every file's database took seconds per file.
 */
export const MIGRATED_TEMPLATE_DATABASE = 'aide_test_migrated_template';

function serverUrl(): URL {
  const url = process.env[TEST_POSTGRES_URL_VARIABLE];
  if (!url) throw new Error(`${TEST_POSTGRES_URL_VARIABLE} is not set; run the API tests with apps/api/jest.config.js`);
  return new URL(url);
}

/** Runs `work` on the run's Postgres server, connected to its maintenance database. */
export async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the run's Postgres: a copy of the migrated template (the schema as the app's
 * start would leave it), or with `empty`, one with no tables at all (for the migrations' own test).
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `aide_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)}${empty ? '' : ` TEMPLATE ${client.escapeIdentifier(MIGRATED_TEMPLATE_DATABASE)}`}`,
    ),
  );
  const url = serverUrl();
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}
