import { SocialConnectorError } from './social-connector';

const TIMEOUT_MS = 30_000;
/** A platform's own words are shown to the user: keep them to a readable length. */
const DETAIL_MAX = 300;

/** What a platform's error body says, read by the connector that knows its shape. */
export interface PlatformFailure {
  detail?: string;
  /** The platform's own "invalid token" code (Graph 190) where it does not answer 401. */
  auth?: boolean;
  /** The platform's own rate-limit code (Graph 4, 17, 32, 613) where it does not answer 429. */
  rateLimited?: boolean;
  /** The platform says trying again may work (Graph `is_transient`). */
  transient?: boolean;
}

export interface PlatformCall {
  /** How the user knows the platform: "X", "LinkedIn", "Facebook", "Instagram". */
  label: string;
  /** What was asked, for a refusal: "X refused the post: …". */
  action: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as `Authorization: Bearer`; never appears in an error. */
  token?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  describe: (status: number, body: unknown) => PlatformFailure;
}

export interface PlatformResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** Any text the platform sent back, without the token (should it ever echo it) and cut to length. */
function clean(detail: string | undefined, token: string | undefined): string | undefined {
  let text = detail?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  if (token) text = text.split(token).join('[token]');
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;
}

/** The readable error for a platform's non-2xx answer. */
export function platformError(
  label: string,
  action: string,
  status: number,
  failure: PlatformFailure,
  token?: string,
): SocialConnectorError {
  const detail = clean(failure.detail, token);
  if (status === 401 || failure.auth) {
    return new SocialConnectorError(
      `${label} no longer accepts this account's sign-in: connect it again`,
      true,
      status,
      false,
    );
  }
  if (status === 429 || failure.rateLimited)
    return new SocialConnectorError(`${label} is limiting requests; try again later`, false, status, true);
  if (status >= 500 || failure.transient) {
    return new SocialConnectorError(
      `${label} could not answer (${detail ?? `status ${status}`}); try again later`,
      false,
      status,
      true,
    );
  }
  return new SocialConnectorError(`${label} refused ${action}: ${detail ?? `status ${status}`}`, false, status, false);
}

/**
 * One call to a platform's API: global fetch with a 30 s timeout, JSON or form body, the answer's
 * JSON (undefined when empty or not JSON). A non-2xx becomes a SocialConnectorError through the
 * connector's `describe`; no answer at all becomes a retryable "could not be reached", except a
 * POST that timed out: the platform may have acted on it, so trying again blindly could post twice.
 */
export async function callPlatform<T>(call: PlatformCall): Promise<PlatformResponse<T>> {
  const method = call.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut && method === 'POST') {
      throw new SocialConnectorError(
        `${call.label} did not answer in time; check ${call.label} before trying again`,
        false,
        undefined,
        false,
      );
    }
    throw new SocialConnectorError(`${call.label} could not be reached`, false, undefined, true);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok)
    throw platformError(call.label, call.action, response.status, call.describe(response.status, parsed), call.token);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Whether trying again later may succeed (the platform was unreachable, failing or rate limiting), rather than a refusal. */
export function isRetryableSocialError(error: unknown): boolean {
  return error instanceof SocialConnectorError && error.retryable;
}

/** A count from a platform's answer: a non-negative integer, else 0. */
export const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
