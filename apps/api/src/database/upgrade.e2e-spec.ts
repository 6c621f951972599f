import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  copyReleaseDocuments,
  loadReleaseDump,
  readReleaseManifest,
  type ReleaseManifest,
} from '../../test/release-dump';
import { schemaSnapshot } from '../../test/schema-snapshot';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createApp } from '../app.setup';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { parseEnv } from '../config/env.schema';
import { dataSourceOptions, MIGRATIONS } from './data-source';

/**
 * Upgrading the previous release's database (a dump of it with data in every table, made through
 * that release's own API: apps/api/test/fixtures/upgrade/) to today's schema, and today's app on it.
 */

/**
 * Columns a migration since the release rewrites on purpose ('table.column': what it does): they
 * are left out of the "unchanged" comparison and get their own check below. None yet.
 */
const TRANSFORMED_COLUMNS: Record<string, string> = {};

let manifest: ReleaseManifest;
let database: TestDatabase;
let dataSource: DataSource;
/** 'table' → its columns and a fingerprint of all its rows over them, as the release left them. */
const before = new Map<string, { columns: string[]; rows: number; fingerprint: string }>();

const releaseTables = () =>
  Object.keys(manifest.rowCounts)
    .filter((name) => name.startsWith('public.') && name !== 'public.migrations')
    .map((name) => name.slice('public.'.length));

async function columnsOf(table: string): Promise<string[]> {
  const rows: { column_name: string }[] = await dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY column_name`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Rows and an order-independent md5 over the given columns' text (every row, every column). */
async function fingerprint(table: string, columns: string[]): Promise<{ rows: number; fingerprint: string }> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS rows, md5(COALESCE(string_agg(r, E'\\n' ORDER BY r), '')) AS fingerprint
       FROM (SELECT ROW(${list})::text AS r FROM "${table}") s`,
  );
  return row as { rows: number; fingerprint: string };
}

beforeAll(async () => {
  manifest = await readReleaseManifest();
  database = await createTestDatabase({ empty: true });
  await loadReleaseDump(database.url);
  dataSource = await new DataSource({ ...dataSourceOptions(database.url), migrationsRun: false }).initialize();
  for (const table of releaseTables()) {
    const columns = (await columnsOf(table)).filter((c) => !TRANSFORMED_COLUMNS[`${table}.${c}`]);
    before.set(table, { columns, ...(await fingerprint(table, columns)) });
  }
}, 60_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('the previous release’s dump', () => {
  it("was migrated by the release's migrations, which are today's first ones, in the same order", async () => {
    const applied = (await dataSource.query('SELECT name FROM migrations ORDER BY id')).map(
      (r: { name: string }) => r.name,
    );
    expect(applied).toEqual(manifest.migrations);
    expect(MIGRATIONS.slice(0, applied.length).map((m) => m.name)).toEqual(applied);
  });

  it('holds rows in every table the release had', () => {
    const empty = [...before].filter(([, t]) => t.rows === 0).map(([name]) => name);
    expect(empty).toEqual([]);
    expect(before.size).toBeGreaterThanOrEqual(40);
  });
});

describe("today's migrations on the release's data", () => {
  it('run exactly the migrations added since the release', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.slice(manifest.migrations.length).map((m) => m.name));
  });

  it('keep every row of every table, unchanged in every column the release had (unless listed as transformed)', async () => {
    const changed: string[] = [];
    for (const [table, was] of before) {
      const columnsNow = new Set(await columnsOf(table));
      const gone = was.columns.filter((c) => !columnsNow.has(c));
      if (gone.length) {
        changed.push(`${table}: columns ${gone.join(', ')} are gone`);
        continue;
      }
      const now = await fingerprint(table, was.columns);
      if (now.rows !== was.rows) changed.push(`${table}: ${was.rows} rows before, ${now.rows} after`);
      else if (now.fingerprint !== was.fingerprint) changed.push(`${table}: row contents changed`);
    }
    expect(changed).toEqual([]);
  });

  it('leave the schema a fresh install gets', async () => {
    const fresh = await createTestDatabase();
    const freshSource = await new DataSource({ ...dataSourceOptions(fresh.url), migrationsRun: false }).initialize();
    try {
      expect(await schemaSnapshot(dataSource)).toEqual(await schemaSnapshot(freshSource));
    } finally {
      await freshSource.destroy();
      await fresh.drop();
    }
  });

  it('leave nothing for the entities to change', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});

describe("today's app on the upgraded database", () => {
  let app: NestExpressApplication;
  let documents: string;
  let alice: ReturnType<typeof request.agent>;
  const madeAt = () => new Date(manifest.madeAt).getTime();
  const day = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    documents = await mkdtemp(path.join(os.tmpdir(), 'aide-upgrade-documents-'));
    await copyReleaseDocuments(documents);
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      JOBS_WORKERS: 'false',
      DATA_DIR: os.tmpdir(),
      DOCUMENT_STORAGE_DIR: documents,
      ...manifest.keys,
      DATABASE_URL: database.url,
    });
    app = await createApp(env, { logger: ['error', 'warn'] });
    await app.init();
    const [person] = manifest.people;
    alice = request.agent(app.getHttpServer());
    await alice.post('/api/auth/login').send(person).expect(200);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await rm(documents, { recursive: true, force: true });
  });

  it('signs in a person from the dump and shows who they are', async () => {
    const me = (await alice.get('/api/auth/user').expect(200)).body as { email: string; firstName: string };
    expect(me).toMatchObject({ email: 'alice@example.com', firstName: 'Alice' });
  });

  it('asks the person with two-factor sign-in for their code', async () => {
    const bob = request.agent(app.getHttpServer());
    const answer = await bob.post('/api/auth/login').send(manifest.people[1]).expect(200);
    expect(answer.body).toEqual({ twoFactorRequired: true });
    await bob.get('/api/tasks').expect(401);
  });

  it('reads their tasks, the repeating one with its rule and reminder', async () => {
    const tasks = (await alice.get('/api/tasks').expect(200)).body as {
      title: string;
      recurrence: string | null;
      reminderMinutes: number | null;
    }[];
    const list = Array.isArray(tasks) ? tasks : (tasks as unknown as { items: typeof tasks }).items;
    expect(list.map((t) => t.title).sort()).toEqual(["Alice's first task", 'Water the plants']);
    expect(list.find((t) => t.title === 'Water the plants')).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      reminderMinutes: 30,
    });
  });

  it('reads their events, the weekly series expanded', async () => {
    const from = new Date(madeAt()).toISOString();
    const to = new Date(madeAt() + 30 * day).toISOString();
    const events = (await alice.get(`/api/events?from=${from}&to=${to}`).expect(200)).body as { title: string }[];
    expect(events.filter((e) => e.title === 'Dentist')).toHaveLength(1);
    expect(events.filter((e) => e.title === 'Team sync').length).toBeGreaterThanOrEqual(4);
  });

  it('reads their document in its folder and downloads the stored file', async () => {
    const listed = (await alice.get('/api/documents').expect(200)).body as {
      documents?: { id: number; name: string }[];
    };
    const docs = listed.documents ?? (listed as unknown as { id: number; name: string }[]);
    expect(docs).toHaveLength(1);
    const download = await alice.get(`/api/documents/${docs[0].id}/download`).responseType('blob').expect(200);
    expect((download.body as Buffer).toString('utf8')).toContain('Lease agreement of Alice Archer');
    const folders = (await alice.get('/api/document-folders').expect(200)).body as unknown;
    expect(JSON.stringify(folders)).toContain('Contracts');
  });

  it('reads their mail, and the stored mail and calendar passwords still decrypt', async () => {
    const emails = JSON.stringify((await alice.get('/api/emails').expect(200)).body);
    expect(emails).toContain('Lunch on Friday?');
    const integrations = JSON.stringify((await alice.get('/api/email-integrations').expect(200)).body);
    expect(integrations).toContain('alice@mail.example');
    expect(integrations).not.toContain('imap password of alice');
    const cipher = app.get(CredentialsCipher);
    const db = app.get<DataSource>(getDataSourceToken());
    const [mail] = await db.query(`SELECT credentials FROM email_integrations`);
    expect(cipher.decrypt(mail.credentials)).toEqual({ password: 'imap password of alice' });
    const [calendar] = await db.query(`SELECT credentials FROM calendar_integrations`);
    expect(cipher.decrypt(calendar.credentials)).toEqual({ username: 'alice', password: 'caldav password of alice' });
  });

  it('reads their websites with goals, travel plans, research, social posts and notifications', async () => {
    const sites = (await alice.get('/api/websites').expect(200)).body as { id: number; name: string }[];
    expect(sites.map((s) => s.name)).toEqual(["Alice's shop"]);
    const goals = JSON.stringify((await alice.get(`/api/websites/${sites[0].id}/goals`).expect(200)).body);
    expect(goals).toContain('/thanks');
    const me = (await alice.get('/api/auth/user').expect(200)).body as { id: number };
    expect(JSON.stringify((await alice.get(`/api/travel/${me.id}`).expect(200)).body)).toContain('Lisbon');
    expect(JSON.stringify((await alice.get(`/api/research/${me.id}`).expect(200)).body)).toContain('Heat pumps');
    expect(JSON.stringify((await alice.get(`/api/social/${me.id}`).expect(200)).body)).toContain('spring sale');
    expect(JSON.stringify((await alice.get('/api/notifications').expect(200)).body)).toContain('Water the plants');
  });

  it("does not show one person's data to another", async () => {
    const db = app.get<DataSource>(getDataSourceToken());
    const [bob] = await db.query(`SELECT id FROM users WHERE email = 'bob@example.com'`);
    await alice.get(`/api/travel/${bob.id}`).expect(403);
  });
});
