import { callPlatform, count, type PlatformFailure } from './platform-http';
import { SocialConnectorError, type SocialOAuthSettings } from './social-connector';

export interface MetaConnectorOptions {
  /** FACEBOOK_GRAPH_URL: https://graph.facebook.com/v21.0 (versioned). */
  graphUrl: string;
  /** FACEBOOK_AUTHORIZE_URL: Facebook Login's dialog. */
  authorizeUrl: string;
  /** The Meta app (FACEBOOK_CLIENT_ID/SECRET): needed to trade a user token for a long-lived one. */
  clientId?: string;
  clientSecret?: string;
}

interface GraphError {
  message?: unknown;
  error_user_msg?: unknown;
  code?: unknown;
  is_transient?: unknown;
}

/** Graph's rate-limit codes: app (4), user (17), page (32), action (613). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

/** Graph errors: { error: { message, type, code, error_subcode, is_transient, error_user_msg, fbtrace_id } }. */
export function describeGraph(_status: number, body: unknown): PlatformFailure {
  const error = (body as { error?: GraphError } | undefined)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const detail = [error?.error_user_msg, error?.message].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return {
    detail,
    // 190: the access token is invalid, expired or revoked (Graph answers 400, not 401); 102: the session is.
    auth: code === 190 || code === 102,
    rateLimited: code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80001 && code <= 80014)),
    // 1 (unknown error) and 2 (service temporarily unavailable) are Graph's "try again" codes.
    transient: error?.is_transient === true || code === 1 || code === 2,
  };
}

/**
 * GET one Graph object's fields; null when Graph says it does not exist (code 100, subcode 33:
 * a post deleted on the platform), so the other posts' figures are still read.
 */
export async function graphObject<T>(
  options: MetaConnectorOptions,
  label: string,
  token: string,
  id: string,
  fields: string,
): Promise<T | null> {
  let missing = false;
  try {
    const { body } = await callPlatform<T>({
      label,
      action: 'to share the figures',
      url: `${options.graphUrl}/${encodeURIComponent(id)}?${new URLSearchParams({ fields })}`,
      token,
      describe: (status, body) => {
        const error = (body as { error?: { code?: unknown; error_subcode?: unknown } } | undefined)?.error;
        missing = status === 404 || (error?.code === 100 && error.error_subcode === 33);
        return describeGraph(status, body);
      },
    });
    return body;
  } catch (error) {
    if (missing) return null;
    throw error;
  }
}

/** Facebook Login (the same Meta app for Facebook pages and Instagram business accounts). */
export function metaOAuthSettings(options: MetaConnectorOptions, scope: string): SocialOAuthSettings {
  return {
    authorizeUrl: options.authorizeUrl,
    tokenUrl: `${options.graphUrl}/oauth/access_token`,
    scope,
    extraParams: {},
    clientAuth: 'body',
    // Facebook Login's PKCE support is limited to its OIDC flow (documented as "still in testing").
    pkce: false,
  };
}

/**
 * The login's short-lived user token (an hour or two) traded for a long-lived one (about 60 days),
 * as Facebook Login documents; page tokens read with a long-lived user token do not expire.
 */
export async function longLivedUserToken(
  options: MetaConnectorOptions,
  label: string,
  userToken: string,
): Promise<string> {
  if (!options.clientId || !options.clientSecret)
    throw new SocialConnectorError(`${label} is not configured on this server`);
  // POSTed rather than in a GET query, so neither the token nor the app secret sits in a URL.
  const { body } = await callPlatform<{ access_token?: string }>({
    label,
    action: 'a lasting sign-in',
    url: `${options.graphUrl}/oauth/access_token`,
    method: 'POST',
    form: {
      grant_type: 'fb_exchange_token',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      fb_exchange_token: userToken,
    },
    describe: describeGraph,
  });
  if (!body?.access_token) throw new SocialConnectorError(`${label} did not grant a lasting sign-in`);
  return body.access_token;
}

/** A lifetime insights value ({ data: [{ name, period, values: [{ value }] }] }), or 0 when the metric does not answer. */
export async function lifetimeInsight(
  options: MetaConnectorOptions,
  label: string,
  token: string,
  objectId: string,
  metric: string,
): Promise<number> {
  try {
    const { body } = await callPlatform<{ data?: { name?: string; values?: { value?: unknown }[] }[] }>({
      label,
      action: 'to share the figures',
      url: `${options.graphUrl}/${encodeURIComponent(objectId)}/insights?${new URLSearchParams({ metric })}`,
      token,
      describe: describeGraph,
    });
    const entry = body?.data?.find((item) => item.name === metric) ?? body?.data?.[0];
    return count(entry?.values?.at(-1)?.value);
  } catch (error) {
    // Insights are extra: a metric Meta retired or the post's type lacks reads as 0. A refused token does not.
    if (error instanceof SocialConnectorError && error.auth) throw error;
    return 0;
  }
}
