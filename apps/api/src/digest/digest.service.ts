import path from 'node:path';
import { type DigestPreview, PROFILE_DEFAULTS } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppMailer } from '../account/app-mailer.service';
import { readOrCreateSecret } from '../common/secret-file.util';
import type { Env } from '../config/env.schema';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import type { DigestSection, DigestWeeks } from './digest-source';
import { DigestRegistry } from './digest.registry';
import { type RenderedDigest, renderDigest } from './digest-render';
import { composeDigest, type DigestDocument } from './digest-text';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './digest-token';
import { digestWeeks } from './digest-week';

/** Someone the digest is written for: the toggles' subject, and the profile's language and timezone. */
export interface DigestReader extends ToggleSubject {
  id: number;
  email: string;
  language: string;
  timezone: string;
}

/** The profile's values, the spec's defaults for people who never saved a profile. */
const READER_COLUMNS = `u.id, u.email, u.role, u.plan,
  coalesce(p.language, '${PROFILE_DEFAULTS.language}') AS language,
  coalesce(p.timezone, '${PROFILE_DEFAULTS.timezone}') AS timezone`;

/** The unsubscribe path; its POST is exempt from the cross-site check (mail providers post it, RFC 8058). */
export const DIGEST_UNSUBSCRIBE_PATH = '/api/digest/unsubscribe';

/**
 * The weekly digest (issue 27): gathers each module's section for a person (only the modules they
 * may use), words it in their language and renders it; sends the week's digests exactly once
 * (digest_deliveries decides), and turns the digest off from a signed unsubscribe link.
 */
@Injectable()
export class DigestService {
  private readonly logger = new Logger('Weekly digest');
  private secret?: Promise<string>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: DigestRegistry,
    private readonly toggles: FeatureTogglesService,
    private readonly mailer: AppMailer,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** The app's secret (SESSION_SECRET or the generated one every instance shares in DATA_DIR). */
  private appSecret(): Promise<string> {
    this.secret ??= Promise.resolve(
      this.config.get('SESSION_SECRET', { infer: true }) ??
        readOrCreateSecret(path.join(this.config.get('DATA_DIR', { infer: true }), 'session-secret')),
    );
    return this.secret;
  }

  async unsubscribeUrl(userId: number): Promise<string> {
    const token = signUnsubscribeToken(await this.appSecret(), userId);
    return this.mailer.link(`${DIGEST_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`);
  }

  /** Each module's facts for this reader, in the registry's order; a failing source is logged and left out. */
  async sections(reader: DigestReader, weeks: DigestWeeks): Promise<DigestSection[]> {
    const modules = this.registry.all();
    const available = await this.toggles.availableModules(
      reader,
      modules.map((entry) => entry.module),
    );
    const answers = await Promise.all(
      modules
        .filter((entry) => available.has(entry.module))
        .flatMap((entry) => entry.sources)
        .map((source) =>
          source.section(reader.id, weeks).catch((error: unknown) => {
            this.logger.error(
              `A digest source failed for user ${reader.id}`,
              error instanceof Error ? error.stack : String(error),
            );
            return null;
          }),
        ),
    );
    return answers.filter((section): section is DigestSection => section !== null);
  }

  /** The reader's digest of the week containing `now`: the words, and the mail as it would go out. */
  async digest(reader: DigestReader, now: Date): Promise<{ doc: DigestDocument; mail: RenderedDigest }> {
    const weeks = digestWeeks(now, reader.timezone);
    const doc = composeDigest(reader.language, weeks, await this.sections(reader, weeks));
    const unsubscribe = await this.unsubscribeUrl(reader.id);
    return { doc, mail: renderDigest(doc, { app: (p) => this.mailer.link(p), unsubscribe }) };
  }

  /** GET /api/digest/preview. */
  async preview(userId: number, now = new Date()): Promise<DigestPreview> {
    const [reader] = await this.dataSource.query<DigestReader[]>(
      `SELECT ${READER_COLUMNS} FROM users u LEFT JOIN profiles p ON p."userId" = u.id WHERE u.id = $1`,
      [userId],
    );
    const { doc, mail } = await this.digest({ ...reader, id: Number(reader.id) }, now);
    return { ...mail, wouldSend: doc.empty === null };
  }

  /**
   * The people whose digest of the week containing `now` is due and not yet decided: weeklyDigest on,
   * an active account, from Monday 08:00 in their timezone (Postgres weeks start on Monday), and no
   * delivery row for that week.
   */
  async dueReaders(now: Date): Promise<DigestReader[]> {
    const rows = await this.dataSource.query<DigestReader[]>(
      `SELECT ${READER_COLUMNS}
         FROM users u LEFT JOIN profiles p ON p."userId" = u.id
         CROSS JOIN LATERAL (SELECT $1::timestamptz AT TIME ZONE coalesce(p.timezone, '${PROFILE_DEFAULTS.timezone}') AS local) l
        WHERE u.status = 'active'
          AND coalesce(p."weeklyDigest", $2)
          AND l.local >= date_trunc('week', l.local) + interval '8 hours'
          AND NOT EXISTS (SELECT 1 FROM digest_deliveries d
                           WHERE d."userId" = u.id AND d."weekStart" = date_trunc('week', l.local)::date)
        ORDER BY u.id`,
      [now, PROFILE_DEFAULTS.weeklyDigest],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /**
   * Sends the digests due at `now`. Each is composed, then claimed (INSERT … ON CONFLICT DO NOTHING
   * RETURNING): only the process whose insert returned the row sends it, so two processes sweeping
   * at once send one mail. A digest with nothing to say is recorded as 'empty' and not sent.
   * Answers how many mails this call sent.
   */
  async sendDue(now: Date = new Date()): Promise<{ sent: number; empty: number }> {
    if (!this.mailer.isConfigured) return { sent: 0, empty: 0 };
    let sent = 0;
    let empty = 0;
    for (const reader of await this.dueReaders(now)) {
      try {
        const { doc, mail } = await this.digest(reader, now);
        const weekStart = digestWeeks(now, reader.timezone).weekStart;
        const claimed = await this.claim(reader.id, weekStart, doc.empty === null ? 'sending' : 'empty');
        if (!claimed) continue;
        if (doc.empty !== null) {
          empty++;
          continue;
        }
        const unsubscribe = await this.unsubscribeUrl(reader.id);
        const ok = await this.mailer.sendPrepared({
          to: reader.email,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        await this.dataSource.query(`UPDATE digest_deliveries SET status = $2 WHERE id = $1`, [
          claimed,
          ok ? 'sent' : 'failed',
        ]);
        if (ok) sent++;
      } catch (error) {
        this.logger.warn(
          `Could not send the weekly digest of user ${reader.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { sent, empty };
  }

  /** The delivery row's id when this call created it, null when another process already had. */
  private async claim(userId: number, weekStart: string, status: 'sending' | 'empty'): Promise<number | null> {
    const rows = await this.dataSource.query<{ id: number }[]>(
      `INSERT INTO digest_deliveries ("userId", "weekStart", status) VALUES ($1, $2, $3)
       ON CONFLICT ("userId", "weekStart") DO NOTHING RETURNING id`,
      [userId, weekStart, status],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /**
   * Turns the weekly digest off for the token's user (a profile is created with it off when they
   * never saved one). Answers their language for the confirmation page, or null for a bad token.
   */
  async unsubscribe(token: string): Promise<{ language: string } | null> {
    const userId = verifyUnsubscribeToken(await this.appSecret(), token);
    if (userId === null) return null;
    const rows = await this.dataSource.query<{ language: string }[]>(
      `INSERT INTO profiles ("userId", "weeklyDigest") SELECT id, false FROM users WHERE id = $1
       ON CONFLICT ("userId") DO UPDATE SET "weeklyDigest" = false, "updatedAt" = now()
       RETURNING language`,
      [userId],
    );
    return rows[0] ?? null;
  }
}
