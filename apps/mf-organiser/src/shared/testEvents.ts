import { PROFILE_DEFAULTS, type CalendarEvent, type Profile, type ProfileTimezone } from '@aide/contracts';

/** An event as the API answers it, for the screen tests. */
export const testEvent = (id: number, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  userId: 42, // any signed-in user: the screens never read it
  title: `Event ${id}`,
  description: null,
  type: 'meeting',
  startTime: '2026-11-26T09:00:00.000Z',
  endTime: '2026-11-26T09:30:00.000Z',
  location: null,
  attendees: [],
  metadata: null,
  source: 'local',
  integrationId: null,
  recurrence: null,
  timezone: null,
  exceptions: [],
  recurringEventId: null,
  occurrenceStart: null,
  reminders: null,
  taskId: null,
  taskStatus: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/**
 * Whether the words a control shows appear, in order and side by side, in its accessible name: what
 * axe's label-content-name-mismatch checks (punctuation and symbols separate words, case ignored).
 */
export function nameHoldsVisibleText(visible: string, name: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const [shown, named] = [words(visible), words(name)];
  if (shown.length === 0) return true;
  for (let i = 0; i + shown.length <= named.length; i += 1) {
    if (shown.every((word, j) => word === named[i + j])) return true;
  }
  return false;
}

/** The profile as GET /api/profile answers it (the schema is checked in tests), in `timezone`. */
export const testProfile = (timezone: ProfileTimezone): Profile => ({
  ...PROFILE_DEFAULTS,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  profileImageUrl: null,
  timezone,
});
