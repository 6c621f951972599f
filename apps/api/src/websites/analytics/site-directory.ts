import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface TrackedSite {
  websiteId: number;
  /** The site's host, lower case, without a leading 'www.'. */
  host: string;
  isActive: boolean;
}

/** How long a site (or an unknown key) is remembered: a deactivated or edited site takes effect within it. */
export const SITE_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** 'WWW.Example.com' → 'example.com': a page on www. and one without are the same site. */
export function normalHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

export function hostOf(url: string): string | null {
  try {
    return normalHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/**
 * The sites by siteKey, for the collector: one indexed lookup per key per SITE_CACHE_MS (unknown
 * keys too, so junk keys cost no query each), instead of one per event.
 */
@Injectable()
export class SiteDirectory {
  private readonly entries = new Map<string, { site: TrackedSite | null; until: number }>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(siteKey: string): Promise<TrackedSite | null> {
    const now = Date.now();
    const cached = this.entries.get(siteKey);
    if (cached && cached.until > now) return cached.site;
    const rows = await this.dataSource.query<{ id: number; url: string; isActive: boolean }[]>(
      `SELECT id, url, "isActive" FROM websites WHERE "siteKey" = $1`,
      [siteKey],
    );
    const row = rows[0];
    const host = row ? hostOf(row.url) : null;
    const site = row && host ? { websiteId: row.id, host, isActive: row.isActive } : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(siteKey, { site, until: now + SITE_CACHE_MS });
    return site;
  }

  /** Forgets what was read (tests that change a site's row directly). */
  clear(): void {
    this.entries.clear();
  }
}
