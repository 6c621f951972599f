import { type Email, EMAIL_MESSAGES } from '@aide/contracts';
import {
  type BeforeApplicationShutdown,
  Injectable,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PeriodicSweep } from '../../common/periodic-sweep';
import { NotificationsService } from '../../notifications/notifications.service';
import type { PendingServerChanges } from '../email.entity';
import { EMAIL_COLUMNS, type EmailRow, toEmail } from '../email.mapper';
import { SNOOZABLE } from '../email-tabs';
import {
  EMAIL_SERVER_CHANGE_PENDING,
  EmailServerChangePendingEvent,
} from '../events/email-server-change-pending.event';

/** How often the sweep looks for messages to wake; a snooze is due at most this late. */
export const SNOOZE_SWEEP_INTERVAL_MS = Number(process.env.EMAIL_SNOOZE_SWEEP_MS) || 15_000;

const RETURNING = EMAIL_COLUMNS.map((column) => `"${column}"`).join(', ');

/** Merges `changes` into pendingServerChanges of a row that lives on a server (SQL for a SET). */
export const PENDING_MERGE = (param: string) =>
  `CASE WHEN "uid" IS NULL THEN "pendingServerChanges" ELSE "pendingServerChanges" || CAST(${param} AS jsonb) END`;

interface ServerPlace {
  id: number;
  userId: number;
  integrationId: number | null;
  mailbox: string | null;
  uidValidity: string | null;
  uid: string | null;
}

/** Tells the sync that rows have changes to carry to their servers: one push per account is enough. */
export async function announceServerChanges(
  events: EventEmitter2,
  rows: ServerPlace[],
  changes: PendingServerChanges,
): Promise<void> {
  const seen = new Set<number>();
  for (const row of rows) {
    if (row.integrationId === null || row.mailbox === null || row.uidValidity === null || row.uid === null) continue;
    if (seen.has(row.integrationId)) continue;
    seen.add(row.integrationId);
    await events.emitAsync(
      EMAIL_SERVER_CHANGE_PENDING,
      new EmailServerChangePendingEvent(
        row.userId,
        row.id,
        row.integrationId,
        row.mailbox,
        row.uidValidity,
        row.uid,
        changes,
      ),
    );
  }
}

/**
 * Snooze (issue 24): a snoozed message has snoozedUntil set, which takes it out of the Inbox and
 * its counts (email-tabs.ts) and into the Snoozed tab; on the server it carries the $Snoozed
 * keyword where the mailbox keeps keywords. The sweep wakes due messages: unread, on top of the
 * Inbox (resurfacedAt), the keyword cleared and \Seen removed on the server, and a notification in
 * the bell. Several API processes may sweep: the UPDATE … WHERE "snoozedUntil" <= now() RETURNING
 * hands each row to exactly one of them (the second sees it no longer snoozed).
 */
@Injectable()
export class EmailSnoozeService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic = new PeriodicSweep('Snooze sweep', SNOOZE_SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start({ runNow: true }); // what fell due while the API was down wakes now
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  async snooze(userId: number, id: number, until: string): Promise<Email> {
    const changes: PendingServerChanges = { snoozed: true };
    const rows = await this.change(
      userId,
      id,
      `"snoozedUntil" = $3, "resurfacedAt" = NULL, "pendingServerChanges" = ${PENDING_MERGE('$4')}`,
      [until, JSON.stringify(changes)],
      `AND ${SNOOZABLE}`,
    );
    await announceServerChanges(this.events, rows, changes);
    return toEmail(rows[0]);
  }

  /** Back to the Inbox now, where it was (not on top, read state kept). */
  async unsnooze(userId: number, id: number): Promise<Email> {
    const changes: PendingServerChanges = { snoozed: false };
    const rows = await this.change(
      userId,
      id,
      `"snoozedUntil" = NULL, "pendingServerChanges" = ${PENDING_MERGE('$3')}`,
      [JSON.stringify(changes)],
      `AND "snoozedUntil" IS NOT NULL`,
    );
    await announceServerChanges(this.events, rows, changes);
    return toEmail(rows[0]);
  }

  private async change(
    userId: number,
    id: number,
    set: string,
    values: unknown[],
    condition: string,
  ): Promise<Array<EmailRow & ServerPlace>> {
    const [rows] = await this.dataSource.query<[Array<EmailRow & ServerPlace>, number]>(
      `UPDATE emails e SET ${set} WHERE id = $1 AND "userId" = $2 ${condition}
       RETURNING ${RETURNING}, "userId", mailbox, "uidValidity", uid`,
      [id, userId, ...values],
    );
    if (rows.length === 0) {
      const [exists] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM emails WHERE id = $1 AND "userId" = $2`, [
        id,
        userId,
      ]);
      if (!exists) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
      // Archived (snooze) or not snoozed (unsnooze): nothing to change; answer it as it is.
      const [row] = await this.dataSource.query<Array<EmailRow & ServerPlace>>(
        `SELECT ${RETURNING}, "userId", mailbox, "uidValidity", uid FROM emails WHERE id = $1`,
        [id],
      );
      return [row];
    }
    return rows;
  }

  /** Wakes the messages due at `now`; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    const changes: PendingServerChanges = { snoozed: false, isRead: false };
    const [woken] = await this.dataSource.query<
      [Array<ServerPlace & { subject: string; from: string; until: Date }>, number]
    >(
      `UPDATE emails e SET "snoozedUntil" = NULL, "resurfacedAt" = $1, "isRead" = false,
              "pendingServerChanges" = ${PENDING_MERGE('$2')}
         FROM (SELECT id, "snoozedUntil" AS until FROM emails WHERE "snoozedUntil" <= $1 FOR UPDATE SKIP LOCKED) due
        WHERE e.id = due.id
       RETURNING e.id, e."userId", e."integrationId", e.mailbox, e."uidValidity", e.uid, e.subject, e."from", due.until`,
      [now, JSON.stringify(changes)],
    );
    if (woken.length === 0) return 0;
    await this.notifications.createMany(
      woken.map((row) => ({
        userId: row.userId,
        kind: 'system' as const,
        module: 'email',
        title: row.subject ? `Snoozed email is back: ${row.subject}` : 'Snoozed email is back',
        body: row.from || null,
        link: '/email',
        sourceKey: `email-snooze:${row.id}:${new Date(row.until).toISOString()}`,
      })),
    );
    await announceServerChanges(this.events, woken, changes);
    return woken.length;
  }
}
