import { type CollectEvent, websiteAnalyticsEndpoints } from '@aide/contracts';
import { normalizeIp } from '@nestjs/throttler';
import {
  BadRequestException,
  Controller,
  HttpException,
  HttpStatus,
  Options,
  Req,
  Res,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBadRequestResponse,
  ApiExcludeEndpoint,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Endpoint } from '../../common/endpoint';
import { MALFORMED_JSON } from '../../common/http-exception.filter';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import type { Env } from '../../config/env.schema';
import { AnalyticsClock } from './analytics-clock';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { COLLECT_IP_COUNTER, COLLECT_SITE_COUNTER, type HitCounter } from './collect-rate-limit';
import { campaignTags, originAllowed, storedPath, storedReferrerHost } from './collected-fields';
import { normalHost, SiteDirectory } from './site-directory';
import { TRACKING_SCRIPT, TRACKING_SCRIPT_ETAG } from './tracking-script';
import { VisitorSalts, visitorHash } from './visitor-hash';
import { WebsiteCollectorService } from './website-collector.service';

/** The path the collector answers on; the cross-site check lets it through (it uses no session). */
export const COLLECT_PATH = websiteAnalyticsEndpoints.collect.path;
export const TOO_MANY_EVENTS = 'Too many events. Try again in a minute.';
export const COLLECTOR_BUSY = 'The collector is busy. Try again shortly.';
export const UNSUPPORTED_BODY = 'Send the event as JSON (application/json or text/plain)';

/**
 * User-Agents that are not people: crawlers, link previews, monitors, scripted HTTP clients, and
 * headless browsers (HeadlessChrome, PhantomJS, Lighthouse), which are far more often scrapers
 * and test rigs than visitors. An empty User-Agent counts as a bot too.
 */
export const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|scrapy/i;

const CORS_HEADERS = {
  // Any site may send events; no credentials are asked for or allowed (no Allow-Credentials).
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
  // The 202 is read by no one; a cross-origin fetch may still look at it.
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** The event as the contract declares it; parsed here, after the text/plain body is read as JSON. */
const collectEventPipe = new ZodValidationPipe(websiteAnalyticsEndpoints.collect.body);

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tracking script and its collector: public (no session), called cross-origin from the
 * users' websites. See SECURITY.md "Website analytics" for what is and is not stored.
 * Routes: `websiteAnalyticsEndpoints` in @aide/contracts.
 */
@ApiTags('website analytics')
@Controller()
export class CollectController {
  private readonly perIp: HitCounter;
  private readonly perSite: HitCounter;

  constructor(
    private readonly collector: WebsiteCollectorService,
    private readonly sites: SiteDirectory,
    private readonly salts: VisitorSalts,
    private readonly clock: AnalyticsClock,
    config: ConfigService<Env, true>,
    limits: RateLimitService,
  ) {
    // Counted as RATE_LIMIT_STORE says: in memory, or batched once a second into the shared table.
    this.perIp = limits.counter(COLLECT_IP_COUNTER, config.get('COLLECT_IP_RATE_LIMIT', { infer: true }));
    this.perSite = limits.counter(COLLECT_SITE_COUNTER, config.get('COLLECT_SITE_RATE_LIMIT', { infer: true }));
  }

  @Endpoint(websiteAnalyticsEndpoints.trackingScript)
  @ApiOperation({ description: 'JavaScript, cacheable for an hour.' })
  @ApiProduces('application/javascript')
  script(@Res() response: Response): void {
    response.set({
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
      ETag: TRACKING_SCRIPT_ETAG,
      // Loaded by <script src> on other sites: helmet's same-origin default would block it.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    });
    // Express answers 304 itself when If-None-Match matches the ETag.
    response.send(TRACKING_SCRIPT);
  }

  @Options(COLLECT_PATH)
  @ApiExcludeEndpoint()
  preflight(@Res() response: Response): void {
    response.set(CORS_HEADERS).status(HttpStatus.NO_CONTENT).end();
  }

  @Endpoint(websiteAnalyticsEndpoints.collect)
  @ApiOperation({
    description:
      'Answers 202 whether the event was recorded or dropped: dropped silently when the browser sends DNT: 1 or Sec-GPC: 1, the User-Agent is a bot, the siteKey is unknown or its site inactive, the page is not on the site’s host, or an Origin header names another host.',
  })
  @ApiBadRequestResponse({ description: 'Not a valid event' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY_EVENTS })
  async collect(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    response.set(CORS_HEADERS);
    const ip = request.ip ?? request.socket.remoteAddress ?? '';
    const ipKey = normalizeIp(ip);
    if (!this.perIp.hit(ipKey)) this.tooMany(response, this.perIp, ipKey);

    const event = this.parse(request);
    const userAgent = request.get('user-agent') ?? '';
    // The browser's "do not track me" (DNT, Global Privacy Control): nothing is recorded.
    if (request.get('dnt') === '1' || request.get('sec-gpc') === '1') return;
    if (!userAgent || BOT_USER_AGENT.test(userAgent)) return;

    const site = await this.sites.find(event.siteKey);
    if (!site || !site.isActive) return;
    const page = new URL(event.url);
    if (normalHost(page.hostname) !== site.host) return;
    // Sent from another site's page (a browser always says which): dropped, the answer the same.
    if (!originAllowed(request.get('origin'), site.host)) return;
    if (!this.perSite.hit(event.siteKey)) this.tooMany(response, this.perSite, event.siteKey);

    const occurredAt = this.clock.now();
    const salts = await this.salts.forInstant(occurredAt);
    const outcome = this.collector.accept({
      websiteId: site.websiteId,
      type: event.type,
      occurredAt,
      visitorHash: visitorHash(salts.current, event.siteKey, ip, userAgent),
      previousHash: salts.previous ? visitorHash(salts.previous, event.siteKey, ip, userAgent) : null,
      pathname: storedPath(event.url),
      referrerHost: event.type === 'pageview' ? storedReferrerHost(event.referrer, site.host) : null,
      // Only utm_source, utm_medium and utm_campaign of the query, and only on page views.
      ...(event.type === 'pageview'
        ? campaignTags(event.url)
        : { utmSource: null, utmMedium: null, utmCampaign: null }),
      engagedMs: event.engagedMs ?? 0,
      eventName: event.type === 'event' ? (event.name ?? null) : null,
    });
    if (outcome === 'busy') {
      response.set('Retry-After', '5');
      throw new HttpException({ message: COLLECTOR_BUSY }, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }

  /** The event from a JSON body, or from the text/plain body navigator.sendBeacon sends. */
  private parse(request: Request): CollectEvent {
    let body: unknown = request.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new BadRequestException({ message: MALFORMED_JSON });
      }
    } else if (
      body === undefined &&
      request.headers['content-type'] &&
      Number(request.headers['content-length'] ?? 1) > 0
    ) {
      throw new UnsupportedMediaTypeException({ message: UNSUPPORTED_BODY });
    }
    return collectEventPipe.transform(isPlainObject(body) ? body : (body ?? undefined), { type: 'body' });
  }

  private tooMany(response: Response, counter: HitCounter, key: string): never {
    response.set('Retry-After', String(counter.retryAfterSeconds(key)));
    throw new HttpException({ message: TOO_MANY_EVENTS }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
