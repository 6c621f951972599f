import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callEndpoint, isUnauthorizedError } from '@aide/api-client';
import { type Email, emailEndpoints } from '@aide/contracts';

/** '/email?open=<id>': the link from what a message became (an event, a task, a document) back to it. */
export const OPEN_EMAIL_PARAM = 'open';

/**
 * Opens the message named by `?open=<id>` (GET /api/emails/:id/message), then drops the parameter
 * so a reload or Back does not open it again. A message no longer there just leaves the list.
 */
export function useOpenEmailParam(open: (email: Email) => void) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get(OPEN_EMAIL_PARAM));
  const arrived = useEffectEvent((email: Email | null) => {
    if (email) open(email);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_EMAIL_PARAM);
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (!Number.isInteger(requested) || requested <= 0) return;
    let current = true;
    callEndpoint(emailEndpoints.get, { params: { id: requested } }).then(
      (email) => current && arrived(email),
      (error: unknown) => current && !isUnauthorizedError(error) && arrived(null),
    );
    return () => {
      current = false;
    };
  }, [requested]);
}
