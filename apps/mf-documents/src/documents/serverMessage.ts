/** The readable reason of a failed call, for a toast's description or an upload's row. Pure. */
import { ApiError, apiMessage } from '@aide/api-client';
import { DOCUMENT_MESSAGES } from '@aide/contracts';
import { messageText, t } from '../i18n';

/** The API's `{ message }`, else undefined (a network failure, an HTML error page, an empty body). */
export const serverMessage = apiMessage;

/**
 * Why one file's upload failed: the server's message (the Free plan limit, the size limit, a
 * program refused…), else what its status means, else that the server could not be reached.
 */
export function uploadFailureMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message) return messageText(message);
  if (error instanceof ApiError) {
    if (error.status === 403) return messageText(DOCUMENT_MESSAGES.freePlanLimit);
    if (error.status === 413) return t('upload.tooLarge');
    if (error.status === 415) return messageText(DOCUMENT_MESSAGES.executableRefused);
    return t(error.status >= 500 ? 'upload.serverAnsweredRetry' : 'upload.serverAnswered', { status: error.status });
  }
  if (error instanceof TypeError) return t('upload.unreachable');
  return error instanceof Error ? error.message : String(error);
}
