import type { CalendarEvent } from '@aide/contracts';
import { dayjs, fromLocalInput } from '../shared/time';
import { rangeLabel, shiftKey, shownDays, sundayOf, viewDays, viewRange } from './calendarRange';
import { layoutDayEvents } from './layoutDayEvents';

describe('viewDays', () => {
  it('covers the whole month, from the 1st to its last day', () => {
    const days = viewDays('2026-11-21', 'month');
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-11-01');
    expect(days[29]).toBe('2026-11-30');
  });

  it('knows February: 28 days, 29 in a leap year', () => {
    expect(viewDays('2026-02-10', 'month').at(-1)).toBe('2026-02-28');
    expect(viewDays('2028-02-10', 'month').at(-1)).toBe('2028-02-29');
  });

  it('covers Sunday to Saturday for a week, whichever day of it is selected', () => {
    const week = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
    expect(viewDays('2026-11-15', 'week')).toEqual(week);
    expect(viewDays('2026-11-18', 'week')).toEqual(week);
    expect(viewDays('2026-11-21', 'week')).toEqual(week);
  });

  it('lets a week run across the turn of the year', () => {
    expect(viewDays('2027-01-01', 'week')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('covers one day for the day view', () => {
    expect(viewDays('2026-11-21', 'day')).toEqual(['2026-11-21']);
  });

  it('gives seven distinct days for the week the clocks go forward, each with its 09:00 event in the 09:00 row', () => {
    const timezone = 'Europe/Berlin';
    const days = viewDays('2026-03-29', 'week');
    expect(days).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    // A daily 09:00 stand-up, entered in the profile timezone: 07:00 UTC in summer time, which the
    // week's first day, the day of the change, already is (a 23-hour day).
    const standUps = days.map((key, i): CalendarEvent => ({
      id: i + 1,
      userId: 1,
      title: `Stand-up ${key}`,
      description: null,
      type: 'meeting',
      startTime: fromLocalInput(`${key}T09:00`, timezone),
      endTime: fromLocalInput(`${key}T09:15`, timezone),
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
    }));
    expect(standUps[0].startTime).toBe('2026-03-29T07:00:00.000Z');
    for (const key of days) {
      const placed = layoutDayEvents(standUps, key, timezone);
      expect(placed.map((p) => [p.event.title, p.startMinute])).toEqual([[`Stand-up ${key}`, 9 * 60]]);
    }
  });
});

describe('shiftKey', () => {
  it('moves by a month, a week (7 days) or a day', () => {
    expect(shiftKey('2026-11-21', 'month', 1)).toBe('2026-12-21');
    expect(shiftKey('2026-11-21', 'month', -1)).toBe('2026-10-21');
    expect(shiftKey('2026-11-21', 'week', 1)).toBe('2026-11-28');
    expect(shiftKey('2026-11-21', 'week', -1)).toBe('2026-11-14');
    expect(shiftKey('2026-11-21', 'day', 1)).toBe('2026-11-22');
    expect(shiftKey('2026-11-21', 'day', -1)).toBe('2026-11-20');
  });

  it('crosses month and year boundaries', () => {
    expect(shiftKey('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(shiftKey('2027-01-03', 'week', -1)).toBe('2026-12-27');
    expect(shiftKey('2026-12-15', 'month', 1)).toBe('2027-01-15');
  });

  it('lands on the last day of a shorter month rather than skipping it', () => {
    expect(shiftKey('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(shiftKey('2026-03-31', 'month', -1)).toBe('2026-02-28');
    expect(shiftKey('2028-01-31', 'month', 1)).toBe('2028-02-29');
  });

  it('steps across a DST change one calendar day at a time', () => {
    expect(shiftKey('2026-03-28', 'day', 1)).toBe('2026-03-29');
    expect(shiftKey('2026-03-29', 'day', 1)).toBe('2026-03-30');
    expect(shiftKey('2026-10-25', 'week', -1)).toBe('2026-10-18');
  });
});

describe('rangeLabel', () => {
  it('names the day, the week and the month as the toolbar shows them', () => {
    expect(rangeLabel('2026-11-21', 'day')).toBe('Saturday, November 21, 2026');
    expect(rangeLabel('2026-11-18', 'week')).toBe('Nov 15 – Nov 21, 2026');
    expect(rangeLabel('2026-11-21', 'month')).toBe('November 2026');
  });

  it('gives both years for a week spanning New Year', () => {
    expect(rangeLabel('2026-12-30', 'week')).toBe('Dec 27, 2026 – Jan 2, 2027');
  });

  it('gives one year for a week spanning two months of the same year', () => {
    expect(rangeLabel('2026-12-01', 'week')).toBe('Nov 29 – Dec 5, 2026');
  });
});

describe('sundayOf', () => {
  it('answers the Sunday on or before a day', () => {
    expect(sundayOf(dayjs('2026-11-15')).format('YYYY-MM-DD')).toBe('2026-11-15');
    expect(sundayOf(dayjs('2026-11-21')).format('YYYY-MM-DD')).toBe('2026-11-15');
  });
});

describe('viewRange', () => {
  it('fetches a week from midnight to midnight in the profile timezone', () => {
    expect(viewRange('2026-11-26', 'week', 'Europe/Berlin')).toEqual({
      from: '2026-11-21T23:00:00.000Z',
      to: '2026-11-28T23:00:00.000Z',
    });
    expect(viewRange('2026-11-26', 'day', 'UTC')).toEqual({
      from: '2026-11-26T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
    });
  });

  it('fetches the month grid’s six weeks, across a DST change', () => {
    // November 2026's grid starts on Sunday 1 November (English weeks), and ends six weeks on.
    expect(viewRange('2026-11-26', 'month', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-12-13T05:00:00.000Z',
    });
  });
});

describe('shownDays', () => {
  it('is the month grid for the month view: the next month’s first days in its last weeks', () => {
    const days = shownDays('2026-11-26', 'month');
    expect(days).toHaveLength(42);
    expect(days[0]).toBe('2026-11-01');
    expect(days).toContain('2026-12-01');
    expect(days.at(-1)).toBe('2026-12-12');
  });

  it('is the view’s own days for the other views', () => {
    expect(shownDays('2026-11-26', 'threeDays')).toEqual(viewDays('2026-11-26', 'threeDays'));
  });
});
