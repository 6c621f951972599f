import { createHash } from 'node:crypto';
import type { SignInSession } from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import Bowser from 'bowser';
import { DataSource } from 'typeorm';
import { SESSION_NOT_FOUND } from '@aide/contracts';
import type { SessionDevice } from '../auth/session.service';

/** What a session is listed by: never its id, which is the cookie's secret. */
export const sessionKey = (sid: string) =>
  createHash('sha256').update(`aide session ${sid}`).digest('base64url').slice(0, 22);

interface SessionRow {
  sid: string;
  device: SessionDevice | null;
}

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** 'Chrome 131' and 'macOS 10.15' (or the device model on phones and tablets), read from the User-Agent. */
function describe(userAgent: string | undefined): Pick<SignInSession, 'browser' | 'device'> {
  if (!userAgent) return { browser: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const model = joined(parsed.platform.vendor, parsed.platform.model);
  return {
    browser: joined(parsed.browser.name, major),
    device:
      parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet'
        ? (model ?? joined(parsed.os.name, parsed.os.version))
        : joined(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

/**
 * A user's signed-in sessions, read from and ended in the session store's own table (by the
 * user id passport keeps in each session, indexed by IDX_session_user).
 */
@Injectable()
export class SessionRegistryService {
  constructor(private readonly db: DataSource) {}

  /** The user's live sessions, most recently seen first; `currentSid` is marked current. */
  async list(userId: number, currentSid: string): Promise<SignInSession[]> {
    const rows: SessionRow[] = await this.db.query(
      `SELECT sid, sess -> 'device' AS device FROM session WHERE (sess -> 'passport') ->> 'user' = $1 AND expire > now()`,
      [String(userId)],
    );
    return rows
      .map(({ sid, device }) => ({
        key: sessionKey(sid),
        ...describe(device?.userAgent),
        // An IPv4 client reached over an IPv6 socket shows as ::ffff:203.0.113.7: show the IPv4 address people know.
        ip: device?.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? null,
        createdAt: device?.createdAt ?? null,
        lastSeenAt: device?.lastSeenAt ?? null,
        current: sid === currentSid,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? ''));
  }

  /** Ends one of the user's sessions by its key; 404 when the user has no such session (another user's included). */
  async end(userId: number, key: string): Promise<void> {
    const rows: { sid: string }[] = await this.db.query(
      `SELECT sid FROM session WHERE (sess -> 'passport') ->> 'user' = $1`,
      [String(userId)],
    );
    const match = rows.find(({ sid }) => sessionKey(sid) === key);
    if (!match) throw new NotFoundException(SESSION_NOT_FOUND);
    await this.db.query(`DELETE FROM session WHERE sid = $1 AND (sess -> 'passport') ->> 'user' = $2`, [
      match.sid,
      String(userId),
    ]);
  }

  /**
   * Ends every session of the user but `keepSid` (none kept when it is undefined), half-signed-in
   * ones waiting for a two-factor code included: a password reset or change must not leave a
   * sign-in that passed the old password one code away from finishing. `db` lets a caller's
   * transaction do it (account deletion).
   */
  async endAll(userId: number, keepSid?: string, db: Pick<DataSource, 'query'> = this.db): Promise<void> {
    await db.query(
      `DELETE FROM session WHERE ((sess -> 'passport') ->> 'user' = $1 OR (sess -> 'twoFactorPending') ->> 'userId' = $1) AND sid IS DISTINCT FROM $2`,
      [String(userId), keepSid ?? null],
    );
  }
}
