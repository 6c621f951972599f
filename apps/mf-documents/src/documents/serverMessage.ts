/** The readable reason of a failed call, for a toast's description or an upload's row. Pure. */
import { ApiError, apiMessage } from '@aide/api-client';
import { DOCUMENT_MESSAGES } from '@aide/contracts';

/** The API's `{ message }`, else undefined (a network failure, an HTML error page, an empty body). */
export const serverMessage = apiMessage;

/**
 * Why one file's upload failed: the server's message (the Free plan limit, the size limit, a
 * program refused…), else what its status means, else that the server could not be reached.
 */
export function uploadFailureMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof ApiError) {
    if (error.status === 403) return DOCUMENT_MESSAGES.freePlanLimit;
    if (error.status === 413) return 'The file is too large to upload';
    if (error.status === 415) return DOCUMENT_MESSAGES.executableRefused;
    return `The server answered ${error.status}${error.status >= 500 ? ': please try again' : ''}`;
  }
  if (error instanceof TypeError) return 'Could not reach the server: check your connection and try again';
  return error instanceof Error ? error.message : String(error);
}
