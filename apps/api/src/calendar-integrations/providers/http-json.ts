/** A provider's HTTP error, with its status so callers can react (410 Gone, 401, 404). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;

/**
 * fetch for JSON REST APIs (Google Calendar, Microsoft Graph): a bearer token, a timeout, and a
 * ProviderHttpError carrying the provider's own error message (never the token) on a non-2xx.
 */
export async function requestJson<T>(
  url: string,
  init: { method?: string; token: string; body?: unknown; headers?: Record<string, string> },
  provider: string,
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token}`,
      accept: 'application/json',
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body as { error?: { message?: string } | string; error_description?: string } | undefined)?.error;
    const detail = typeof error === 'string' ? error : (error?.message ?? response.statusText);
    throw new ProviderHttpError(
      response.status,
      `${provider} answered ${response.status}${detail ? `: ${detail}` : ''}`,
    );
  }
  return body as T;
}
