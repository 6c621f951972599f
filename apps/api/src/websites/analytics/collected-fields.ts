import { normalCampaignTag, WEBSITE_ANALYTICS_LIMITS } from '@aide/contracts';
import { normalHost } from './site-directory';

/** A DNS name (labels of letters, digits, '-' and '_', each at most 63) or an IPv4 address, as URL.hostname gives it. */
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** The host of an http(s) address as the collector compares and stores hosts (normalHost), or null. */
function httpHost(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return normalHost(url.hostname) || null;
  } catch {
    return null;
  }
}

/**
 * The path of a page address as stored: no query string or fragment (they can carry emails,
 * tokens…), cut to WEBSITE_ANALYTICS_LIMITS.storedPathMax without splitting a %-escape or a character.
 */
export function storedPath(url: string): string {
  const path = new URL(url).pathname || '/';
  if (path.length <= WEBSITE_ANALYTICS_LIMITS.storedPathMax) return path;
  let cut = path.slice(0, WEBSITE_ANALYTICS_LIMITS.storedPathMax).replace(/%[0-9A-Fa-f]?$/, '');
  // Nor half a character: the escapes of a UTF-8 sequence the cut went through are dropped too.
  for (let tries = 0; tries < 3 && /%[0-9A-Fa-f]{2}$/.test(cut) && !decodes(cut); tries++) cut = cut.slice(0, -3);
  return cut;
}

function decodes(path: string): boolean {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

/** The campaign tags of a page address, as stored (normalCampaignTag); each null when absent or empty. */
export interface CampaignTagValues {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * The page address's utm_source, utm_medium and utm_campaign, normalised (trimmed, lower case, at
 * most 100 characters); the first of each when repeated. Nothing else of the query is read, and a
 * value that is not valid %-encoding is treated as absent.
 */
export function campaignTags(url: string): CampaignTagValues {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return { utmSource: null, utmMedium: null, utmCampaign: null };
  }
  return {
    utmSource: normalCampaignTag(params.get('utm_source')),
    utmMedium: normalCampaignTag(params.get('utm_medium')),
    utmCampaign: normalCampaignTag(params.get('utm_campaign')),
  };
}

/** Whether the address carried any campaign tag (then the session's source is its utm_source, not its referrer). */
export const hasCampaignTags = (tags: CampaignTagValues): boolean =>
  tags.utmSource !== null || tags.utmMedium !== null || tags.utmCampaign !== null;

/**
 * The referring site as stored, as Plausible keeps it: the host only (no path, query, port or
 * user), lower case, without 'www.' and a trailing dot; null when there is no referrer, it is
 * not an http(s) address, its host is not a DNS name or an IPv4 address, or it is the site itself.
 */
export function storedReferrerHost(referrer: string | null, siteHost: string): string | null {
  if (!referrer) return null;
  const host = httpHost(referrer);
  if (
    !host ||
    host === siteHost ||
    host.length > WEBSITE_ANALYTICS_LIMITS.storedReferrerHostMax ||
    !DNS_NAME.test(host)
  )
    return null;
  return host;
}

/**
 * Whether a request's Origin header lets an event for the site through: none sent (sendBeacon from
 * the page always sends one, but privacy tools and old browsers may not), or the site's own host
 * ('www.' aside, as the page check). 'null' (sandboxed frames, file pages) and another host do not.
 */
export function originAllowed(origin: string | undefined, siteHost: string): boolean {
  if (origin === undefined) return true;
  return httpHost(origin) === siteHost;
}
