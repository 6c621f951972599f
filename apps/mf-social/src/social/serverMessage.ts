/** The readable reason of a failed call, for a toast's description. Pure. */
import { ApiError } from '@aide/api-client';

/** The API's `{ message }`; else what could not be reached or what the status means. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
    } catch {
      /* not JSON (an HTML error page, an empty body) */
    }
    return `The server answered ${error.status}${error.status >= 500 ? ': please try again' : ''}`;
  }
  if (error instanceof TypeError) return 'Could not reach the server: check your connection and try again';
  return undefined;
}
