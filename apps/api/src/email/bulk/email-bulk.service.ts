import {
  EMAIL_ACTIONS_MESSAGES,
  EMAIL_BULK_UNDO_MINUTES,
  type EmailBulkAction,
  type EmailBulkResult,
  type EmailBulkUndoResult,
  type EmailSelection,
} from '@aide/contracts';
import { NotFoundException, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { prefixTsQuery } from '../../search/prefix-tsquery';
import type { PendingServerChanges } from '../email.entity';
import { TAB_WHERE } from '../email-tabs';
import { announceServerChanges, PENDING_MERGE } from '../snooze/email-snooze.service';

/** What a bulk action sets, and which of it the mail server is told. */
interface BulkChange {
  set: string[];
  values: unknown[];
  server: PendingServerChanges;
}

/** The SET of each action; `$n` placeholders are numbered from `first`. */
function changeOf(action: EmailBulkAction): BulkChange {
  switch (action.type) {
    case 'archive':
      return { set: [`"isArchived" = true`], values: [], server: { isArchived: true } };
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
      };
  }
}

/** The state a bulk action may change, saved per row for Undo. */
const SAVED = `e.id, e."isRead", e."isArchived", e.priority, e.category, e."snoozedUntil", e."resurfacedAt"`;

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
    else {
      const { filter } = selection;
      where.push(TAB_WHERE[filter.tab]);
      if (filter.q) where.push(`e."searchVector" @@ ${prefixTsQuery(param(filter.q))}`);
      if (filter.priority) where.push(`e.priority = ${param(filter.priority)}`);
      if (filter.category) where.push(`e.category = ${param(filter.category)}`);
    }
    const change = changeOf(action);
    const set = change.set.map((clause) =>
      clause.includes('$?') ? clause.replace('$?', param(change.values.shift())) : clause,
    );
    if (Object.keys(change.server).length > 0)
      set.push(`"pendingServerChanges" = ${PENDING_MERGE(param(JSON.stringify(change.server)))}`);
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
                "pendingServerChanges" = CASE WHEN e.uid IS NULL THEN e."pendingServerChanges" ELSE e."pendingServerChanges" || jsonb_strip_nulls(jsonb_build_object(
                  'isRead', CASE WHEN e."isRead" <> p."isRead" THEN p."isRead" END,
                  'isArchived', CASE WHEN e."isArchived" <> p."isArchived" THEN p."isArchived" END,
                  'snoozed', CASE WHEN (e."snoozedUntil" IS NULL) <> (p."snoozedUntil" IS NULL) THEN p."snoozedUntil" IS NOT NULL END)) END
           FROM jsonb_to_recordset($1::jsonb) AS p(id int, "isRead" boolean, "isArchived" boolean, priority varchar,
                category varchar, "snoozedUntil" timestamptz, "resurfacedAt" timestamptz)
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
