import type { EmailCategory, EmailPriority } from '@aide/contracts';
import type { ImapFlow, MailboxObject } from 'imapflow';
import { EmailEntity } from '../email.entity';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../events/email-arrived.event';
import type { EmailIntegrationEntity, EmailSyncState } from '../email-integration.entity';
import type { EmailTriageService } from '../triage/email-triage.service';
import { phishingCategory, phishingPriority, suspectPhishing } from '../triage/phishing';
import {
  type AdoptableRow,
  type EmailSyncStore,
  hasMove,
  MOVE_KEYS,
  type NewEmailRow,
  type PendingRow,
  type ServerLocation,
} from './email-sync.store';
import { type MailboxRole, roleFields, type SyncedMailbox, syncedMailboxes } from './mailbox-roles';
import { type ParsedMessage, parseMessage } from './message-parsing';
import { chunks, compactUidSet, expandUidSet } from './uid-sets';
import { pushSnoozeKeyword } from '../snooze/snooze-keyword';

/** New messages per batch: one FETCH, one INSERT, then the position is saved. */
export const BATCH_MESSAGES = 250;
/** Sources of one batch parsed at once, at most (bytes); a larger message is parsed alone. */
export const PARSE_BUFFER_BYTES = 8 * 1024 * 1024;
/** The name given to the Archive mailbox when an account has none and the user archives. */
export const ARCHIVE_MAILBOX = 'Archive';
/** The name given to the Trash mailbox when an account has none and the user deletes (bulk Delete, issue 24). */
export const TRASH_MAILBOX = 'Trash';
/** Progress: pushing and reconciling known mail, then fetching new mail (by message count). */
const RECONCILED_PROGRESS = 10;

/** What one sync did, for logs and tests. */
export interface SyncSummary {
  mailboxes: string[];
  /** App changes told to the server (\Seen stored, messages moved). */
  pushed: number;
  /** Known messages whose read state the server changed. */
  flagsUpdated: number;
  inserted: number;
  /** Rows kept for a message that moved (between synced mailboxes, or from the app's sent replies). */
  adopted: number;
  /** Rows of messages gone from the server. */
  removed: number;
}

export interface SyncEngineDeps {
  /** The account, with its id, userId, email and autoCategories. */
  integration: EmailIntegrationEntity;
  /** Connected and signed in; the engine leaves it open. */
  client: ImapFlow;
  store: EmailSyncStore;
  triage: EmailTriageService;
  /** Where EmailArrivedEvent goes once a batch of new INBOX mail is committed. */
  events: EventEmitter2;
  progress?: (value: number) => void;
  /** Checked between batches: an aborted sync stops with what it has saved (it resumes from there). */
  signal?: AbortSignal;
  log?: (message: string) => void;
}

/** One synced mailbox as the reconcile pass left it, for the fetch pass. */
interface MailboxPlan {
  mailbox: SyncedMailbox;
  uidValidity: string;
  /** The last UID already stored (0 when starting over). */
  lastUid: number;
  highestModseq: string | null;
  /** UIDs at or below lastUid that the server has and no row holds: fetched like new ones. */
  recover: number[];
  /** No earlier position (or a new UIDVALIDITY): the backfill, not news (no EmailArrivedEvent). */
  startingOver: boolean;
  /** Messages expected to be new, for progress. */
  expected: number;
}

interface NewMessage {
  uid: number;
  seen: boolean;
  internalDate: Date | null;
}

interface ParsedNew {
  meta: NewMessage;
  message: ParsedMessage;
}

/**
 * Where the app has a message, for a pending move: deleted (Trash) first, then filed in a folder,
 * then archived, else home (the INBOX, or Sent/Drafts for the user's own mail).
 */
function placeOf(
  row: Pick<PendingRow, 'isArchived' | 'isTrashed' | 'folder'>,
): 'trash' | 'archive' | 'home' | { folder: string } {
  if (row.isTrashed) return 'trash';
  if (row.folder) return { folder: row.folder };
  return row.isArchived ? 'archive' : 'home';
}

/** An IMAP NO or BAD answer to a command, as opposed to a failed connection. */
const isRefusal = (error: unknown) => {
  const status = (error as { responseStatus?: unknown } | null)?.responseStatus;
  return status === 'NO' || status === 'BAD';
};

const toDate = (value: Date | string | undefined): Date | null => {
  if (value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * One sync of one mail account over IMAP (RFC 3501, with CONDSTORE where offered, RFC 7162):
 *
 * 1. Push: read and archive changes made in the app and not yet on the server
 *    (emails.pendingServerChanges) are stored there first (STORE \Seen, MOVE to the Archive
 *    mailbox or back), so the pull below never undoes them.
 * 2. Reconcile each synced mailbox's known messages: a new UIDVALIDITY means its UIDs mean nothing
 *    any more and it starts over; else \Seen changes are read (FETCH CHANGEDSINCE the stored
 *    HIGHESTMODSEQ, or every flag without CONDSTORE), and messages gone from it are found by
 *    comparing the server's UIDs with the rows' (only when their counts differ).
 * 3. Fetch each mailbox's new messages (UID above the stored last UID) in batches, parse them
 *    (mailparser), triage and insert them (ON CONFLICT on the row's unique location: re-running
 *    adds nothing), saving the position after each batch. A message whose Message-ID matches a row
 *    gone from its old place in step 2, or a row the app stored before the server had it (a sent
 *    reply), takes that row over instead of making a duplicate.
 * 4. Rows gone from the server and not taken over are deleted.
 */
export class EmailSyncEngine {
  private mailboxes: SyncedMailbox[] = [];
  /** Rows whose message is gone from its place; adoptable until step 4 deletes what is left. */
  private readonly vanished = new Set<number>();
  private readonly summary: SyncSummary = {
    mailboxes: [],
    pushed: 0,
    flagsUpdated: 0,
    inserted: 0,
    adopted: 0,
    removed: 0,
  };
  private expected = 0;
  private fetched = 0;

  constructor(private readonly deps: SyncEngineDeps) {}

  private get client(): ImapFlow {
    return this.deps.client;
  }

  private get integrationId(): number {
    return this.deps.integration.id;
  }

  async run(): Promise<SyncSummary> {
    await this.discoverMailboxes();
    await this.saveFolders();
    await this.push();
    const plans = await this.reconcile();
    this.progress(RECONCILED_PROGRESS);
    for (const plan of plans) await this.fetchNew(plan);
    this.summary.removed = await this.deps.store.deleteRows(this.integrationId, [...this.vanished]);
    await this.deps.store.keepPositions(
      this.integrationId,
      this.mailboxes.map((m) => m.path),
    );
    this.summary.mailboxes = this.mailboxes.map((m) => m.path);
    this.progress(100);
    return this.summary;
  }

  /** Only step 1: what the quick push after a change in the app runs. Answers how many changes went out. */
  async pushOnly(): Promise<number> {
    await this.discoverMailboxes();
    await this.push();
    return this.summary.pushed;
  }

  private async discoverMailboxes(): Promise<void> {
    this.mailboxes = syncedMailboxes(await this.client.list());
  }

  /** Bulk Move to folder (issue 24): the Move to menu lists the account's folders without asking the server. */
  private async saveFolders(): Promise<void> {
    await this.deps.store.saveFolders(
      this.integrationId,
      this.mailboxes.filter((m) => m.role === 'folder').map((m) => ({ path: m.path, name: m.name ?? m.path })),
    );
  }

  private pathOf(role: MailboxRole): string | undefined {
    return this.mailboxes.find((m) => m.role === role)?.path;
  }

  private progress(value: number): void {
    this.deps.progress?.(value);
  }

  private checkAborted(): void {
    if (this.deps.signal?.aborted)
      throw new Error('The sync was stopped before it finished; it continues from here next time');
  }

  // ---- 1. Push ----

  private async push(): Promise<void> {
    const pending = await this.deps.store.pendingChanges(this.integrationId);
    if (pending.length === 0) return;
    const moving = pending.filter((row) => hasMove(row.changes));
    if (moving.some((row) => placeOf(row) === 'archive') && !this.pathOf('archive'))
      await this.createSpecial('archive', ARCHIVE_MAILBOX);
    if (moving.some((row) => placeOf(row) === 'trash') && !this.pathOf('trash'))
      await this.createSpecial('trash', TRASH_MAILBOX);
    const byMailbox = new Map<string, PendingRow[]>();
    for (const row of pending) byMailbox.set(row.mailbox, [...(byMailbox.get(row.mailbox) ?? []), row]);
    for (const [path, rows] of byMailbox) {
      try {
        const mailbox = await this.client.mailboxOpen(path);
        // Rows from before a UIDVALIDITY change cannot be addressed; step 2 re-places them first.
        const current = rows.filter((row) => row.uidValidity === String(mailbox.uidValidity));
        await this.pushSeen(current);
        await pushSnoozeKeyword(this.client, mailbox, current, this.deps.store); // snooze (issue 24, actions)
        await this.pushMoves(path, current);
      } catch (error) {
        // The server refused a command here (the mailbox is gone, or read-only): the changes stay
        // pending and the sync goes on; mail keeps coming in. A lost connection fails the sync.
        if (!isRefusal(error)) throw error;
        this.deps.log?.(`changes in ${path} not pushed: ${(error as Error).message}`);
      }
    }
  }

  /** Makes an Archive or Trash mailbox for an account without one (RFC 6154 CREATE-SPECIAL-USE is not widely offered). */
  private async createSpecial(role: 'archive' | 'trash', name: string): Promise<void> {
    try {
      await this.client.mailboxCreate(name);
    } catch (error) {
      // ALREADYEXISTS: a folder of that name that is not flagged \Archive (\Trash); it is used below.
      if ((error as { serverResponseCode?: string }).serverResponseCode !== 'ALREADYEXISTS') throw error;
    }
    await this.discoverMailboxes();
    if (!this.pathOf(role)) {
      this.mailboxes = this.mailboxes.filter((m) => m.path !== name);
      this.mailboxes.push({ path: name, role });
    }
  }

  /** \Seen first: flags travel with a message that is then moved. */
  private async pushSeen(rows: PendingRow[]): Promise<void> {
    for (const seen of [true, false]) {
      const changed = rows.filter((row) => row.changes.isRead === seen);
      if (changed.length === 0) continue;
      const uids = compactUidSet(changed.map((row) => row.uid));
      const stored = seen
        ? await this.client.messageFlagsAdd(uids, ['\\Seen'], { uid: true })
        : await this.client.messageFlagsRemove(uids, ['\\Seen'], { uid: true });
      if (!this.accepted(stored, `STORE \\Seen in ${this.client.mailbox ? this.client.mailbox.path : '?'}`)) continue;
      await this.deps.store.clearPushed(
        changed.map((row) => row.id),
        'isRead',
        seen,
      );
      this.summary.pushed += changed.length;
    }
  }

  /**
   * imapflow answers false when the server refused a STORE or MOVE (it does not throw): the change
   * then stays pending for the next sync. Over a lost connection, the sync fails instead.
   */
  private accepted<T>(result: T | false, command: string): result is T {
    if (result !== false) return true;
    if (!this.client.usable) throw new Error('The connection to the mail server was lost during the sync');
    this.deps.log?.(`the server refused ${command}; the change stays pending`);
    return false;
  }

  /** Where a message goes back to: its Sent or Drafts folder for the app's own mail, else the INBOX. */
  private homeOf(row: PendingRow): string {
    if (row.status === 'sent') return this.pathOf('sent') ?? 'INBOX';
    if (row.status === 'draft') return this.pathOf('drafts') ?? 'INBOX';
    return 'INBOX';
  }

  /** The mailbox of the row's place in the app; undefined when the account has no such mailbox (a folder gone). */
  private targetOf(row: PendingRow): string | undefined {
    const place = placeOf(row);
    if (place === 'trash') return this.pathOf('trash');
    if (place === 'archive') return this.pathOf('archive');
    if (place === 'home') return this.homeOf(row);
    return this.mailboxes.some((m) => m.role === 'folder' && m.path === place.folder) ? place.folder : undefined;
  }

  /** The moves read with the rows: what relocate and clearMoves clear once done. */
  private static pushedMoves(row: PendingRow) {
    return Object.fromEntries(MOVE_KEYS.filter((key) => key in row.changes).map((key) => [key, row.changes[key]]));
  }

  private async pushMoves(path: string, rows: PendingRow[]): Promise<void> {
    const byTarget = new Map<string, PendingRow[]>();
    for (const row of rows) {
      if (!hasMove(row.changes)) continue;
      const target = this.targetOf(row);
      if (!target) {
        this.deps.log?.(`email ${row.id} stays in ${path}: its folder is no longer on the server`);
        continue;
      }
      if (target === path) {
        await this.deps.store.clearMoves(row.id, EmailSyncEngine.pushedMoves(row)); // already where it belongs
        continue;
      }
      byTarget.set(target, [...(byTarget.get(target) ?? []), row]);
    }
    for (const [target, moved] of byTarget) {
      const result = await this.client.messageMove(compactUidSet(moved.map((row) => row.uid)), target, { uid: true });
      if (!this.accepted(result, `MOVE to ${target}`)) continue;
      const uidValidity = result.uidValidity !== undefined ? String(result.uidValidity) : null;
      for (const row of moved) {
        const uid = result.uidMap?.get(row.uid);
        // Without COPYUID (no UIDPLUS, or the message was already gone) the row keeps its old place and
        // its pending change: step 2 finds its message gone from there, step 3 by Message-ID in `target`.
        if (uid !== undefined && uidValidity)
          await this.deps.store.relocate(
            row.id,
            { mailbox: target, uidValidity, uid },
            EmailSyncEngine.pushedMoves(row),
          );
      }
      this.summary.pushed += moved.length;
    }
  }

  // ---- 2. Reconcile known messages ----

  private async reconcile(): Promise<MailboxPlan[]> {
    const { store } = this.deps;
    const state: EmailSyncState = await store.readState(this.integrationId);
    for (const id of await store.rowsOutside(
      this.integrationId,
      this.mailboxes.map((m) => m.path),
    ))
      this.vanished.add(id);
    const plans: MailboxPlan[] = [];
    for (const mailbox of this.mailboxes) {
      this.checkAborted();
      const opened = await this.client.mailboxOpen(mailbox.path, { readOnly: true });
      const uidValidity = String(opened.uidValidity);
      const highestModseq =
        opened.highestModseq !== undefined && !opened.noModseq ? String(opened.highestModseq) : null;
      const position = state[mailbox.path];
      // Rows from before a UIDVALIDITY change: their UIDs mean nothing now; each is re-placed by Message-ID or deleted.
      for (const id of await store.rowsInMailbox(this.integrationId, mailbox.path, { uidValidity }))
        this.vanished.add(id);
      // Never synced (or renumbered): every message is fetched as new.
      const startingOver = !position || position.uidValidity !== uidValidity;
      const lastUid = startingOver ? 0 : position.lastUid;
      if (!startingOver)
        this.summary.flagsUpdated += await this.refreshSeen(
          mailbox.path,
          uidValidity,
          lastUid,
          position.highestModseq ?? null,
          opened,
        );
      const { known, recover } = await this.findVanished(mailbox.path, uidValidity, lastUid);
      const above = await this.checkPlacedAbove(mailbox.path, uidValidity, lastUid);
      plans.push({
        mailbox,
        uidValidity,
        lastUid,
        highestModseq,
        recover,
        startingOver,
        expected: Math.max(0, opened.exists - known - above),
      });
    }
    this.expected = plans.reduce((sum, plan) => sum + plan.expected, 0);
    return plans;
  }

  /** \Seen of the known messages onto isRead: only those changed since the stored HIGHESTMODSEQ when the server has CONDSTORE. */
  private async refreshSeen(
    path: string,
    uidValidity: string,
    lastUid: number,
    storedModseq: string | null,
    opened: MailboxObject,
  ): Promise<number> {
    if (lastUid === 0) return 0;
    const condstore =
      this.client.enabled.has('CONDSTORE') &&
      opened.highestModseq !== undefined &&
      !opened.noModseq &&
      storedModseq !== null;
    if (condstore && BigInt(storedModseq) >= opened.highestModseq!) return 0;
    const messages = await this.client.fetchAll(
      `1:${lastUid}`,
      { uid: true, flags: true },
      { uid: true, ...(condstore && { changedSince: BigInt(storedModseq) }) },
    );
    const flags = messages
      .filter((m) => m.uid <= lastUid)
      .map((m) => ({ uid: m.uid, seen: m.flags?.has('\\Seen') ?? false }));
    return this.deps.store.applySeen(this.integrationId, path, uidValidity, flags);
  }

  /**
   * Rows up to lastUid whose message left the mailbox (expunged, or moved by another client) join
   * `vanished`; server messages up to lastUid that no row holds are listed, to be fetched again.
   * The UID lists are compared only when the counts differ (one ESEARCH COUNT otherwise).
   */
  private async findVanished(
    path: string,
    uidValidity: string,
    lastUid: number,
  ): Promise<{ known: number; recover: number[] }> {
    if (lastUid === 0) return { known: 0, recover: [] };
    const { store } = this.deps;
    const known = await store.countKnown(this.integrationId, path, uidValidity, lastUid);
    const range = { uid: `1:${lastUid}` };
    const counted = await this.client.search(range, { uid: true, returnOptions: ['COUNT'] });
    if (counted && !Array.isArray(counted) && counted.count === known) return { known, recover: [] };
    const onServer = new Set(await this.searchUids(range));
    const rows = await store.knownUids(this.integrationId, path, uidValidity, { upTo: lastUid });
    for (const [uid, id] of rows) if (!onServer.has(uid)) this.vanished.add(id);
    return { known, recover: [...onServer].filter((uid) => uid <= lastUid && !rows.has(uid)) };
  }

  /**
   * Rows placed above lastUid, by a push that moved their message here after this mailbox was last
   * read (or before its first sync): those whose message is no longer here join `vanished`.
   * Answers how many are still here.
   */
  private async checkPlacedAbove(path: string, uidValidity: string, lastUid: number): Promise<number> {
    const rows = await this.deps.store.knownUids(this.integrationId, path, uidValidity, { above: lastUid });
    if (rows.size === 0) return 0;
    const here = new Set(await this.searchUids({ uid: compactUidSet(rows.keys()) }));
    for (const [uid, id] of rows) if (!here.has(uid)) this.vanished.add(id);
    return here.size;
  }

  /**
   * The UIDs matching `query` in the open mailbox. imapflow answers false when the search failed:
   * that is an error here, never "no messages" (which would read as every message gone).
   */
  private async searchUids(query: { uid: string }): Promise<number[]> {
    const found = await this.client.search(query, { uid: true, returnOptions: ['ALL'] });
    if (!found)
      throw new Error(
        `The mail server did not answer a search in ${this.client.mailbox ? this.client.mailbox.path : 'a mailbox'}`,
      );
    return Array.isArray(found) ? found : expandUidSet(found.all ?? '');
  }

  // ---- 3. Fetch new messages ----

  private async fetchNew(plan: MailboxPlan): Promise<void> {
    const { store } = this.deps;
    const path = plan.mailbox.path;
    const opened = await this.client.mailboxOpen(path, { readOnly: true });
    // Renumbered again since step 2: the next sync starts this mailbox over.
    if (String(opened.uidValidity) !== plan.uidValidity) return;
    const candidates = opened.exists === 0 ? [] : await this.listNew(plan);
    const highestUid = Math.max(plan.lastUid, candidates.at(-1) ?? 0);
    const stored = await store.existingUids(this.integrationId, path, plan.uidValidity, candidates);
    // A row whose message is where it says is not gone, whatever step 2 concluded.
    for (const id of stored.values()) this.vanished.delete(id);
    const todo = candidates.filter((uid) => !stored.has(uid));
    // Two batches in flight: while one is stored (Postgres' CPU), the next is fetched and parsed (this process').
    let lastUid = plan.lastUid;
    let storing: Promise<void> = Promise.resolve();
    for (const batch of chunks(todo, BATCH_MESSAGES)) {
      this.checkAborted();
      const parsed = await this.fetchAndParse(batch);
      await storing;
      storing = (async () => {
        await this.storeBatch(plan, parsed);
        lastUid = Math.max(lastUid, batch[batch.length - 1]);
        await store.savePosition(this.integrationId, path, {
          uidValidity: plan.uidValidity,
          lastUid,
          highestModseq: plan.highestModseq,
        });
        this.fetched += batch.length;
        this.progress(
          RECONCILED_PROGRESS +
            ((100 - RECONCILED_PROGRESS) * this.fetched) / Math.max(this.expected, this.fetched + 1),
        );
      })();
      // Its failure is thrown by the await above (next batch) or below; not an unhandled rejection meanwhile.
      storing.catch(() => undefined);
    }
    await storing;
    await store.savePosition(this.integrationId, path, {
      uidValidity: plan.uidValidity,
      lastUid: highestUid,
      highestModseq: plan.highestModseq,
    });
  }

  /**
   * UIDs above lastUid, and those to recover, ascending: one UID SEARCH (ESEARCH answers a compact
   * set), not a FETCH response per message.
   */
  private async listNew(plan: MailboxPlan): Promise<number[]> {
    const listed = await this.searchUids({ uid: `${plan.lastUid + 1}:*` });
    // `n:*` always matches the newest message, even below n: hence the filter.
    const uids = new Set([...listed.filter((uid) => uid > plan.lastUid), ...plan.recover]);
    return [...uids].sort((a, b) => a - b);
  }

  /**
   * The batch's messages (source, \Seen, INTERNALDATE), parsed as they arrive: several at once, so
   * the stream from the server is read on while earlier messages are parsed and mailparser's waits
   * (it finishes each message a turn of the event loop later) overlap, instead of one message at a
   * time. Memory holds at most PARSE_BUFFER_BYTES of sources being parsed (or one message, when it
   * alone is larger): the next message is read only when enough have been parsed. A message
   * expunged meanwhile, or marked \Deleted, is skipped.
   */
  private async fetchAndParse(uids: number[]): Promise<ParsedNew[]> {
    const parsing: Array<Promise<ParsedNew>> = [];
    const inFlight = new Set<Promise<ParsedNew>>();
    let bytes = 0;
    for await (const fetched of this.client.fetch(
      compactUidSet(uids),
      { uid: true, flags: true, internalDate: true, source: true },
      { uid: true },
    )) {
      if (!fetched.source || fetched.flags?.has('\\Deleted')) continue;
      const meta = {
        uid: fetched.uid,
        seen: fetched.flags?.has('\\Seen') ?? false,
        internalDate: toDate(fetched.internalDate),
      };
      const size = fetched.source.length;
      bytes += size;
      // parseMessage never throws: no rejection to handle here.
      const job: Promise<ParsedNew> = parseMessage(fetched.source).then((message) => {
        bytes -= size;
        inFlight.delete(job);
        return { meta, message };
      });
      inFlight.add(job);
      parsing.push(job);
      while (bytes > PARSE_BUFFER_BYTES) await Promise.race(inFlight);
    }
    return (await Promise.all(parsing)).sort((a, b) => a.meta.uid - b.meta.uid);
  }

  private async storeBatch(plan: MailboxPlan, parsed: ParsedNew[]): Promise<void> {
    const { store, integration } = this.deps;
    const role = roleFields(plan.mailbox);
    const location = (uid: number): ServerLocation => ({
      mailbox: plan.mailbox.path,
      uidValidity: plan.uidValidity,
      uid,
    });
    const messageIds = [...new Set(parsed.map((p) => p.message.messageId).filter((id): id is string => id !== null))];
    const adoptable = await store.adoptable(this.integrationId, messageIds, [...this.vanished]);
    const fresh: typeof parsed = [];
    for (const item of parsed) {
      const row = this.takeAdoptable(adoptable, item.message.messageId, plan.mailbox.role);
      if (!row) {
        fresh.push(item);
        continue;
      }
      await store.adopt(row.id, location(item.meta.uid), {
        isRead: item.meta.seen,
        isArchived: role.isArchived,
        isTrashed: role.isTrashed,
        folder: role.folder,
        status: role.status,
      });
      this.vanished.delete(row.id);
      this.summary.adopted++;
    }
    if (fresh.length === 0) return;

    const verdicts = await this.classify(fresh.map(({ message }) => message));
    const suspicions = fresh.map(({ message }) => suspectPhishing(message, integration.email));
    const rows: NewEmailRow[] = fresh.map(({ meta, message }, i) => ({
      ...location(meta.uid),
      userId: integration.userId,
      integrationId: integration.id,
      messageId: message.messageId,
      inReplyTo: message.inReplyTo,
      references: message.references,
      subject: message.subject,
      from: message.from,
      to: message.to,
      cc: message.cc,
      body: message.body,
      htmlBody: message.htmlBody,
      priority: phishingPriority(verdicts[i]?.priority ?? 'regular', suspicions[i]),
      category: integration.autoCategories ? phishingCategory(verdicts[i]?.category ?? null, suspicions[i]) : null,
      isRead: meta.seen,
      isArchived: role.isArchived,
      isTrashed: role.isTrashed,
      folder: role.folder,
      receivedAt: message.date ?? meta.internalDate ?? new Date(),
      attachments: message.attachments,
      metadata: {
        ...(role.status ? { status: role.status } : {}),
        // How to leave the list, for the Newsletters view (issue 24).
        ...(message.listUnsubscribe ? { listUnsubscribe: message.listUnsubscribe } : {}),
        ...(message.listId ? { listId: message.listId } : {}),
        ...(suspicions[i] ? { phishing: suspicions[i] } : {}),
        // The sender's timezone, which dates in the text are read in (issue 26, mail dates).
        ...(message.dateOffsetMinutes !== null ? { dateOffsetMinutes: message.dateOffsetMinutes } : {}),
        // Meeting invitations (issue 26): the iMIP part, read by the invitations domain.
        ...(message.calendar ? { calendar: message.calendar } : {}),
      },
    }));
    const inserted = await store.insertNew(rows);
    // Newsletters (issue 24): "Keep archiving" rules archive new INBOX mail from their senders.
    const archivedByRule = new Set(
      plan.mailbox.role === 'inbox' ? await store.applySenderRules(integration.userId, [...inserted.values()]) : [],
    );
    this.summary.inserted += inserted.size;
    // New mail in the INBOX is news (the auto-responder); a first sync's backfill of old mail is not.
    if (plan.mailbox.role === 'inbox' && !plan.startingOver && inserted.size > 0) {
      const now = new Date();
      const arrived = rows
        .filter((row) => inserted.has(row.uid))
        .map((row) =>
          Object.assign(new EmailEntity(), row, {
            id: inserted.get(row.uid)!,
            uid: String(row.uid),
            isArchived: row.isArchived || archivedByRule.has(inserted.get(row.uid)!),
            isAutoResponded: false,
            pendingServerChanges: {},
            createdAt: now,
            updatedAt: now,
          }),
        );
      // After insertNew has committed; listeners (the auto-responder) log their own failures.
      await this.deps.events.emitAsync(EMAIL_ARRIVED, new EmailArrivedEvent(integration, arrived));
    }
  }

  /** Triage's verdicts; mail is stored even when triage fails (as regular, uncategorised), since the mail matters more than its labels. */
  private async classify(
    messages: ParsedMessage[],
  ): Promise<Array<{ priority: EmailPriority; category: EmailCategory | null }>> {
    try {
      return await this.deps.triage.classify(
        this.deps.integration.userId,
        messages.map((message) => ({
          subject: message.subject,
          from: message.from,
          body: message.body,
          bulk: message.bulk,
        })),
      );
    } catch (error) {
      this.deps.log?.(
        `triage failed, ${messages.length} message(s) stored as regular: ${error instanceof Error ? error.message : String(error)}`,
      );
      return messages.map(() => ({ priority: 'regular', category: null }));
    }
  }

  /**
   * The row a message with this Message-ID takes over, removed from `rows`: one gone from its old
   * place in this sync (moved by another client), or one the app stored before the server had it,
   * matched by role (a sent reply by the Sent folder, a failed-delivery draft by Drafts or Sent).
   */
  private takeAdoptable(rows: AdoptableRow[], messageId: string | null, role: MailboxRole): AdoptableRow | undefined {
    if (messageId === null) return undefined;
    const index = rows.findIndex((row) => {
      if (row.messageId !== messageId) return false;
      if (!row.unplaced) return this.vanished.has(row.id);
      if (row.status === 'sent') return role === 'sent';
      if (row.status === 'draft') return role === 'drafts' || role === 'sent';
      return role === 'inbox' || role === 'archive';
    });
    return index < 0 ? undefined : rows.splice(index, 1)[0];
  }
}
