import type { CalendarEvent } from '@aide/contracts';
import { layoutDayEvents, type PlacedEvent } from './layoutDayEvents';

let nextId = 1;
function event(startTime: string, endTime: string, title = `Event ${nextId}`): CalendarEvent {
  const id = nextId++;
  return {
    id,
    userId: 1,
    title,
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
  };
}

/** What the grid draws for each event: its title, hour rows (as 'HH:mm' to 'HH:mm') and column. */
function placement(placed: PlacedEvent[]) {
  const clock = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return placed.map((p) => ({
    title: p.event.title,
    rows: `${clock(p.startMinute)}–${clock(p.endMinute)}`,
    column: `${p.column + 1} of ${p.columns}`,
  }));
}

describe('layoutDayEvents', () => {
  it('places an event by its wall-clock start and end in the profile timezone', () => {
    const standUp = event('2026-11-20T09:30:00Z', '2026-11-20T10:15:00Z', 'Stand-up');
    expect(placement(layoutDayEvents([standUp], '2026-11-20', 'UTC'))).toEqual([
      { title: 'Stand-up', rows: '09:30–10:15', column: '1 of 1' },
    ]);
    // The same instant in New York (UTC−5 in November) is 04:30.
    expect(placement(layoutDayEvents([standUp], '2026-11-20', 'America/New_York'))).toEqual([
      { title: 'Stand-up', rows: '04:30–05:15', column: '1 of 1' },
    ]);
  });

  it('shows overlapping events side by side, and one after another at full width', () => {
    const placed = layoutDayEvents(
      [
        event('2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z', 'Review'),
        event('2026-11-20T09:30:00Z', '2026-11-20T11:00:00Z', 'Workshop'),
        // Starts when Review ends: reuses its column, still beside Workshop.
        event('2026-11-20T10:00:00Z', '2026-11-20T10:30:00Z', 'Call'),
        // Starts after everything before it has ended: a cluster of its own, full width.
        event('2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z', 'Lunch'),
      ],
      '2026-11-20',
      'UTC',
    );
    expect(placement(placed)).toEqual([
      { title: 'Review', rows: '09:00–10:00', column: '1 of 2' },
      { title: 'Workshop', rows: '09:30–11:00', column: '2 of 2' },
      { title: 'Call', rows: '10:00–10:30', column: '1 of 2' },
      { title: 'Lunch', rows: '11:00–12:00', column: '1 of 1' },
    ]);
  });

  it('gives three events at the same time three columns, the longest first', () => {
    const placed = layoutDayEvents(
      [
        event('2026-11-20T14:00:00Z', '2026-11-20T14:30:00Z', 'Short'),
        event('2026-11-20T14:00:00Z', '2026-11-20T16:00:00Z', 'Long'),
        event('2026-11-20T14:00:00Z', '2026-11-20T15:00:00Z', 'Middle'),
      ],
      '2026-11-20',
      'UTC',
    );
    expect(placement(placed)).toEqual([
      { title: 'Long', rows: '14:00–16:00', column: '1 of 3' },
      { title: 'Middle', rows: '14:00–15:00', column: '2 of 3' },
      { title: 'Short', rows: '14:00–14:30', column: '3 of 3' },
    ]);
  });

  it('widens a short or zero-length event to a 20-minute block, so it can be clicked', () => {
    const placed = layoutDayEvents(
      [
        event('2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z', 'Reminder'),
        event('2026-11-20T08:10:00Z', '2026-11-20T08:15:00Z', 'Ping'),
      ],
      '2026-11-20',
      'UTC',
    );
    // The widened Reminder overlaps Ping, so they share the width.
    expect(placement(placed)).toEqual([
      { title: 'Reminder', rows: '08:00–08:20', column: '1 of 2' },
      { title: 'Ping', rows: '08:10–08:30', column: '2 of 2' },
    ]);
  });

  it('cuts an event that crosses midnight at the edge of each day it covers', () => {
    const overnight = event('2026-11-20T22:00:00Z', '2026-11-21T02:00:00Z', 'Night train');
    expect(placement(layoutDayEvents([overnight], '2026-11-20', 'UTC'))).toEqual([
      { title: 'Night train', rows: '22:00–24:00', column: '1 of 1' },
    ]);
    expect(placement(layoutDayEvents([overnight], '2026-11-21', 'UTC'))).toEqual([
      { title: 'Night train', rows: '00:00–02:00', column: '1 of 1' },
    ]);
    expect(layoutDayEvents([overnight], '2026-11-22', 'UTC')).toEqual([]);
  });

  it('leaves out events of other days, and one that ends exactly at midnight from the next day', () => {
    const events = [
      event('2026-11-19T10:00:00Z', '2026-11-19T11:00:00Z', 'Yesterday'),
      event('2026-11-19T23:00:00Z', '2026-11-20T00:00:00Z', 'Late'),
      event('2026-11-21T00:00:00Z', '2026-11-21T01:00:00Z', 'Tomorrow'),
      event('2026-11-20T00:00:00Z', '2026-11-20T00:00:00Z', 'At midnight'),
    ];
    expect(placement(layoutDayEvents(events, '2026-11-20', 'UTC'))).toEqual([
      { title: 'At midnight', rows: '00:00–00:20', column: '1 of 1' },
    ]);
  });

  it('decides the day by the profile timezone, not UTC', () => {
    // 23:30 UTC on the 20th is 08:30 on the 21st in Tokyo.
    const breakfast = event('2026-11-20T23:30:00Z', '2026-11-21T00:30:00Z', 'Breakfast');
    expect(layoutDayEvents([breakfast], '2026-11-20', 'Asia/Tokyo')).toEqual([]);
    expect(placement(layoutDayEvents([breakfast], '2026-11-21', 'Asia/Tokyo'))).toEqual([
      { title: 'Breakfast', rows: '08:30–09:30', column: '1 of 1' },
    ]);
  });

  describe('on a day the clocks change (Europe/Berlin)', () => {
    it('puts a 10:00 meeting in the 10:00 row on the day the clocks go forward', () => {
      // 29 March 2026: 02:00 CET becomes 03:00 CEST, so 10:00 local is 08:00 UTC.
      const meeting = event('2026-03-29T08:00:00Z', '2026-03-29T09:00:00Z', 'Brunch');
      expect(placement(layoutDayEvents([meeting], '2026-03-29', 'Europe/Berlin'))).toEqual([
        { title: 'Brunch', rows: '10:00–11:00', column: '1 of 1' },
      ]);
    });

    it('puts a 09:00 meeting in the 09:00 row on the day the clocks go back', () => {
      // 25 October 2026: 03:00 CEST becomes 02:00 CET, so 09:00 local is 08:00 UTC.
      const meeting = event('2026-10-25T08:00:00Z', '2026-10-25T09:00:00Z', 'Walk');
      expect(placement(layoutDayEvents([meeting], '2026-10-25', 'Europe/Berlin'))).toEqual([
        { title: 'Walk', rows: '09:00–10:00', column: '1 of 1' },
      ]);
    });

    it('keeps an event just after midnight on the next day, whose 23-hour predecessor ends earlier', () => {
      // 00:30 CEST on 30 March is 22:30 UTC on the 29th, 23.5 hours after the 29th's midnight.
      const early = event('2026-03-29T22:30:00Z', '2026-03-29T23:00:00Z', 'Early');
      expect(layoutDayEvents([early], '2026-03-29', 'Europe/Berlin')).toEqual([]);
      expect(placement(layoutDayEvents([early], '2026-03-30', 'Europe/Berlin'))).toEqual([
        { title: 'Early', rows: '00:30–01:00', column: '1 of 1' },
      ]);
    });

    it('keeps the last hour of the 25-hour day on that day', () => {
      // 23:30 CET on 25 October is 22:30 UTC, 24.5 hours after that day's midnight.
      const late = event('2026-10-25T22:30:00Z', '2026-10-25T23:00:00Z', 'Late');
      expect(placement(layoutDayEvents([late], '2026-10-25', 'Europe/Berlin'))).toEqual([
        { title: 'Late', rows: '23:30–24:00', column: '1 of 1' },
      ]);
      expect(layoutDayEvents([late], '2026-10-26', 'Europe/Berlin')).toEqual([]);
    });
  });
});
