import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callEndpoint, isUnauthorizedError } from '@aide/api-client';
import { type CalendarEvent, eventsEndpoints } from '@aide/contracts';

/** '/calendar?event=<id>': the link from the message an event was made from (issue 26). */
export const OPEN_EVENT_PARAM = 'event';

/**
 * Opens the event named by `?event=<id>` (GET /api/events/:id) on its day, then drops the parameter
 * so a reload or Back does not open it again. An event no longer there just leaves the calendar.
 */
export function useOpenEventParam(open: (event: CalendarEvent) => void) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get(OPEN_EVENT_PARAM));
  const arrived = useEffectEvent((event: CalendarEvent | null) => {
    if (event) open(event);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_EVENT_PARAM);
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (!Number.isInteger(requested) || requested <= 0) return;
    let current = true;
    callEndpoint(eventsEndpoints.get, { params: { id: requested } }).then(
      (event) => current && arrived(event),
      (error: unknown) => current && !isUnauthorizedError(error) && arrived(null),
    );
    return () => {
      current = false;
    };
  }, [requested]);
}
