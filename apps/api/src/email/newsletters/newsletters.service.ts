import {
  type CreateSenderRulePayload,
  EMAIL_NEWSLETTERS_MESSAGES,
  type NewsletterSender,
  type SenderRule,
  type SenderRuleKind,
  type UnsubscribeResult,
} from '@aide/contracts';
import { BadGatewayException, BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { classifyAddress, normaliseHost } from '../../outbound/address-classifier';
import { OutboundPolicy, OutboundRefusedError } from '../../outbound/outbound-policy';
import { SafeFetchError, safeFetch } from '../../outbound/safe-fetch';
import {
  EMAIL_SERVER_CHANGE_PENDING,
  EmailServerChangePendingEvent,
} from '../events/email-server-change-pending.event';
import { MailAccess } from '../mail-access';
import type { ListUnsubscribe } from '../sync/message-parsing';
import { SENDER_SQL } from './sender-address';

/** A one-click unsubscribe must answer within this. */
const UNSUBSCRIBE_TIMEOUT_MS = 10_000;

/** A row is a newsletter when it names a way to unsubscribe, or triage filed it as newsletter/promotion. */
const IS_NEWSLETTER = `(e.metadata ? 'listUnsubscribe' OR e.category IN ('newsletter', 'promotion'))
  AND coalesce(e.metadata->>'status', '') NOT IN ('draft', 'sent') AND NOT e."isTrashed"`;

interface SenderRow {
  sender: string;
  name: string;
  count: string;
  unread: string;
  inInbox: string;
  lastReceivedAt: Date;
  listUnsubscribe: ListUnsubscribe | null;
  unsubscribedAt: Date | null;
  keepArchiving: boolean;
}

/**
 * The URI to POST an RFC 8058 one-click unsubscribe to, or null. RFC 8058 asks for https; a plain
 * http URI is taken only on a host the operator allowed as a private network
 * (OUTBOUND_ALLOW_PRIVATE_NETWORKS: a self-hosted list server on the LAN, as with plain-port mail
 * servers), never on the public internet.
 */
export function oneClickUri(list: ListUnsubscribe | null, policy: OutboundPolicy): string | null {
  if (!list?.oneClick || !list.http) return null;
  let url: URL;
  try {
    url = new URL(list.http);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return list.http;
  if (url.protocol !== 'http:') return null;
  const host = normaliseHost(url.hostname);
  const address = host.kind === 'ip' ? host.address : host.kind === 'localhost' ? '127.0.0.1' : null;
  if (address === null || classifyAddress(address).kind !== 'private') return null;
  const { all, networks } = policy.allowance;
  return all || networks.check(address, host.kind === 'ip' && host.family === 6 ? 'ipv6' : 'ipv4') ? list.http : null;
}

function methodOf(list: ListUnsubscribe | null, policy: OutboundPolicy): NewsletterSender['unsubscribe'] {
  if (!list) return null;
  if (oneClickUri(list, policy)) return 'one-click';
  if (list.mailto) return 'mailto';
  return list.http ? 'link' : null;
}

/** RFC 6068: mailto:addr?subject=…&body=… */
function readMailto(uri: string): { to: string; subject: string; body: string } | null {
  try {
    const url = new URL(uri);
    const to = decodeURIComponent(url.pathname);
    if (!to.includes('@')) return null;
    return {
      to,
      subject: url.searchParams.get('subject') ?? 'unsubscribe',
      body: url.searchParams.get('body') ?? 'unsubscribe',
    };
  } catch {
    return null;
  }
}

/**
 * Newsletters (issue 24): list mail grouped by sender; unsubscribing as the RFCs say; archiving all
 * of a sender's mail; the user's per-sender rules (keep archiving, always show remote images).
 * Every query is scoped by the user id it is given.
 */
@Injectable()
export class NewslettersService {
  private readonly logger = new Logger('Newsletters');

  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: OutboundPolicy,
    private readonly mailAccess: MailAccess,
    private readonly events: EventEmitter2,
  ) {}

  async list(userId: number): Promise<NewsletterSender[]> {
    const rows: SenderRow[] = await this.dataSource.query(
      `SELECT g.sender, g.name, g.count, g.unread, g."inInbox", g."lastReceivedAt", g."listUnsubscribe",
              (SELECT r."createdAt" FROM email_sender_rules r WHERE r."userId" = $1 AND r.sender = g.sender AND r.kind = 'unsubscribed') AS "unsubscribedAt",
              EXISTS (SELECT 1 FROM email_sender_rules r WHERE r."userId" = $1 AND r.sender = g.sender AND r.kind = 'archive') AS "keepArchiving"
         FROM (SELECT ${SENDER_SQL} AS sender,
                      (array_agg(e."from" ORDER BY e."receivedAt" DESC))[1] AS name,
                      count(*) AS count,
                      count(*) FILTER (WHERE NOT e."isRead") AS unread,
                      count(*) FILTER (WHERE NOT e."isArchived" AND NOT e."isTrashed" AND e.folder IS NULL) AS "inInbox",
                      max(e."receivedAt") AS "lastReceivedAt",
                      (array_agg(e.metadata->'listUnsubscribe' ORDER BY e."receivedAt" DESC)
                         FILTER (WHERE e.metadata ? 'listUnsubscribe'))[1] AS "listUnsubscribe"
                 FROM emails e
                WHERE e."userId" = $1 AND ${IS_NEWSLETTER}
                GROUP BY 1) g
        ORDER BY g."lastReceivedAt" DESC
        LIMIT 500`,
      [userId],
    );
    return rows.map((row) => ({
      sender: row.sender,
      name: row.name.replace(/\s*<[^<>]*>\s*$/, '').replace(/^"(.*)"$/, '$1') || row.sender,
      count: Number(row.count),
      unread: Number(row.unread),
      inInbox: Number(row.inInbox),
      lastReceivedAt: new Date(row.lastReceivedAt).toISOString(),
      unsubscribe: methodOf(row.listUnsubscribe, this.policy),
      unsubscribedAt: row.unsubscribedAt ? new Date(row.unsubscribedAt).toISOString() : null,
      keepArchiving: row.keepArchiving,
    }));
  }

  /**
   * RFC 8058 one-click (POST `List-Unsubscribe=One-Click` to the https URI, no cookies) when the
   * message offers it; else RFC 2369's mailto, sent from the account; else the http(s) page, which
   * is answered for the UI to open (a GET may mean anything, so it is never fetched here).
   */
  async unsubscribe(userId: number, sender: string): Promise<UnsubscribeResult> {
    const [latest]: Array<{ integrationId: number | null; list: ListUnsubscribe | null }> = await this.dataSource.query(
      `SELECT e."integrationId", e.metadata->'listUnsubscribe' AS list FROM emails e
        WHERE e."userId" = $1 AND ${SENDER_SQL} = $2 AND ${IS_NEWSLETTER}
        ORDER BY (e.metadata ? 'listUnsubscribe') DESC, e."receivedAt" DESC LIMIT 1`,
      [userId, sender],
    );
    if (!latest) throw new NotFoundException(EMAIL_NEWSLETTERS_MESSAGES.senderNotFound);
    const method = methodOf(latest.list, this.policy);
    if (!method || !latest.list) throw new BadRequestException(EMAIL_NEWSLETTERS_MESSAGES.noUnsubscribe);
    if (method === 'one-click') await this.postOneClick(oneClickUri(latest.list, this.policy)!);
    else if (method === 'mailto') await this.sendMailto(latest.integrationId, latest.list.mailto!);
    else return { method, url: latest.list.http };
    await this.addRule(userId, sender, 'unsubscribed');
    return { method, url: null };
  }

  private async postOneClick(url: string): Promise<void> {
    let status: number;
    try {
      ({ status } = await safeFetch(url, {
        policy: this.policy,
        timeoutMs: UNSUBSCRIBE_TIMEOUT_MS,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        readBody: false,
      }));
    } catch (error) {
      this.logger.warn(`one-click unsubscribe failed: ${error instanceof Error ? error.message : String(error)}`);
      if (error instanceof SafeFetchError && /timed out/.test(error.message))
        throw new BadGatewayException(EMAIL_NEWSLETTERS_MESSAGES.unsubscribeTimedOut);
      if (!(error instanceof SafeFetchError || error instanceof OutboundRefusedError)) throw error;
      throw new BadGatewayException(EMAIL_NEWSLETTERS_MESSAGES.unsubscribeUnreachable);
    }
    if (status < 200 || status >= 300) throw new BadGatewayException(EMAIL_NEWSLETTERS_MESSAGES.unsubscribeRefused);
  }

  private async sendMailto(integrationId: number | null, uri: string): Promise<void> {
    const mail = readMailto(uri);
    if (!mail || integrationId === null) throw new BadRequestException(EMAIL_NEWSLETTERS_MESSAGES.noUnsubscribe);
    const account = await this.mailAccess.open(integrationId);
    if (!account) throw new BadRequestException(EMAIL_NEWSLETTERS_MESSAGES.unsubscribeMailFailed);
    try {
      const transport = await account.smtp();
      try {
        await transport.sendMail({
          from: account.integration.email,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
        });
      } finally {
        transport.close();
      }
    } catch (error) {
      this.logger.warn(`mailto unsubscribe failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new BadGatewayException(EMAIL_NEWSLETTERS_MESSAGES.unsubscribeMailFailed);
    }
  }

  /** Archives every not-archived message of the sender, and carries each change to its mail server. */
  async archiveAll(userId: number, sender: string): Promise<{ archived: number }> {
    const rows: Array<{
      id: number;
      integrationId: number | null;
      mailbox: string | null;
      uidValidity: string | null;
      uid: string | null;
    }> = await this.dataSource
      .query(
        `UPDATE emails e SET "isArchived" = true,
                "pendingServerChanges" = CASE WHEN e.uid IS NULL THEN e."pendingServerChanges"
                                              ELSE e."pendingServerChanges" || '{"isArchived": true}'::jsonb END
          WHERE e."userId" = $1 AND NOT e."isArchived" AND NOT e."isTrashed" AND e.folder IS NULL AND ${SENDER_SQL} = $2
            AND coalesce(e.metadata->>'status', '') NOT IN ('draft', 'sent')
          RETURNING e.id, e."integrationId", e.mailbox, e."uidValidity", e.uid`,
        [userId, sender],
      )
      .then((result: [unknown[], number] | unknown[]) => (Array.isArray(result[0]) ? result[0] : result) as never);
    for (const row of rows) {
      if (row.integrationId === null || row.mailbox === null || row.uidValidity === null || row.uid === null) continue;
      await this.events.emitAsync(
        EMAIL_SERVER_CHANGE_PENDING,
        new EmailServerChangePendingEvent(userId, row.id, row.integrationId, row.mailbox, row.uidValidity, row.uid, {
          isArchived: true,
        }),
      );
    }
    return { archived: rows.length };
  }

  async rules(userId: number): Promise<SenderRule[]> {
    const rows: Array<{ id: number; sender: string; kind: SenderRuleKind; createdAt: Date }> =
      await this.dataSource.query(
        `SELECT id, sender, kind, "createdAt" FROM email_sender_rules
        WHERE "userId" = $1 AND kind IN ('archive', 'remote-content') ORDER BY sender, kind`,
        [userId],
      );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  }

  async createRule(userId: number, payload: CreateSenderRulePayload): Promise<SenderRule> {
    const row = await this.addRule(userId, payload.sender.trim().toLowerCase(), payload.kind);
    return { ...row, kind: payload.kind };
  }

  private async addRule(userId: number, sender: string, kind: SenderRuleKind | 'unsubscribed') {
    const [row]: Array<{ id: number; sender: string; createdAt: Date }> = await this.dataSource.query(
      `INSERT INTO email_sender_rules ("userId", sender, kind) VALUES ($1, $2, $3)
       ON CONFLICT ("userId", sender, kind) DO UPDATE SET sender = EXCLUDED.sender
       RETURNING id, sender, "createdAt"`,
      [userId, sender, kind],
    );
    return { id: row.id, sender: row.sender, createdAt: new Date(row.createdAt).toISOString() };
  }

  async deleteRule(userId: number, id: number): Promise<void> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM email_sender_rules WHERE id = $1 AND "userId" = $2 AND kind IN ('archive', 'remote-content')`,
      [id, userId],
    );
    if (!affected) throw new NotFoundException(EMAIL_NEWSLETTERS_MESSAGES.ruleNotFound);
  }
}

/** The senders whose new mail is archived on arrival (the sync reads this when it stores new mail). */
export async function archivingSenders(dataSource: DataSource, userId: number): Promise<Set<string>> {
  const rows: Array<{ sender: string }> = await dataSource.query(
    `SELECT sender FROM email_sender_rules WHERE "userId" = $1 AND kind = 'archive'`,
    [userId],
  );
  return new Set(rows.map((row) => row.sender));
}
