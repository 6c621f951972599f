import { callEndpoint } from '@aide/api-client';
import { type Email, emailEndpoints } from '@aide/contracts';
import { useOpenFromAddress } from '@aide/ui';

/** '/email?open=<id>': the link from what a message became (an event, a task, a document) back to it. */
export const OPEN_EMAIL_PARAM = 'open';

const loadEmail = (id: number) => callEndpoint(emailEndpoints.get, { params: { id } });

/** Opens the message named by `?open=<id>` (GET /api/emails/:id/message). */
export function useOpenEmailParam(open: (email: Email) => void) {
  useOpenFromAddress(OPEN_EMAIL_PARAM, loadEmail, open);
}
