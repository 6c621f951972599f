import { clockTime, dateKey, durationMinutes, fromLocalInput, toLocalInput, todayKey } from './time';

describe('the event form’s local times, in the profile timezone', () => {
  it('shows a UTC instant as the wall-clock time in the profile timezone', () => {
    expect(toLocalInput('2026-11-20T14:30:00.000Z', 'UTC')).toBe('2026-11-20T14:30');
    expect(toLocalInput('2026-11-20T14:30:00.000Z', 'America/New_York')).toBe('2026-11-20T09:30');
    expect(toLocalInput('2026-11-20T14:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-20T20:00');
  });

  it('saves what was entered as the UTC instant of that wall-clock time', () => {
    expect(fromLocalInput('2026-11-20T09:30', 'America/New_York')).toBe('2026-11-20T14:30:00.000Z');
    // Summer time: New York is UTC−4 in July.
    expect(fromLocalInput('2026-07-20T09:30', 'America/New_York')).toBe('2026-07-20T13:30:00.000Z');
  });

  it('round-trips an edit unchanged, on either side of a DST change', () => {
    for (const local of ['2026-03-28T23:45', '2026-03-29T01:59', '2026-03-29T03:00', '2026-10-25T12:00']) {
      expect(toLocalInput(fromLocalInput(local, 'Europe/Berlin'), 'Europe/Berlin')).toBe(local);
    }
  });

  it('moves a time the clocks skip (02:30 on the day they go forward) to the hour after', () => {
    const saved = fromLocalInput('2026-03-29T02:30', 'Europe/Berlin');
    expect(toLocalInput(saved, 'Europe/Berlin')).toBe('2026-03-29T03:30');
  });
});

describe('dateKey', () => {
  it('answers the calendar day an instant falls on in the profile timezone', () => {
    const instant = '2026-11-20T23:30:00.000Z';
    expect(dateKey(instant, 'UTC')).toBe('2026-11-20');
    expect(dateKey(instant, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(dateKey('2026-11-21T03:00:00.000Z', 'America/Los_Angeles')).toBe('2026-11-20');
  });
});

describe('todayKey', () => {
  afterEach(() => jest.useRealTimers());

  it('answers today in the profile timezone, which may differ from UTC’s', () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T23:30:00.000Z') });
    expect(todayKey('UTC')).toBe('2026-11-20');
    expect(todayKey('Pacific/Auckland')).toBe('2026-11-21');
    expect(todayKey('Pacific/Honolulu')).toBe('2026-11-20');
  });
});

describe('durationMinutes', () => {
  it('counts the minutes between start and end, and never less than zero', () => {
    expect(durationMinutes('2026-11-20T09:00:00Z', '2026-11-20T10:30:00Z')).toBe(90);
    expect(durationMinutes('2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')).toBe(0);
    expect(durationMinutes('2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z')).toBe(0);
  });

  it('counts real minutes across a DST change (a 23-hour night)', () => {
    // 00:00 to 12:00 local in Berlin on 29 March 2026 is 11 hours.
    expect(
      durationMinutes(
        fromLocalInput('2026-03-29T00:00', 'Europe/Berlin'),
        fromLocalInput('2026-03-29T12:00', 'Europe/Berlin'),
      ),
    ).toBe(11 * 60);
  });
});

describe('clockTime', () => {
  it('shows the 24-hour time in the profile timezone', () => {
    expect(clockTime('2026-11-20T14:05:00.000Z', 'UTC')).toBe('14:05');
    expect(clockTime('2026-11-20T14:05:00.000Z', 'Asia/Kathmandu')).toBe('19:50');
    expect(clockTime('2026-11-20T04:05:00.000Z', 'America/Chicago')).toBe('22:05');
  });
});
