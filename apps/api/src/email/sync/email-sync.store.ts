import type { EmailAttachment, EmailCategory, EmailPriority } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PendingServerChanges } from '../email.entity';
import type { EmailSyncState, MailboxPosition } from '../email-integration.entity';
import { assignThreads, planThreads } from '../threads/assign-threads';
import { archiveBySenderRules } from '../newsletters/sender-address';

/** Where a message lives on the server: mailbox path, UIDVALIDITY (decimal text) and UID. */
export interface ServerLocation {
  mailbox: string;
  uidValidity: string;
  uid: number;
}

/** A row with read/archive changes the server has not heard of yet. */
export interface PendingRow extends ServerLocation {
  id: number;
  changes: PendingServerChanges;
  /** metadata.status: 'sent', 'draft' or null. */
  status: string | null;
  /** Where the app has the message now; a pending move takes it to the matching mailbox. */
  isArchived: boolean;
  isTrashed: boolean;
  folder: string | null;
}

/** The pending changes that move a message: it goes to the mailbox of the row's place (engine's targetOf). */
export const MOVE_KEYS = ['isArchived', 'isTrashed', 'folder'] as const;
export const hasMove = (changes: PendingServerChanges) => MOVE_KEYS.some((key) => key in changes);
/** SQL: the row has a move still to push (then the sync keeps the app's place over the server's). */
const MOVE_PENDING = `"pendingServerChanges" ?| array['isArchived', 'isTrashed', 'folder']`;
/**
 * SQL: the pending changes without the moves just pushed (`$n` holds them as jsonb); a move key
 * changed again meanwhile stays, to be pushed next time.
 */
const WITHOUT_PUSHED_MOVES = (param: string) =>
  `(SELECT coalesce(jsonb_object_agg(c.key, c.value), '{}'::jsonb) FROM jsonb_each("pendingServerChanges") c
     WHERE NOT (c.key IN ('isArchived', 'isTrashed', 'folder') AND ${param}::jsonb -> c.key = c.value))`;

/** A row the sync may give a new location to instead of inserting a duplicate (see adoptable()). */
export interface AdoptableRow {
  id: number;
  messageId: string;
  /** True for a row with no server location yet (a reply stored by the sending code). */
  unplaced: boolean;
  status: string | null;
}

/** One new message, as inserted. */
export interface NewEmailRow extends ServerLocation {
  userId: number;
  integrationId: number;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: string;
  to: string;
  cc: string | null;
  body: string;
  htmlBody: string | null;
  priority: EmailPriority;
  category: EmailCategory | null;
  isRead: boolean;
  isArchived: boolean;
  receivedAt: Date;
  attachments: EmailAttachment[];
  metadata: Record<string, unknown>;
  isTrashed: boolean;
  folder: string | null;
}

const INSERT_COLUMNS = [
  'id',
  'userId',
  'integrationId',
  'mailbox',
  'uidValidity',
  'uid',
  'messageId',
  'inReplyTo',
  'references',
  'subject',
  'from',
  'to',
  'cc',
  'body',
  'htmlBody',
  'priority',
  'category',
  'isRead',
  'isArchived',
  'receivedAt',
  'attachments',
  'metadata',
  'isTrashed',
  'folder',
  'threadId',
  'threadSubject',
] as const;
/** Casts where pg's text parameters need one. */
const INSERT_CASTS: Partial<Record<(typeof INSERT_COLUMNS)[number], string>> = {
  references: 'text[]',
  attachments: 'jsonb',
  metadata: 'jsonb',
};

/**
 * The sync engine's queries on emails and email_integrations. Every method is scoped to one account
 * (integrationId): the engine works for a job, not for a signed-in user, and never crosses accounts.
 */
@Injectable()
export class EmailSyncStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async readState(integrationId: number): Promise<EmailSyncState> {
    const [row] = await this.dataSource.query<{ syncState: EmailSyncState }[]>(
      `SELECT "syncState" FROM email_integrations WHERE id = $1`,
      [integrationId],
    );
    return row?.syncState ?? {};
  }

  async savePosition(integrationId: number, mailbox: string, position: MailboxPosition): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_integrations SET "syncState" = "syncState" || jsonb_build_object($2::text, $3::jsonb) WHERE id = $1`,
      [integrationId, mailbox, JSON.stringify(position)],
    );
  }

  /** Forgets the positions of mailboxes no longer synced (deleted or renamed on the server). */
  async keepPositions(integrationId: number, mailboxes: string[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_integrations SET "syncState" = (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each("syncState") WHERE key = ANY($2))
        WHERE id = $1`,
      [integrationId, mailboxes],
    );
  }

  async pendingChanges(integrationId: number): Promise<PendingRow[]> {
    const rows = await this.dataSource.query<Array<Omit<PendingRow, 'uid'> & { uid: string }>>(
      `SELECT id, mailbox, "uidValidity", uid, "pendingServerChanges" AS changes, metadata->>'status' AS status,
              "isArchived", "isTrashed", folder
         FROM emails
        WHERE "integrationId" = $1 AND uid IS NOT NULL AND "pendingServerChanges" <> '{}'::jsonb
        ORDER BY id`,
      [integrationId],
    );
    return rows.map((row) => ({ ...row, uid: Number(row.uid) }));
  }

  /** Clears `key` from the rows' pending changes, unless it was changed again meanwhile (then the new value is still to push). */
  async clearPushed(ids: number[], key: keyof PendingServerChanges, value: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE emails SET "pendingServerChanges" = "pendingServerChanges" - $2::text WHERE id = ANY($1) AND "pendingServerChanges" -> $2::text = $3::jsonb`,
      [ids, key, JSON.stringify(value)],
    );
  }

  /** After a MOVE: the row's new location, and the moves pushed (`pushed`, as read) cleared. */
  async relocate(id: number, location: ServerLocation, pushed: PendingServerChanges): Promise<void> {
    await this.dataSource.query(
      `UPDATE emails SET mailbox = $2, "uidValidity" = $3, uid = $4, "pendingServerChanges" = ${WITHOUT_PUSHED_MOVES('$5')}
        WHERE id = $1`,
      [id, location.mailbox, location.uidValidity, location.uid, JSON.stringify(pushed)],
    );
  }

  /** A move that needs no MOVE (the message is already where the row's place says): cleared. */
  async clearMoves(id: number, pushed: PendingServerChanges): Promise<void> {
    await this.dataSource.query(
      `UPDATE emails SET "pendingServerChanges" = ${WITHOUT_PUSHED_MOVES('$2')} WHERE id = $1`,
      [id, JSON.stringify(pushed)],
    );
  }

  /** Bulk Move to folder (issue 24): the account's own folders, for the Move to menu and its check. */
  async saveFolders(integrationId: number, folders: Array<{ path: string; name: string }>): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_integrations SET folders = $2::jsonb WHERE id = $1 AND folders IS DISTINCT FROM $2::jsonb`,
      [integrationId, JSON.stringify(folders)],
    );
  }

  /** Ids of the account's rows on the server in `mailbox` (with another UIDVALIDITY than `except`, when given). */
  async rowsInMailbox(integrationId: number, mailbox: string, except?: { uidValidity: string }): Promise<number[]> {
    const rows = await this.dataSource.query<{ id: number }[]>(
      `SELECT id FROM emails WHERE "integrationId" = $1 AND mailbox = $2 AND uid IS NOT NULL AND ($3::bigint IS NULL OR "uidValidity" <> $3::bigint)`,
      [integrationId, mailbox, except?.uidValidity ?? null],
    );
    return rows.map((row) => row.id);
  }

  /** Ids of the account's rows placed in mailboxes that are no longer synced. */
  async rowsOutside(integrationId: number, mailboxes: string[]): Promise<number[]> {
    const rows = await this.dataSource.query<{ id: number }[]>(
      `SELECT id FROM emails WHERE "integrationId" = $1 AND uid IS NOT NULL AND NOT (mailbox = ANY($2))`,
      [integrationId, mailboxes],
    );
    return rows.map((row) => row.id);
  }

  async countKnown(integrationId: number, mailbox: string, uidValidity: string, upToUid: number): Promise<number> {
    const [row] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM emails WHERE "integrationId" = $1 AND mailbox = $2 AND "uidValidity" = $3 AND uid <= $4`,
      [integrationId, mailbox, uidValidity, upToUid],
    );
    return row.count;
  }

  /** UID → row id of the rows placed in the mailbox with a UID up to `upTo`, or above `above`. */
  async knownUids(
    integrationId: number,
    mailbox: string,
    uidValidity: string,
    range: { upTo: number } | { above: number },
  ): Promise<Map<number, number>> {
    const [operator, bound] = 'upTo' in range ? ['<=', range.upTo] : ['>', range.above];
    const rows = await this.dataSource.query<{ id: number; uid: string }[]>(
      `SELECT id, uid FROM emails WHERE "integrationId" = $1 AND mailbox = $2 AND "uidValidity" = $3 AND uid ${operator} $4`,
      [integrationId, mailbox, uidValidity, bound],
    );
    return new Map(rows.map((row) => [Number(row.uid), row.id]));
  }

  /** UID → row id of those of `uids` that already have a row (stored by an earlier, interrupted sync, or moved there by a push). */
  async existingUids(
    integrationId: number,
    mailbox: string,
    uidValidity: string,
    uids: number[],
  ): Promise<Map<number, number>> {
    if (uids.length === 0) return new Map();
    const rows = await this.dataSource.query<{ id: number; uid: string }[]>(
      `SELECT id, uid FROM emails WHERE "integrationId" = $1 AND mailbox = $2 AND "uidValidity" = $3 AND uid = ANY($4::bigint[])`,
      [integrationId, mailbox, uidValidity, uids],
    );
    return new Map(rows.map((row) => [Number(row.uid), row.id]));
  }

  /**
   * The server's \Seen onto isRead, for rows whose read state the app has not changed since (a
   * pending isRead is the app's and still to be pushed). Answers how many rows changed.
   */
  async applySeen(
    integrationId: number,
    mailbox: string,
    uidValidity: string,
    flags: Array<{ uid: number; seen: boolean }>,
  ): Promise<number> {
    if (flags.length === 0) return 0;
    const [, affected] = await this.dataSource.query<[unknown, number]>(
      `UPDATE emails e SET "isRead" = v.seen
         FROM unnest($4::bigint[], $5::boolean[]) AS v(uid, seen)
        WHERE e."integrationId" = $1 AND e.mailbox = $2 AND e."uidValidity" = $3 AND e.uid = v.uid
          AND e."isRead" <> v.seen AND NOT (e."pendingServerChanges" ? 'isRead')`,
      [integrationId, mailbox, uidValidity, flags.map((f) => f.uid), flags.map((f) => f.seen)],
    );
    return affected;
  }

  /**
   * Rows of the account with one of these Message-IDs that a newly seen message may take over:
   * those gone from their old place in this sync (`vanished`), and those with no place yet.
   */
  async adoptable(integrationId: number, messageIds: string[], vanished: number[]): Promise<AdoptableRow[]> {
    if (messageIds.length === 0) return [];
    return this.dataSource.query<AdoptableRow[]>(
      `SELECT id, "messageId", uid IS NULL AS unplaced, metadata->>'status' AS status
         FROM emails
        WHERE "integrationId" = $1 AND "messageId" = ANY($2) AND (uid IS NULL OR id = ANY($3))
        ORDER BY id`,
      [integrationId, messageIds, vanished],
    );
  }

  /**
   * Gives a row its new server location and the server's state there, keeping everything the user
   * set (priority, category) and any change still pending for the server. `status` (for Sent and
   * Drafts) goes into metadata.
   */
  async adopt(
    id: number,
    location: ServerLocation,
    state: { isRead: boolean; isArchived: boolean; isTrashed: boolean; folder: string | null; status: string | null },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE emails SET mailbox = $2, "uidValidity" = $3, uid = $4,
              "isRead" = CASE WHEN "pendingServerChanges" ? 'isRead' THEN "isRead" ELSE $5 END,
              "isArchived" = CASE WHEN ${MOVE_PENDING} THEN "isArchived" ELSE $6 END,
              "isTrashed" = CASE WHEN ${MOVE_PENDING} THEN "isTrashed" ELSE $8 END,
              folder = CASE WHEN ${MOVE_PENDING} THEN folder ELSE $9 END,
              metadata = CASE WHEN $7::text IS NULL THEN metadata ELSE metadata || jsonb_build_object('status', $7::text) END
        WHERE id = $1`,
      [
        id,
        location.mailbox,
        location.uidValidity,
        location.uid,
        state.isRead,
        state.isArchived,
        state.status,
        state.isTrashed,
        state.folder,
      ],
    );
  }

  /** Newsletters (issue 24): new mail from a sender the user keeps archiving is archived (moved on the server by the next push). */
  applySenderRules(userId: number, ids: number[]): Promise<number[]> {
    return archiveBySenderRules(this.dataSource, userId, ids);
  }

  /**
   * Inserts new messages, threaded (issue 24) as they go in: ids are taken from the table's
   * sequence first, so each row is written once with its threadId and threadSubject (see
   * planThreads). One already there (same account, mailbox, UIDVALIDITY and UID) is skipped.
   * Answers the inserted ids by UID.
   */
  async insertNew(rows: NewEmailRow[]): Promise<Map<number, number>> {
    if (rows.length === 0) return new Map();
    const ids = await this.dataSource.query<{ id: number }[]>(
      `SELECT nextval(pg_get_serial_sequence('emails', 'id'))::int AS id FROM generate_series(1, $1) ORDER BY 1`,
      [rows.length],
    );
    const withIds = rows.map((row, i) => ({ ...row, id: ids[i].id }));
    // One account, so one user.
    const userId = rows[0].userId;
    const threads = await planThreads(
      this.dataSource,
      userId,
      withIds.map((row) => ({ ...row, threadId: null })),
    );
    const params: unknown[] = [];
    const tuples = withIds.map((row) => {
      const thread = threads.rows.get(row.id)!;
      const values = INSERT_COLUMNS.map((column) => {
        const value =
          column === 'threadId' ? thread.threadId : column === 'threadSubject' ? thread.threadSubject : row[column];
        params.push(column === 'attachments' || column === 'metadata' ? JSON.stringify(value) : value);
        const cast = INSERT_CASTS[column];
        return cast ? `$${params.length}::${cast}` : `$${params.length}`;
      });
      return `(${values.join(', ')})`;
    });
    const inserted = await this.dataSource.query<{ id: number; uid: string }[]>(
      `INSERT INTO emails (${INSERT_COLUMNS.map((column) => `"${column}"`).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}
       ON CONFLICT ON CONSTRAINT "UQ_emails_integrationId_mailbox_uidValidity_uid" DO NOTHING
       RETURNING id, uid`,
      params,
    );
    // A skipped row's id may name a thread the others were put in: thread what went in afresh.
    if (inserted.length === rows.length) await threads.commit();
    else
      await assignThreads(
        this.dataSource,
        userId,
        inserted.map((row) => row.id),
      );
    return new Map(inserted.map((row) => [Number(row.uid), row.id]));
  }

  async deleteRows(integrationId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [, affected] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM emails WHERE "integrationId" = $1 AND id = ANY($2)`,
      [integrationId, ids],
    );
    return affected;
  }
}
