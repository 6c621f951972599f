/**
 * The one way the front end talks to the API (spec §7): cookies always included, JSON bodies with a
 * JSON content type, and any non-OK answer thrown as `<status>: <body or statusText>`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The API's readable `message` from a JSON error body, else the raw text. */
  get detail(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return this.body || this.message;
  }
}

export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message);

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The shell registers what a 401 does (toast, then sign-in); returns a function that unregisters it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** Reports a 401 to the shell's handler (apiRequest and uploadWithProgress both do). */
export function notifyUnauthorized(error: ApiError): void {
  unauthorizedHandler?.(error);
}

export interface RequestOptions {
  /** 'returnNull' answers null on 401 instead of throwing (used to probe whether anyone is signed in). */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  { on401 = 'throw', signal }: RequestOptions = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...languageHeader(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (res.status === 401 && on401 === 'returnNull') return null as T;
  if (!res.ok) {
    const error = new ApiError(res.status, (await res.text()) || '', res.statusText);
    if (res.status === 401) notifyUnauthorized(error);
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', url, body ?? {}, options),
  patch: <T>(url: string, body: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', url, body, options),
  delete: <T = void>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, undefined, options),
};

/** The readable reason of a failed call for a toast: the API's message, else the error's own text. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The API's own readable `{ message }` from a failed call; undefined for anything else. */
export function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
  } catch {
    /* not JSON (an HTML error page, an empty body) */
  }
  return undefined;
}

/**
 * Why a call failed, for a toast's description: the API's message; else what its status means, or
 * that the server could not be reached (fetch rejects with a TypeError); undefined when unknown.
 */
export function failureReason(error: unknown): string | undefined {
  if (error instanceof ApiError)
    return apiMessage(error) ?? `The server answered ${error.status}${error.status >= 500 ? ': please try again' : ''}`;
  if (error instanceof TypeError) return 'Could not reach the server: check your connection and try again';
  return undefined;
}

/**
 * The API answers in the language the app shows (error messages, generated headings): the shell
 * keeps it on <html lang> (see @aide/i18n's setLocale), so the client needs no i18n import of its own.
 */
export function languageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'Accept-Language': lang } : {};
}
