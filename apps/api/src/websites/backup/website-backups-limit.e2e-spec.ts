// Website backups and the Free plan's document limit (issue 30), over HTTP with job workers,
// against small sites on 127.0.0.1 served by the test: a backup is the website module's storage,
// never counted against the limit, in either order and when uploads and backups run at once; each
// site keeps its plan's number of backups (WEBSITE_BACKUPS_KEPT), older ones deleted with their
// files when a new one lands; removing a site keeps its backups, still not counted.
import { rm } from 'node:fs/promises';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentSummary,
  WEBSITE_BACKUPS_KEPT,
  type Website,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { textFile } from '../../../test/document-files';
import { markWebsiteBackups } from '../../migrations/1795403000000-mark-website-backup-documents';
import { filesUnder, tempDocumentStorage } from '../../../test/document-storage';
import { type Agent, signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { startWebsiteSites, type WebsiteSites } from '../../../test/website-sites';

jest.setTimeout(90_000);

let t: TestApp;
let db: DataSource;
let sites: WebsiteSites;
let storage: string;

beforeAll(async () => {
  sites = await startWebsiteSites();
  storage = await tempDocumentStorage();
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      AUTH_REGISTER_RATE_LIMIT: '1000',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBSITE_EXTRA_CA_FILE: sites.caFile,
      WEBSITE_FETCH_TIMEOUT_MS: '3000',
      DOCUMENT_STORAGE_DIR: storage,
    },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 90_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
  if (storage) await rm(storage, { recursive: true, force: true });
});

async function user(plan: 'free' | 'premium' = 'free'): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  if (plan !== 'free') await db.query(`UPDATE users SET plan = $2 WHERE id = $1`, [user.id, plan]);
  return { agent, id: user.id };
}

async function siteOf(agent: Agent, id: number): Promise<Website> {
  const list = (await agent.get('/api/websites').expect(200)).body as Website[];
  const site = list.find((s) => s.id === id);
  if (!site) throw new Error(`website ${id} is gone`);
  return site;
}

/** Waits for the site's SEO audit or backup to end. */
const settled = (agent: Agent, id: number, kind: 'seo' | 'backup') =>
  waitFor(
    async () => {
      const site = await siteOf(agent, id);
      return site[kind].status === 'completed' || site[kind].status === 'failed' ? site : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `website ${id}'s ${kind} to end` },
  );

/** A site added and its first SEO audit ended (a backup is refused while another job of the site runs). */
async function addedSite(agent: Agent, url: string, name: string): Promise<Website> {
  const site = (await agent.post('/api/websites').send({ url, name }).expect(201)).body as Website;
  return settled(agent, site.id, 'seo');
}

/** Starts a backup of the site; the site once it has completed. */
async function backedUp(agent: Agent, id: number): Promise<Website> {
  await agent.post(`/api/websites/${id}/backup`).send({}).expect(202);
  const site = await settled(agent, id, 'backup');
  expect(site.backup).toMatchObject({ status: 'completed', error: null, documentId: expect.any(Number) });
  return site;
}

function upload(agent: Agent, names: string[]) {
  let call = agent.post('/api/documents');
  for (const name of names) call = call.attach('files', textFile(`the text of ${name}`), { filename: name });
  return call;
}

const documentsOf = async (agent: Agent) => (await agent.get('/api/documents').expect(200)).body as DocumentSummary[];
const storedFilesOf = async (userId: number) =>
  (await filesUnder(storage)).filter((file) => file.startsWith(`${userId}/`));
/** The user's website backups, oldest first: their ids and storage keys. */
const backupRowsOf = async (
  userId: number,
): Promise<{ id: number; storageKey: string; backupWebsiteId: number | null }[]> =>
  db.query(
    `SELECT id, "storageKey", "backupWebsiteId" FROM documents WHERE "userId" = $1 AND "isWebsiteBackup" ORDER BY id`,
    [userId],
  );

const LIMIT = DOCUMENT_LIMITS.freePlanDocuments;
const named = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}.txt`);

describe("the Free plan's document limit", () => {
  it(`does not count a backup: after one, ${LIMIT} uploads fit, the next is refused, and removing the site changes nothing`, async () => {
    const { agent } = await user();
    const site = await addedSite(agent, sites.good.url, 'Good');
    const { backup } = await backedUp(agent, site.id);

    await upload(agent, named('doc', LIMIT - 1)).expect(201);
    await upload(agent, ['last.txt']).expect(201);
    const refused = await upload(agent, ['one-too-many.txt']).expect(403);
    expect(refused.body).toEqual({ message: DOCUMENT_MESSAGES.freePlanLimit });
    const documents = await documentsOf(agent);
    expect(documents).toHaveLength(LIMIT + 1);
    expect(documents.map((d) => d.id)).toContain(backup.documentId);

    // Its backups stay in Documents when the site is removed, and still do not count.
    await agent.delete(`/api/websites/${site.id}`).expect(204);
    expect((await documentsOf(agent)).map((d) => d.id)).toContain(backup.documentId);
    const last = documents.find((d) => d.originalName === 'last.txt')!;
    await agent.delete(`/api/documents/${last.id}`).expect(204);
    await upload(agent, ['again.txt']).expect(201);
    await upload(agent, ['one-too-many.txt']).expect(403);
  });

  it(`still saves a backup when the uploads are at the limit; deleting an upload makes room for one`, async () => {
    const { agent, id } = await user();
    await upload(agent, named('doc', LIMIT)).expect(201);
    const site = await addedSite(agent, sites.good.url, 'Good');

    const { backup } = await backedUp(agent, site.id);
    const documents = await documentsOf(agent);
    expect(documents).toHaveLength(LIMIT + 1);
    expect(documents.find((d) => d.id === backup.documentId)).toMatchObject({ mimeType: 'application/zip' });
    expect(await storedFilesOf(id)).toHaveLength(LIMIT + 1);
    const refused = await upload(agent, ['one-too-many.txt']).expect(403);
    expect(refused.body).toEqual({ message: DOCUMENT_MESSAGES.freePlanLimit });

    const upload1 = documents.find((d) => d.originalName === 'doc1.txt')!;
    await agent.delete(`/api/documents/${upload1.id}`).expect(204);
    await upload(agent, ['instead.txt']).expect(201);
    await upload(agent, ['one-too-many.txt']).expect(403);
  });

  it('holds for uploads and backups at once: the uploads alone meet the limit, and every backup lands', async () => {
    const { agent, id } = await user();
    await upload(agent, named('doc', LIMIT - 2)).expect(201);
    const good = await addedSite(agent, sites.good.url, 'Good');
    const poor = await addedSite(agent, sites.poor.url, 'Poor');
    await backedUp(agent, good.id);

    // A second backup of one site (replacing its first), a first of another, and four uploads.
    const [goodStarted, poorStarted, ...uploads] = await Promise.all([
      agent.post(`/api/websites/${good.id}/backup`).send({}),
      agent.post(`/api/websites/${poor.id}/backup`).send({}),
      ...named('parallel', 4).map((name) => upload(agent, [name])),
    ]);
    expect([goodStarted.status, poorStarted.status]).toEqual([202, 202]);
    expect(uploads.map((u) => u.status).sort()).toEqual([201, 201, 403, 403]);
    for (const site of [good, poor])
      expect((await settled(agent, site.id, 'backup')).backup).toMatchObject({ status: 'completed' });

    const documents = await documentsOf(agent);
    expect(documents.filter((d) => d.mimeType === 'application/zip')).toHaveLength(2);
    expect(documents).toHaveLength(LIMIT + 2);
    expect(await storedFilesOf(id)).toHaveLength(LIMIT + 2);
    await upload(agent, ['one-too-many.txt']).expect(403);
  });
});

describe("a site's backups", () => {
  it(`on the Free plan: the latest ${WEBSITE_BACKUPS_KEPT.free} kept, the older deleted with its file; another site's stay`, async () => {
    const { agent, id } = await user();
    const good = await addedSite(agent, sites.good.url, 'Good');
    const poor = await addedSite(agent, sites.poor.url, 'Poor');
    const first = (await backedUp(agent, good.id)).backup.documentId!;
    const other = (await backedUp(agent, poor.id)).backup.documentId!;
    const [firstRow] = (await backupRowsOf(id)).filter((row) => row.id === first);

    const second = (await backedUp(agent, good.id)).backup.documentId!;
    expect(second).not.toBe(first);
    expect((await backupRowsOf(id)).map((row) => [row.id, row.backupWebsiteId])).toEqual([
      [other, poor.id],
      [second, good.id],
    ]);
    await agent.get(`/api/documents/${first}`).expect(404);
    expect(await storedFilesOf(id)).not.toContain(firstRow!.storageKey);
    expect(await storedFilesOf(id)).toHaveLength(2);
    // The site's link is the kept one.
    expect((await siteOf(agent, good.id)).backup.documentId).toBe(second);
  });

  it(`on Premium: the last ${WEBSITE_BACKUPS_KEPT.premium}, newest first; moved or renamed, a backup is still the site's; back on Free, the latest only`, async () => {
    const { agent, id } = await user('premium');
    const site = await addedSite(agent, sites.good.url, 'Good');
    const made: number[] = [];
    for (let i = 0; i < 2; i++) made.push((await backedUp(agent, site.id)).backup.documentId!);
    // Older backups of the site as the job writes them, without crawling it eight more times.
    const [template] = await db.query(`SELECT * FROM documents WHERE id = $1`, [made[0]]);
    for (let i = 0; i < WEBSITE_BACKUPS_KEPT.premium - 1; i++) {
      const [row] = await db.query(
        `INSERT INTO documents ("userId", "folderId", "originalName", "mimeType", size, "storageKey", sha256, category, tags, "extractionStatus", "isWebsiteBackup", "backupWebsiteId")
         VALUES ($1, $2, $3, 'application/zip', $4, $5, $6, 'Reference', $7, 'unsupported', true, $8) RETURNING id`,
        [
          id,
          template.folderId,
          `older-${i}.zip`,
          template.size,
          `${template.storageKey}-older-${i}`,
          template.sha256,
          template.tags,
          site.id,
        ],
      );
      made.push(row.id as number);
    }
    // Moved out of its folder and renamed by the person: still a backup of the site.
    await agent.patch(`/api/documents/${made[1]}`).send({ originalName: 'renamed.zip', tags: [] }).expect(200);
    await agent.patch(`/api/documents/${made[1]}/move`).send({ folderId: null }).expect(200);
    expect(await backupRowsOf(id)).toHaveLength(WEBSITE_BACKUPS_KEPT.premium + 1);

    const newest = (await backedUp(agent, site.id)).backup.documentId!;
    // Ordered by id, the oldest two (made[0], the first crawled, and made[1]) are past the ten.
    const byAge = [...made, newest].sort((a, b) => a - b);
    expect((await backupRowsOf(id)).map((row) => row.id)).toEqual(byAge.slice(-WEBSITE_BACKUPS_KEPT.premium));
    await agent.get(`/api/documents/${byAge[0]}`).expect(404);

    await db.query(`UPDATE users SET plan = 'free' WHERE id = $1`, [id]);
    const latest = (await backedUp(agent, site.id)).backup.documentId!;
    expect((await backupRowsOf(id)).map((row) => row.id)).toEqual([latest]);
    expect(await documentsOf(agent)).toHaveLength(1);
  });

  it('made before they were marked, are found again by the migration: linked to their site, or only marked when it is gone', async () => {
    const { agent, id } = await user('premium');
    const good = await addedSite(agent, sites.good.url, 'Good');
    const poor = await addedSite(agent, sites.poor.url, 'Poor');
    const goods = [(await backedUp(agent, good.id)).backup.documentId!];
    goods.push((await backedUp(agent, good.id)).backup.documentId!);
    const gone = (await backedUp(agent, poor.id)).backup.documentId!;
    await agent.delete(`/api/websites/${poor.id}`).expect(204);
    // An upload that only looks like one by its name is not a backup.
    await upload(agent, ['127.0.0.1-1-backup-2026-01-01-0000.zip']).expect(201);
    await db.query(`UPDATE documents SET "isWebsiteBackup" = false, "backupWebsiteId" = NULL WHERE "userId" = $1`, [
      id,
    ]);

    await markWebsiteBackups((sql, parameters) => db.query(sql, parameters));
    expect(await backupRowsOf(id)).toEqual([
      { id: goods[0], storageKey: expect.any(String), backupWebsiteId: good.id },
      { id: goods[1], storageKey: expect.any(String), backupWebsiteId: good.id },
      { id: gone, storageKey: expect.any(String), backupWebsiteId: null },
    ]);
  });
});
