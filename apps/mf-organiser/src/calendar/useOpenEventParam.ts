import { callEndpoint } from '@aide/api-client';
import { type CalendarEvent, eventsEndpoints } from '@aide/contracts';
import { useOpenFromAddress } from '@aide/ui';

/** '/calendar?event=<id>': the link from the message an event was made from (issue 26). */
export const OPEN_EVENT_PARAM = 'event';

const loadEvent = (id: number) => callEndpoint(eventsEndpoints.get, { params: { id } });

/** Opens the event named by `?event=<id>` (GET /api/events/:id). */
export function useOpenEventParam(open: (event: CalendarEvent) => void) {
  useOpenFromAddress(OPEN_EVENT_PARAM, loadEvent, open);
}
