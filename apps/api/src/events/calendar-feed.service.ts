import { randomBytes } from 'node:crypto';
import type { UserPlan, UserRole } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** 32 random bytes as base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

/** Whose feed a token opens, with what the module toggle check needs. */
export interface FeedOwner {
  id: number;
  role: UserRole;
  plan: UserPlan;
}

/** The per-user secret behind the iCalendar feed URL. */
@Injectable()
export class CalendarFeedService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's token, created on first use; two first requests at once agree on one token. */
  async tokenFor(userId: number): Promise<string> {
    await this.dataSource.query(
      `INSERT INTO calendar_feeds ("userId", token) VALUES ($1, $2) ON CONFLICT ("userId") DO NOTHING`,
      [userId, newToken()],
    );
    const [row]: { token: string }[] = await this.dataSource.query(
      `SELECT token FROM calendar_feeds WHERE "userId" = $1`,
      [userId],
    );
    return row.token;
  }

  /** A new token; the old URL stops working at once. */
  async regenerate(userId: number): Promise<string> {
    const [row]: { token: string }[] = await this.dataSource.query(
      `INSERT INTO calendar_feeds ("userId", token) VALUES ($1, $2)
       ON CONFLICT ("userId") DO UPDATE SET token = EXCLUDED.token, "createdAt" = now()
       RETURNING token`,
      [userId, newToken()],
    );
    return row.token;
  }

  /**
   * The owner of `token`, or null. A malformed token is refused before any query; a well-formed
   * one is found through the unique index (equality on a random 256-bit value: nothing to learn from timing).
   */
  async ownerOf(token: string): Promise<FeedOwner | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row]: FeedOwner[] = await this.dataSource.query(
      `SELECT u.id, u.role, u.plan FROM calendar_feeds f JOIN users u ON u.id = f."userId" WHERE f.token = $1`,
      [token],
    );
    return row ?? null;
  }
}
