import type { PushMessage, PushSubscriptionPayload } from '@aide/contracts';
import { BadRequestException, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import Bowser from 'bowser';
import type { Repository } from 'typeorm';
import type * as WebPush from 'web-push';
import type { Env } from '../config/env.schema';
import { normaliseHost } from '../outbound/address-classifier';
import { OutboundPolicy } from '../outbound/outbound-policy';
import { sendPinned } from '../outbound/pinned-http';
import { PushSubscriptionEntity } from './push-subscription.entity';
import { loadVapidKeys, type VapidKeys } from './vapid-keys';

export const PUSH_ENDPOINT_NOT_HTTPS = 'Push endpoint must be an https:// URL';

/** How long a push service keeps a message for a browser that is offline: a reminder is stale after a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** One delivery to one push service must answer within this. */
export const PUSH_TIMEOUT_MS = 10_000;

/** 'Chrome on Linux' from a User-Agent, or null. */
function browserLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const label = [parsed.browser.name, parsed.os.name].filter(Boolean).join(' on ');
  return label ? label.slice(0, 200) : null;
}

/** Whether the URL's host is this machine (a local push service in tests and development). */
function isLoopback(url: URL): boolean {
  const host = normaliseHost(url.hostname);
  if (host.kind === 'localhost') return true;
  return host.kind === 'ip' && (host.address === '::1' || /^127\./.test(host.address));
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), through the
 * web-push library, sent over the app's outbound policy: an endpoint is the browser's choice, so it
 * is contacted like any address a user gives (private networks only where OUTBOUND_ALLOW_PRIVATE_NETWORKS
 * says so, every address checked, no DNS rebinding).
 */
@Injectable()
export class PushService implements OnModuleInit {
  private readonly logger = new Logger('Push');
  private keys?: VapidKeys;
  private readonly subject: string;

  constructor(
    @InjectRepository(PushSubscriptionEntity) private readonly subscriptions: Repository<PushSubscriptionEntity>,
    private readonly policy: OutboundPolicy,
    private readonly config: ConfigService<Env, true>,
  ) {
    // RFC 8292's contact for the push service's operator: an https: URL or a mailto: address.
    const publicUrl = config.get('PUBLIC_URL', { infer: true });
    const mailFrom = /<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(config.get('MAIL_FROM', { infer: true }) ?? '')?.[1];
    this.subject = publicUrl?.startsWith('https://')
      ? publicUrl
      : mailFrom
        ? `mailto:${mailFrom}`
        : 'mailto:push@aide.invalid';
  }

  async onModuleInit(): Promise<void> {
    this.keys = await loadVapidKeys(
      this.config.get('VAPID_SECRET', { infer: true }),
      this.config.get('DATA_DIR', { infer: true }),
    );
  }

  /** The VAPID public key browsers subscribe with (the applicationServerKey). */
  get publicKey(): string {
    return this.vapid.publicKey;
  }

  private get vapid(): VapidKeys {
    if (!this.keys) throw new Error('The VAPID keys are not loaded yet');
    return this.keys;
  }

  /**
   * Keeps a browser's subscription for the user. https:// only; http:// for a push service on this
   * machine that the outbound policy lets the app reach (a local one in tests and development).
   */
  async subscribe(userId: number, payload: PushSubscriptionPayload, userAgent: string | undefined): Promise<void> {
    await this.checkEndpoint(payload.endpoint);
    await this.subscriptions
      .createQueryBuilder()
      .insert()
      .values({
        userId,
        endpoint: payload.endpoint,
        p256dh: payload.keys.p256dh,
        authSecret: payload.keys.auth,
        userAgent: browserLabel(userAgent),
      })
      // The same browser subscribing again (or for another user now signed in there) replaces the row.
      .orUpdate(['userId', 'p256dh', 'authSecret', 'userAgent'], ['endpoint'])
      .execute();
  }

  /** Forgets one of the user's subscriptions; another user's (or none) is left alone. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.subscriptions.delete({ userId, endpoint });
  }

  /** How many subscriptions the user has (tests, and a sweep that skips users without any). */
  countFor(userId: number): Promise<number> {
    return this.subscriptions.count({ where: { userId } });
  }

  /**
   * Sends one message to every browser the user subscribed; answers how many push services took it.
   * A subscription its push service calls gone (404, 410) is removed; other failures are logged, never thrown.
   */
  async sendToUser(userId: number, message: PushMessage): Promise<number> {
    const rows = await this.subscriptions.find({ where: { userId } });
    const sent = await Promise.all(rows.map((row) => this.sendOne(row, message)));
    return sent.filter(Boolean).length;
  }

  private async sendOne(row: PushSubscriptionEntity, message: PushMessage): Promise<boolean> {
    try {
      // web-push (with the ASN.1 and big-number code under it, about 1.6 MB of heap) is required on
      // the first push rather than when the API starts.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
      const details = (require('web-push') as typeof WebPush).generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.authSecret } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: this.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const url = new URL(details.endpoint);
      const target = await this.policy.resolve(url.hostname);
      const response = await sendPinned(url, target, {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        body: details.body ?? undefined,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      response.resume(); // the answer's body says nothing we need
      const status = response.statusCode ?? 0;
      if (status === 404 || status === 410) {
        await this.subscriptions.delete({ id: row.id });
        return false;
      }
      if (status < 200 || status >= 300) {
        this.logger.warn(`Push service ${url.host} answered ${status}`);
        return false;
      }
      return true;
    } catch (error) {
      this.logger.warn(`Push to a subscription failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async checkEndpoint(endpoint: string): Promise<void> {
    const url = new URL(endpoint);
    if (url.protocol === 'https:') return;
    const allowed =
      isLoopback(url) &&
      (await this.policy.resolve(url.hostname).then(
        () => true,
        () => false,
      ));
    if (!allowed) throw new BadRequestException(PUSH_ENDPOINT_NOT_HTTPS);
  }
}
