import type { CalendarEvent } from '@aide/contracts';
import { dayjs } from '../shared/time';
import { eventsByStartDay, sortByStart, upcomingEvents } from './eventGroups';

const event = (id: number, startTime: string, endTime = startTime): CalendarEvent => ({
  id,
  userId: 1,
  title: `Event ${id}`,
  description: null,
  type: 'meeting',
  startTime,
  endTime,
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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ids = (events: CalendarEvent[]) => events.map((e) => e.id);

describe('sortByStart', () => {
  it('orders events earliest first, whatever offset their times were written with', () => {
    const events = [
      event(1, '2026-11-20T10:00:00Z'),
      event(2, '2026-11-20T09:30:00+00:00'),
      event(3, '2026-11-20T10:15:00+01:00'),
    ];
    expect(ids(sortByStart(events))).toEqual([3, 2, 1]);
    expect(ids(events)).toEqual([1, 2, 3]); // the list it was given is left as it was
  });
});

describe('eventsByStartDay', () => {
  it('files each event under the day it starts on in the profile timezone', () => {
    const events = [
      event(1, '2026-11-20T09:00:00Z'),
      event(2, '2026-11-20T23:30:00Z'),
      event(3, '2026-11-21T07:00:00Z'),
    ];
    expect(Object.fromEntries([...eventsByStartDay(events, 'UTC')].map(([day, list]) => [day, ids(list)]))).toEqual({
      '2026-11-20': [1, 2],
      '2026-11-21': [3],
    });
    // 23:30 UTC is already the 21st in Tokyo; 07:00 UTC on the 21st is still 23:00 on the 20th in Los Angeles.
    expect(
      Object.fromEntries([...eventsByStartDay(events, 'Asia/Tokyo')].map(([day, list]) => [day, ids(list)])),
    ).toEqual({
      '2026-11-20': [1],
      '2026-11-21': [2, 3],
    });
    expect(
      Object.fromEntries([...eventsByStartDay(events, 'America/Los_Angeles')].map(([day, list]) => [day, ids(list)])),
    ).toEqual({
      '2026-11-20': [1, 2, 3],
    });
  });

  it('files an event that runs past midnight under its first day only (the month cell it starts in)', () => {
    const overnight = event(1, '2026-11-20T22:00:00Z', '2026-11-21T02:00:00Z');
    expect([...eventsByStartDay([overnight], 'UTC').keys()]).toEqual(['2026-11-20']);
  });
});

describe('upcomingEvents', () => {
  const now = dayjs('2026-11-20T12:00:00Z');

  it('lists the next five events that start after now, earliest first', () => {
    const events = [7, 3, 5, 1, 6, 2, 4].map((h) => event(h, `2026-11-2${h < 5 ? 1 : 2}T0${h}:00:00Z`));
    expect(ids(upcomingEvents(events, now))).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out events that have started, even if still running, and one starting right now', () => {
    const events = [
      event(1, '2026-11-20T11:00:00Z', '2026-11-20T13:00:00Z'),
      event(2, '2026-11-20T12:00:00Z'),
      event(3, '2026-11-20T12:01:00Z'),
    ];
    expect(ids(upcomingEvents(events, now))).toEqual([3]);
  });

  it('lists nothing when nothing is coming up', () => {
    expect(upcomingEvents([event(1, '2026-11-19T09:00:00Z')], now)).toEqual([]);
  });
});
