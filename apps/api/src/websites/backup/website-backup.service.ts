import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { documentsEndpoints, type UserPlan, WEBSITE_BACKUPS_KEPT } from '@aide/contracts';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type * as Fflate from 'fflate';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../database/returned-rows.util';
import { DOCUMENT_STORE, type DocumentStore } from '../../documents/storage/document-store';
import type { JobContext } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { SiteFetchError, SiteFetcher } from '../fetch/site-fetcher';
import { type ClaimedSite, WEBSITE_ENTITY, WEBSITE_INVALIDATES, WebsiteJobState } from '../website-job-state';
import { type CrawlResult, crawlSite } from './site-crawler';

export const WEBSITE_BACKUP_JOB = 'website.backup';
/** The document folder backups are kept in (made on the first backup, at Root). */
export const BACKUP_FOLDER = 'Website backups';

interface BackupPayload {
  websiteId: number;
}

/** The zip's entries: every crawled file under its archive path (made unique), and backup.json listing what was kept and skipped. */
export function backupArchive(site: { name: string; url: string }, crawl: CrawlResult, at: Date): Uint8Array {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  const manifest: { url: string; file: string; kind: string; contentType: string; depth: number | null }[] = [];
  for (const file of crawl.files) {
    let path = file.path;
    for (let n = 2; entries[path] || path === 'backup.json'; n++)
      path = file.path.replace(/(\.\w+)?$/, (extension) => `_${n}${extension}`);
    entries[path] = [new Uint8Array(file.bytes), { mtime: at }];
    manifest.push({
      url: file.url,
      file: path,
      kind: file.kind,
      contentType: file.contentType,
      depth: file.depth >= 0 ? file.depth : null,
    });
  }
  const summary = {
    site: site.name,
    url: site.url,
    createdAt: at.toISOString(),
    pages: crawl.pages,
    files: manifest,
    skipped: crawl.skipped,
  };
  entries['backup.json'] = [new TextEncoder().encode(JSON.stringify(summary, null, 2)), { mtime: at }];
  // fflate is required on the first backup rather than when the API starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('fflate') as typeof Fflate).zipSync(entries, { level: 6 });
}

/** 'example.com-backup-2026-05-01-0930.zip' (UTC). */
function archiveName(url: string, at: Date): string {
  const host = new URL(url).host.replace(/[^\w.-]+/g, '-');
  const stamp = at.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `${host}-backup-${stamp}.zip`;
}

/**
 * The website backup ('website.backup', one queued or running per site; DECISIONS: a stored
 * snapshot of the site's pages): the site is crawled (site-crawler.ts: its own origin, bounded depth
 * and pages, robots.txt honoured), the pages and the stylesheets and images they use are zipped
 * with a backup.json manifest, and the zip becomes one of the user's documents (extraction
 * 'unsupported', category Reference) in the 'Website backups' folder, downloadable like any other.
 * The document and the site's lastBackupAt/backupDocumentId/backupPages are written in one
 * transaction that requires the site to be still there and still backing up; otherwise the stored
 * file is deleted again. The user is notified of the outcome either way.
 *
 * Issue 30: a backup is the website module's storage, not an upload. Its document is marked
 * (isWebsiteBackup, backupWebsiteId), so the Free plan's document limit never counts it, and the
 * same transaction deletes the site's older backups past the plan's WEBSITE_BACKUPS_KEPT (their
 * files once it has committed). One backup per site runs at a time (the job is exclusive and the
 * site row is locked), so two retentions of one site never race.
 */
@Injectable()
export class WebsiteBackupService implements OnModuleInit {
  readonly state: WebsiteJobState;
  private readonly logger = new Logger('WebsiteBackup');

  constructor(
    private readonly jobs: JobsService,
    private readonly fetcher: SiteFetcher,
    private readonly notifications: NotificationsService,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.state = new WebsiteJobState(dataSource, 'backup', 'The backup could not be completed');
  }

  onModuleInit(): void {
    this.jobs.define<BackupPayload>({
      name: WEBSITE_BACKUP_JOB,
      module: 'website',
      title: 'Website backup',
      owner: this.state,
      policy: 'exclusive',
      notifyOnSuccess: false,
      retryLimit: 1,
      retryDelaySeconds: 30,
      expireInSeconds: 900,
      invalidate: [...WEBSITE_INVALIDATES, documentsEndpoints.list.path, documentsEndpoints.folders.path],
      handler: (payload, ctx) => this.run(payload, ctx),
    });
  }

  async queue(userId: number, websiteId: number): Promise<void> {
    await this.jobs.enqueue<BackupPayload>(
      WEBSITE_BACKUP_JOB,
      { websiteId },
      { userId, entity: { type: WEBSITE_ENTITY, id: websiteId }, singletonKey: `${WEBSITE_BACKUP_JOB}:${websiteId}` },
    );
  }

  async run({ websiteId }: BackupPayload, ctx: JobContext): Promise<void> {
    const site = await this.state.claim(websiteId);
    if (!site) return;
    let crawl: CrawlResult;
    try {
      crawl = await crawlSite(this.fetcher, site.url, ctx.signal, undefined, (pages) =>
        ctx.progress(Math.min(80, pages * 1.6)),
      );
    } catch (error) {
      if (error instanceof SiteFetchError)
        return this.failed(site, `${site.url} could not be reached: ${error.message}`);
      throw error;
    }
    const at = new Date();
    const zip = Buffer.from(backupArchive(site, crawl, at));
    ctx.progress(90);
    const key = `${site.userId}/${randomUUID()}`;
    await this.store.put(key, Readable.from([zip]), { contentType: 'application/zip', size: zip.length });
    let recorded: { documentId: number; expired: string[] } | null;
    try {
      recorded = await this.dataSource.transaction((manager) =>
        this.record(manager, site, crawl.pages, key, zip, archiveName(site.url, at)),
      );
    } catch (error) {
      await this.discard(key);
      throw error;
    }
    if (recorded === null) {
      await this.discard(key);
      return ctx.log(`website ${site.id}: deleted or no longer backing up; archive discarded`);
    }
    const { documentId, expired } = recorded;
    for (const old of expired) await this.discard(old);
    ctx.log(
      `website ${site.id}: ${crawl.pages} pages, ${crawl.files.length} files, ${zip.length} bytes → document ${documentId}` +
        (expired.length ? `; ${expired.length} older backup${expired.length === 1 ? '' : 's'} deleted` : ''),
    );
    await this.notifications.notify(site.userId, {
      kind: 'system',
      module: 'website',
      title: `Backup finished: ${site.name}`.slice(0, 200),
      body: `${crawl.pages} page${crawl.pages === 1 ? '' : 's'} saved to Documents › ${BACKUP_FOLDER}.${crawl.skipped.length ? ` ${crawl.skipped.length} address${crawl.skipped.length === 1 ? ' was' : 'es were'} skipped (see backup.json).` : ''}`,
      link: '/documents',
      sourceKey: `website:${site.id}:backup:${documentId}`,
    });
  }

  /**
   * The document row and the site's backup fields, and the site's backups past the plan's number
   * deleted (their storage keys returned, to delete once committed); or null (nothing written)
   * when the site is gone or no longer backing up.
   */
  private async record(
    manager: EntityManager,
    site: ClaimedSite,
    pages: number,
    key: string,
    zip: Buffer,
    name: string,
  ): Promise<{ documentId: number; expired: string[] } | null> {
    // Locks the site's row: a delete waits for this transaction, or has already happened.
    const [locked] = await manager.query(
      `SELECT id FROM websites WHERE id = $1 AND "backupStatus" = 'running' FOR UPDATE`,
      [site.id],
    );
    if (!locked) return null;
    const folderId = await this.backupFolder(manager, site.userId);
    const [document] = await manager.query(
      `INSERT INTO documents ("userId", "folderId", "originalName", "mimeType", size, "storageKey", sha256, category, tags, "extractionStatus", "isWebsiteBackup", "backupWebsiteId")
       VALUES ($1, $2, $3, 'application/zip', $4, $5, $6, 'Reference', $7, 'unsupported', true, $8) RETURNING id`,
      [
        site.userId,
        folderId,
        name,
        zip.length,
        key,
        createHash('sha256').update(zip).digest('hex'),
        ['website backup'],
        site.id,
      ],
    );
    const updated = returnedRows(
      await manager.query(
        `UPDATE websites SET "backupStatus" = 'completed', "lastBackupAt" = now(), "backupDocumentId" = $2, "backupPages" = $3, "backupError" = NULL, "updatedAt" = now()
          WHERE id = $1 AND "backupStatus" = 'running' RETURNING id`,
        [site.id, document.id, pages],
      ),
    );
    if (!updated.length) throw new Error('The website changed while its backup was saved');
    const [owner] = await manager.query<{ plan: UserPlan }[]>(`SELECT plan FROM users WHERE id = $1`, [site.userId]);
    const kept = WEBSITE_BACKUPS_KEPT[owner?.plan ?? 'free'];
    // Newest first by id (the identity only grows): the one just written is always kept.
    const expired = returnedRows<{ storageKey: string }>(
      await manager.query(
        `DELETE FROM documents WHERE "userId" = $1 AND "backupWebsiteId" = $2 AND id NOT IN (
           SELECT id FROM documents WHERE "userId" = $1 AND "backupWebsiteId" = $2 ORDER BY id DESC LIMIT $3
         ) RETURNING "storageKey"`,
        [site.userId, site.id, kept],
      ),
    );
    return { documentId: document.id as number, expired: expired.map((row) => row.storageKey) };
  }

  /** The user's 'Website backups' folder at Root, made when missing (a folder made meanwhile by another backup is used). */
  private async backupFolder(manager: EntityManager, userId: number): Promise<number> {
    const find = async () =>
      (
        await manager.query(
          `SELECT id FROM document_folders WHERE "userId" = $1 AND "parentFolderId" IS NULL AND lower(name) = lower($2) ORDER BY id LIMIT 1`,
          [userId, BACKUP_FOLDER],
        )
      )[0]?.id as number | undefined;
    const existing = await find();
    if (existing) return existing;
    const [created] = await manager.query(
      `INSERT INTO document_folders ("userId", name, color) VALUES ($1, $2, 'gray') ON CONFLICT DO NOTHING RETURNING id`,
      [userId, BACKUP_FOLDER],
    );
    return (created?.id as number | undefined) ?? (await find())!;
  }

  private async discard(key: string): Promise<void> {
    await this.store
      .delete(key)
      .catch((error: unknown) => this.logger.error(`Backup archive ${key} could not be deleted: ${String(error)}`));
  }

  private async failed(site: ClaimedSite, reason: string): Promise<void> {
    if (!(await this.state.fail(site.id, reason))) return;
    await this.notifications.notify(site.userId, {
      kind: 'system',
      module: 'website',
      title: `Backup failed: ${site.name}`.slice(0, 200),
      body: reason,
      link: '/website',
      sourceKey: `website:${site.id}:backup-failed:${Date.now()}`,
    });
  }
}
