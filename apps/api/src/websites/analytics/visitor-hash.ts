import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The UTC day (YYYY-MM-DD) an instant falls in: the salt rotates at UTC midnight. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const previousDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/**
 * The visitor id (as Plausible does it): sha256 over the day's random salt, the site's key, the
 * client's IP address and its User-Agent, cut to 64 bits (as decimal text, a Postgres bigint).
 * The same browser on the same network is one visitor for the day and for that site only; with
 * the salt deleted (after two days) the hash cannot be recomputed from an IP address, and the
 * IP address and User-Agent themselves are never stored.
 */
export function visitorHash(salt: Buffer, siteKey: string, ip: string, userAgent: string): string {
  const digest = createHash('sha256')
    .update(salt)
    .update('\u0000')
    .update(siteKey)
    .update('\u0000')
    .update(ip)
    .update('\u0000')
    .update(userAgent)
    .digest();
  return digest.readBigInt64BE(0).toString();
}

export interface DaySalts {
  day: string;
  current: Buffer;
  /** Yesterday's, while it is kept: a session open across midnight continues under its old hash. */
  previous: Buffer | null;
}

/**
 * The daily salts, kept in website_visitor_salts so every API process hashes alike: the first
 * event of a UTC day creates that day's (random, 32 bytes) and deletes those older than
 * yesterday. Read once per day per process.
 */
@Injectable()
export class VisitorSalts {
  private cached: DaySalts | undefined;
  private loading: Promise<DaySalts> | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forInstant(at: Date): Promise<DaySalts> {
    const day = utcDay(at);
    if (this.cached?.day === day) return this.cached;
    if (!this.loading) {
      this.loading = this.load(day).finally(() => (this.loading = undefined));
    }
    const loaded = await this.loading;
    return loaded.day === day ? loaded : this.forInstant(at);
  }

  private async load(day: string): Promise<DaySalts> {
    const yesterday = previousDay(day);
    await this.dataSource.query(
      `INSERT INTO website_visitor_salts (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING`,
      [day, randomBytes(32)],
    );
    await this.dataSource.query(`DELETE FROM website_visitor_salts WHERE day < $1::date`, [yesterday]);
    const rows = await this.dataSource.query<{ day: string; salt: Buffer }[]>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, salt FROM website_visitor_salts WHERE day IN ($1::date, $2::date)`,
      [day, yesterday],
    );
    const current = rows.find((row) => row.day === day);
    if (!current) throw new Error(`The visitor salt of ${day} could not be read`);
    const salts = { day, current: current.salt, previous: rows.find((row) => row.day === yesterday)?.salt ?? null };
    // A later day may have been cached meanwhile (a test moving the clock back and forth): keep the newest.
    if (!this.cached || this.cached.day <= day) this.cached = salts;
    return salts;
  }
}
