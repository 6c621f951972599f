import {
  EMAIL_ACTIONS_MESSAGES,
  EMAIL_BULK_UNDO_MINUTES,
  EMAIL_INBOX_FOLDER,
  type EmailBulkAction,
  type EmailBulkResult,
  type EmailBulkUndoResult,
  type EmailFolders,
  type EmailSelection,
} from '@aide/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PendingServerChanges } from '../email.entity';
import { listConditions, SNOOZABLE } from '../email-tabs';
import { announceServerChanges, PENDING_MERGE } from '../snooze/email-snooze.service';

/** What a bulk action sets, on which of the selected rows, and which of it the mail server is told. */
interface BulkChange {
  set: string[];
  values: unknown[];
  server: PendingServerChanges;
  /** Only the selected rows this holds for are changed (and counted); `param` numbers a value. */
  only?: (param: (value: unknown) => string) => string;
  /** A snoozed message that is deleted or filed is no longer snoozed: its $Snoozed keyword goes too. */
  unsnooze?: boolean;
}

/** Where a message leaves for another place (Archive, Trash, a folder, back to the Inbox). */
const place = (isArchived: boolean, isTrashed: boolean, folder: string | null) => ({
  set: [`"isArchived" = ${isArchived}`, `"isTrashed" = ${isTrashed}`, `folder = $?`],
  values: [folder],
  server: { isArchived, isTrashed, folder },
});

/** The SET of each action; `$?` placeholders take `values` in order. */
function changeOf(action: EmailBulkAction): BulkChange {
  switch (action.type) {
    case 'archive':
      return {
        ...place(true, false, null),
        only: () => `NOT (e."isArchived" AND e."isTrashed" = false AND e.folder IS NULL)`,
      };
    case 'markRead':
      return { set: [`"isRead" = true`], values: [], server: { isRead: true } };
    case 'markUnread':
      return { set: [`"isRead" = false`], values: [], server: { isRead: false } };
    case 'setPriority':
      return { set: [`priority = $?`], values: [action.priority], server: {} };
    case 'setCategory':
      return { set: [`category = $?`], values: [action.category], server: {} };
    case 'snooze':
      return {
        set: [`"snoozedUntil" = $?`, `"resurfacedAt" = NULL`],
        values: [action.until],
        server: { snoozed: true },
        only: () => SNOOZABLE,
      };
    case 'delete':
      return { ...place(false, true, null), only: () => `e."isTrashed" = false`, unsnooze: true };
    case 'moveToFolder':
      if (isInbox(action.folder))
        return {
          ...place(false, false, null),
          only: () => `(e."isArchived" OR e."isTrashed" OR e.folder IS NOT NULL)`,
        };
      return {
        ...place(false, false, action.folder),
        // Only into an account that has the folder (as its last sync listed it).
        only: (param) => {
          const folder = param(action.folder);
          return `e.folder IS DISTINCT FROM ${folder} AND EXISTS (SELECT 1 FROM email_integrations i
                 WHERE i.id = e."integrationId" AND i.folders @> jsonb_build_array(jsonb_build_object('path', ${folder}::text)))`;
        },
        unsnooze: true,
      };
  }
}

const isInbox = (folder: string) => folder.toUpperCase() === EMAIL_INBOX_FOLDER;

/** The state a bulk action may change, saved per row for Undo. */
const SAVED = `e.id, e."isRead", e."isArchived", e.priority, e.category, e."snoozedUntil", e."resurfacedAt", e."isTrashed", e.folder`;

/**
 * Bulk actions (issue 24): one UPDATE over the selection (ids, or every email matching a list
 * filter, resolved here so "select all 10 000" sends no ids), the rows' previous state saved in
 * the same statement for Undo, and the server's part (read, archive, the snooze keyword) queued as
 * pendingServerChanges for the sync's push, one push per account. Every statement is scoped to the user.
 */
@Injectable()
export class EmailBulkService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
  ) {}

  async apply(userId: number, selection: EmailSelection, action: EmailBulkAction): Promise<EmailBulkResult> {
    const params: unknown[] = [userId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`e."userId" = $1`];
    if ('ids' in selection) where.push(`e.id = ANY(${param(selection.ids)}::int[])`);
    else where.push(...listConditions(selection.filter, param));
    const change = changeOf(action);
    if (action.type === 'moveToFolder' && !isInbox(action.folder)) await this.checkFolder(userId, action.folder);
    if (change.only) where.push(change.only(param));
    const set = change.set.map((clause) =>
      clause.includes('$?') ? clause.replace('$?', param(change.values.shift())) : clause,
    );
    if (change.unsnooze) set.push(`"snoozedUntil" = NULL`, `"resurfacedAt" = NULL`);
    if (Object.keys(change.server).length > 0) {
      const pending = PENDING_MERGE(param(JSON.stringify(change.server)));
      // A snoozed message deleted or filed: its $Snoozed keyword is cleared on the server too.
      set.push(
        `"pendingServerChanges" = ${
          change.unsnooze
            ? `${pending} || CASE WHEN emails.uid IS NOT NULL AND target."snoozedUntil" IS NOT NULL THEN '{"snoozed": false}'::jsonb ELSE '{}'::jsonb END`
            : pending
        }`,
      );
    }
    const minutes = param(EMAIL_BULK_UNDO_MINUTES);

    return this.dataSource
      .transaction(async (manager) => {
        await manager.query(`DELETE FROM email_bulk_undo WHERE "expiresAt" < now()`);
        const [result] = await manager.query<
          Array<{ token: string | null; affected: number; places: Parameters<typeof announceServerChanges>[1] | null }>
        >(
          `WITH target AS (SELECT ${SAVED} FROM emails e WHERE ${where.join(' AND ')} FOR UPDATE),
              saved AS (
                INSERT INTO email_bulk_undo ("userId", previous, "expiresAt")
                SELECT $1, jsonb_agg(to_jsonb(target)), now() + make_interval(mins => ${minutes}::int)
                  FROM target HAVING count(*) > 0
                RETURNING token),
              updated AS (
                UPDATE emails SET ${set.join(', ')} FROM target WHERE emails.id = target.id
                RETURNING emails.id, emails."userId", emails."integrationId", emails.mailbox, emails."uidValidity", emails.uid)
         SELECT (SELECT token FROM saved) AS token,
                (SELECT count(*)::int FROM updated) AS affected,
                (SELECT jsonb_agg(p) FROM (SELECT DISTINCT ON ("integrationId") * FROM updated WHERE uid IS NOT NULL) p) AS places`,
          params,
        );
        return result;
      })
      .then(async ({ token, affected, places }) => {
        if (places) await announceServerChanges(this.events, places, change.server);
        return { affected, undoToken: token };
      });
  }

  /** The user's own folders across accounts (merged by path), with their messages and unread counts. */
  async folders(userId: number): Promise<EmailFolders> {
    const rows = await this.dataSource.query<EmailFolders['folders']>(
      `SELECT f.path, min(f.name) AS name,
              (SELECT count(*) FROM emails e WHERE e."userId" = $1 AND e."isTrashed" = false AND e.folder = f.path)::int AS total,
              (SELECT count(*) FROM emails e WHERE e."userId" = $1 AND e."isTrashed" = false AND e.folder = f.path AND NOT e."isRead")::int AS unread
         FROM email_integrations i, jsonb_to_recordset(i.folders) AS f(path text, name text)
        WHERE i."userId" = $1
        GROUP BY f.path
        ORDER BY f.path`,
      [userId],
    );
    return { folders: rows };
  }

  /** 400 unless one of the user's accounts has the folder (as its last sync listed it). */
  private async checkFolder(userId: number, folder: string): Promise<void> {
    const [found] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM email_integrations WHERE "userId" = $1 AND folders @> jsonb_build_array(jsonb_build_object('path', $2::text)) LIMIT 1`,
      [userId, folder],
    );
    if (!found) throw new BadRequestException(EMAIL_ACTIONS_MESSAGES.folderNotFound);
  }

  /**
   * Puts the rows of a bulk action back as they were, once (the token is spent), and queues the
   * server's part of the difference (read, archive, snooze keyword) for the sync. 404 after
   * EMAIL_BULK_UNDO_MINUTES, for a spent token, or another user's.
   */
  async undo(userId: number, token: string): Promise<EmailBulkUndoResult> {
    const { restored, places } = await this.dataSource.transaction(async (manager) => {
      const [spent] = await manager.query<[Array<{ previous: unknown }>, number]>(
        `DELETE FROM email_bulk_undo WHERE token = $1 AND "userId" = $2 AND "expiresAt" > now() RETURNING previous`,
        [token, userId],
      );
      if (spent.length === 0) throw new NotFoundException(EMAIL_ACTIONS_MESSAGES.undoExpired);
      const [rows] = await manager.query<[Parameters<typeof announceServerChanges>[1], number]>(
        `UPDATE emails e
            SET "isRead" = p."isRead", "isArchived" = p."isArchived", priority = p.priority, category = p.category,
                "snoozedUntil" = p."snoozedUntil", "resurfacedAt" = p."resurfacedAt",
                "isTrashed" = coalesce(p."isTrashed", false), folder = p.folder,
                "pendingServerChanges" = CASE WHEN e.uid IS NULL THEN e."pendingServerChanges" ELSE e."pendingServerChanges" || jsonb_strip_nulls(jsonb_build_object(
                  'isRead', CASE WHEN e."isRead" <> p."isRead" THEN p."isRead" END,
                  'snoozed', CASE WHEN (e."snoozedUntil" IS NULL) <> (p."snoozedUntil" IS NULL) THEN p."snoozedUntil" IS NOT NULL END))
                  -- Back to its place (Archive, Trash, a folder or home): a move for the sync.
                  || CASE WHEN (e."isArchived", e."isTrashed", e.folder) IS DISTINCT FROM (p."isArchived", p."isTrashed", p.folder)
                          THEN jsonb_build_object('isArchived', p."isArchived", 'isTrashed', p."isTrashed", 'folder', p.folder)
                          ELSE '{}'::jsonb END END
           FROM jsonb_to_recordset($1::jsonb) AS p(id int, "isRead" boolean, "isArchived" boolean, priority varchar,
                category varchar, "snoozedUntil" timestamptz, "resurfacedAt" timestamptz, "isTrashed" boolean, folder varchar)
          WHERE e.id = p.id AND e."userId" = $2
         RETURNING e.id, e."userId", e."integrationId", e.mailbox, e."uidValidity", e.uid`,
        [JSON.stringify(spent[0].previous), userId],
      );
      return { restored: rows.length, places: rows };
    });
    await announceServerChanges(this.events, places, {});
    return { restored };
  }
}
