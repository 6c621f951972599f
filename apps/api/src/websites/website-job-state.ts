import { websitesEndpoints } from '@aide/contracts';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../database/returned-rows.util';
import type { JobOwner } from '../jobs/job-definition';

/** The three kinds of work a site has, each with its own status and error columns ("seoStatus", "seoError" …). */
export type WebsiteJobKind = 'seo' | 'backup' | 'security';

export const WEBSITE_ENTITY = 'website';
export const BLOG_POST_ENTITY = 'website-blog-post';
/** What the screen refetches when a site changes. */
export const WEBSITE_INVALIDATES = [...websitesEndpoints.update.invalidates];

/** The site as a job reads it when it starts. */
export interface ClaimedSite {
  id: number;
  userId: number;
  name: string;
  url: string;
}

const status = (kind: WebsiteJobKind) => `"${kind}Status"`;
const error = (kind: WebsiteJobKind) => `"${kind}Error"`;

/**
 * The status columns of one kind of a site's work. Every write is conditional on the status it
 * expects, and on the row still being there, so a deleted site is never written back (resurrected)
 * and two requests cannot start the work twice.
 */
export class WebsiteJobState implements JobOwner {
  readonly type = WEBSITE_ENTITY;

  constructor(
    private readonly dataSource: DataSource,
    readonly kind: WebsiteJobKind,
    /** 'The SEO audit could not be completed' — prefixed to a crash's reason. */
    private readonly failurePrefix: string,
  ) {}

  /** idle/completed/failed → pending; 'busy' when it is already pending or running, 'missing' when the user has no such site. */
  async request(userId: number, id: number): Promise<'queued' | 'busy' | 'missing'> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE websites SET ${status(this.kind)} = 'pending', ${error(this.kind)} = NULL, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND ${status(this.kind)} NOT IN ('pending', 'running') RETURNING id`,
        [id, userId],
      ),
    );
    if (rows.length) return 'queued';
    const [exists] = await this.dataSource.query(`SELECT 1 FROM websites WHERE id = $1 AND "userId" = $2`, [
      id,
      userId,
    ]);
    return exists ? 'busy' : 'missing';
  }

  /** pending → running; null when there is nothing to do (deleted, or finished by an earlier delivery). */
  async claim(id: number): Promise<ClaimedSite | null> {
    const rows = returnedRows<ClaimedSite>(
      await this.dataSource.query(
        `UPDATE websites SET ${status(this.kind)} = 'running', "updatedAt" = now() WHERE id = $1 AND ${status(this.kind)} IN ('pending', 'running')
          RETURNING id, "userId", name, url`,
        [id],
      ),
    );
    return rows[0] ?? null;
  }

  /** running → failed with the reason; false when the row is gone or no longer running. */
  async fail(id: number, reason: string): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE websites SET ${status(this.kind)} = 'failed', ${error(this.kind)} = $2, "updatedAt" = now() WHERE id = $1 AND ${status(this.kind)} IN ('pending', 'running') RETURNING id`,
        [id, reason.slice(0, 1000)],
      ),
    );
    return rows.length > 0;
  }

  // ---- JobOwner ----

  async setProgress(): Promise<void> {}

  /** The handler writes the outcome with its results. */
  async setDone(): Promise<void> {}

  /** After the last retry of a run that threw. */
  async setFailed(id: number, reason: string): Promise<void> {
    await this.fail(id, `${this.failurePrefix}: ${reason}`);
  }
}

/** Ends a run with a readable reason, without a retry (retrying cannot change it). */
export class WebsiteJobFailure extends Error {}
