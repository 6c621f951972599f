import {
  fromFloating,
  endSeriesBefore,
  isOccurrence,
  nextOccurrenceAfter,
  occurrencesBefore,
  occurrencesBetween,
} from './occurrences';

const iso = (dates: { start: Date }[]) => dates.map((o) => o.start.toISOString());

describe('occurrencesBetween', () => {
  it('keeps a weekly 09:00 meeting at 09:00 Berlin time across the end of summer time', () => {
    // 09:00 CEST is 07:00Z; after 25 Oct 2026, 09:00 CET is 08:00Z.
    const series = {
      startTime: new Date('2026-10-12T07:00:00Z'),
      endTime: new Date('2026-10-12T08:00:00Z'),
      recurrence: 'FREQ=WEEKLY',
      timezone: 'Europe/Berlin',
    };
    const found = occurrencesBetween(series, new Date('2026-10-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z'));
    expect(iso(found)).toEqual([
      '2026-10-12T07:00:00.000Z',
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);
    expect(found.every((o) => o.end.getTime() - o.start.getTime() === 60 * 60 * 1000)).toBe(true);
  });

  it('keeps a daily 18:30 New York reminder at 18:30 local across the start of daylight time', () => {
    const series = {
      startTime: new Date('2027-03-12T23:30:00Z'), // 18:30 EST
      endTime: new Date('2027-03-12T23:45:00Z'),
      recurrence: 'FREQ=DAILY;COUNT=4',
      timezone: 'America/New_York',
    };
    const found = occurrencesBetween(series, new Date('2027-03-01T00:00:00Z'), new Date('2027-04-01T00:00:00Z'));
    // DST starts on 14 March 2027: 18:30 EDT is 22:30Z.
    expect(iso(found)).toEqual([
      '2027-03-12T23:30:00.000Z',
      '2027-03-13T23:30:00.000Z',
      '2027-03-14T22:30:00.000Z',
      '2027-03-15T22:30:00.000Z',
    ]);
  });

  it('repeats every two weeks on Monday and Wednesday until an inclusive end date', () => {
    const series = {
      startTime: new Date('2026-11-30T14:00:00Z'), // Monday
      endTime: new Date('2026-11-30T15:00:00Z'),
      recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261216',
      timezone: 'UTC',
    };
    const found = occurrencesBetween(series, new Date('2026-11-01T00:00:00Z'), new Date('2027-01-31T00:00:00Z'));
    expect(iso(found)).toEqual([
      '2026-11-30T14:00:00.000Z',
      '2026-12-02T14:00:00.000Z',
      '2026-12-14T14:00:00.000Z',
      '2026-12-16T14:00:00.000Z',
    ]);
  });

  it('finds monthly occurrences by weekday (the last Friday) and leaves out exceptions', () => {
    const series = {
      startTime: new Date('2026-11-27T10:00:00Z'),
      endTime: new Date('2026-11-27T11:00:00Z'),
      recurrence: 'FREQ=MONTHLY;BYDAY=-1FR',
      timezone: 'UTC',
      exceptions: [new Date('2026-12-25T10:00:00Z')],
    };
    const found = occurrencesBetween(series, new Date('2026-11-01T00:00:00Z'), new Date('2027-03-01T00:00:00Z'));
    expect(iso(found)).toEqual(['2026-11-27T10:00:00.000Z', '2027-01-29T10:00:00.000Z', '2027-02-26T10:00:00.000Z']);
  });

  it('lists an occurrence that started before the range but is still going', () => {
    const series = {
      startTime: new Date('2026-11-02T23:00:00Z'),
      endTime: new Date('2026-11-03T01:00:00Z'),
      recurrence: 'FREQ=DAILY',
      timezone: 'UTC',
    };
    const found = occurrencesBetween(series, new Date('2026-11-05T00:00:00Z'), new Date('2026-11-05T12:00:00Z'));
    expect(iso(found)).toEqual(['2026-11-04T23:00:00.000Z']);
  });
});

describe('nextOccurrenceAfter', () => {
  it('answers the next monthly date after a given instant, in the zone', () => {
    const series = {
      startTime: new Date('2026-12-01T08:00:00Z'),
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1',
      timezone: 'Asia/Tokyo',
    };
    expect(nextOccurrenceAfter(series, new Date('2026-12-01T08:00:00Z'))?.toISOString()).toBe(
      '2027-01-01T08:00:00.000Z',
    );
  });

  it('answers null once a counted series is over', () => {
    const series = { startTime: new Date('2026-12-01T08:00:00Z'), recurrence: 'FREQ=DAILY;COUNT=2', timezone: 'UTC' };
    expect(nextOccurrenceAfter(series, new Date('2026-12-02T08:00:00Z'))).toBeNull();
  });
});

describe('splitting a series', () => {
  const series = {
    startTime: new Date('2026-11-02T09:00:00Z'),
    endTime: new Date('2026-11-02T10:00:00Z'),
    recurrence: 'FREQ=WEEKLY;COUNT=6',
    timezone: 'UTC',
  };

  it('counts the occurrences before a start, for the first half of a counted series', () => {
    expect(occurrencesBefore(series, new Date('2026-11-16T09:00:00Z'))).toBe(2);
  });

  it('ends the first half just before the split occurrence', () => {
    const cut = endSeriesBefore(series.recurrence, new Date('2026-11-16T09:00:00Z'));
    expect(cut).toBe('FREQ=WEEKLY;UNTIL=20261116T085959Z');
    const found = occurrencesBetween(
      { ...series, recurrence: cut },
      new Date('2026-11-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(iso(found)).toEqual(['2026-11-02T09:00:00.000Z', '2026-11-09T09:00:00.000Z']);
  });

  it('tells an occurrence start from any other instant', () => {
    expect(isOccurrence(series, new Date('2026-11-09T09:00:00Z'))).toBe(true);
    expect(isOccurrence(series, new Date('2026-11-09T09:30:00Z'))).toBe(false);
  });
});

describe('series that began long ago', () => {
  // Expansion skips ahead by whole periods; these check that it lands on the series' own days.
  it('keeps a fortnightly series on its own weeks', () => {
    const series = {
      startTime: new Date('2020-01-06T09:00:00Z'),
      endTime: new Date('2020-01-06T10:00:00Z'),
      recurrence: 'FREQ=WEEKLY;INTERVAL=2',
      timezone: 'UTC',
    };
    const found = occurrencesBetween(series, new Date('2026-12-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(iso(found)).toEqual(['2026-12-14T09:00:00.000Z', '2026-12-28T09:00:00.000Z']);
  });

  it('keeps a monthly series on the 31st only in months that have one', () => {
    const series = {
      startTime: new Date('2020-01-31T12:00:00Z'),
      endTime: new Date('2020-01-31T13:00:00Z'),
      recurrence: 'FREQ=MONTHLY',
      timezone: 'UTC',
    };
    const found = occurrencesBetween(series, new Date('2026-11-01T00:00:00Z'), new Date('2027-04-01T00:00:00Z'));
    expect(iso(found)).toEqual(['2026-12-31T12:00:00.000Z', '2027-01-31T12:00:00.000Z', '2027-03-31T12:00:00.000Z']);
  });

  it('keeps a yearly birthday on its date and a daily Paris event at its wall time', () => {
    const birthday = {
      startTime: new Date('2001-02-14T08:00:00Z'),
      endTime: new Date('2001-02-14T09:00:00Z'),
      recurrence: 'FREQ=YEARLY',
      timezone: 'Europe/Paris',
    };
    expect(
      iso(occurrencesBetween(birthday, new Date('2026-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'))),
    ).toEqual(['2026-02-14T08:00:00.000Z', '2027-02-14T08:00:00.000Z']);
    const daily = {
      startTime: new Date('2019-07-01T07:00:00Z'), // 09:00 CEST
      endTime: new Date('2019-07-01T07:30:00Z'),
      recurrence: 'FREQ=DAILY',
      timezone: 'Europe/Paris',
    };
    expect(iso(occurrencesBetween(daily, new Date('2026-12-24T00:00:00Z'), new Date('2026-12-26T00:00:00Z')))).toEqual([
      '2026-12-24T08:00:00.000Z',
      '2026-12-25T08:00:00.000Z',
    ]);
  });
});

describe('fromFloating', () => {
  it('moves a wall time skipped by the spring change forward, and takes the first of a repeated one', () => {
    // 28 March 2027, Berlin: 02:00 becomes 03:00, so 02:30 does not exist and is read as 03:30 CEST.
    expect(fromFloating(new Date('2027-03-28T02:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    // 25 October 2026, Berlin: 02:30 happens twice, first in CEST.
    expect(fromFloating(new Date('2026-10-25T02:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(fromFloating(new Date('2026-10-25T12:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-10-25T19:00:00.000Z',
    );
  });
});
