import { graphToRrule, ruleForExport, rruleToGraph } from './recurrence-rules';

describe('ruleForExport', () => {
  it('turns a date-only UNTIL into the end of that day in the zone, in UTC', () => {
    expect(ruleForExport('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270630', 'Europe/Berlin')).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270630T215959Z',
    );
    expect(ruleForExport('FREQ=DAILY;COUNT=3', 'Europe/Berlin')).toBe('FREQ=DAILY;COUNT=3');
    expect(ruleForExport('FREQ=DAILY;UNTIL=20270630T080000Z', 'UTC')).toBe('FREQ=DAILY;UNTIL=20270630T080000Z');
  });
});

describe('RRULE ⇄ Graph patternedRecurrence', () => {
  // Monday 12 Oct 2026, 09:00 in Berlin.
  const start = '2026-10-12T07:00:00.000Z';
  const zone = 'Europe/Berlin';
  const cases: [string, string, object][] = [
    [
      'daily, every 2 days, 10 times',
      'FREQ=DAILY;INTERVAL=2;COUNT=10',
      {
        pattern: { type: 'daily', interval: 2 },
        range: { type: 'numbered', numberOfOccurrences: 10, startDate: '2026-10-12', recurrenceTimeZone: zone },
      },
    ],
    [
      'weekly on chosen days until a date',
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231',
      {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday', 'friday'] },
        range: { type: 'endDate', endDate: '2026-12-31', startDate: '2026-10-12' },
      },
    ],
    [
      'monthly by date',
      'FREQ=MONTHLY;BYMONTHDAY=12',
      {
        pattern: { type: 'absoluteMonthly', interval: 1, dayOfMonth: 12 },
        range: { type: 'noEnd', startDate: '2026-10-12' },
      },
    ],
    [
      'monthly by weekday (second Monday)',
      'FREQ=MONTHLY;BYDAY=2MO;COUNT=5',
      {
        pattern: { type: 'relativeMonthly', interval: 1, daysOfWeek: ['monday'], index: 'second' },
        range: { type: 'numbered', numberOfOccurrences: 5 },
      },
    ],
    [
      'monthly on the last Friday',
      'FREQ=MONTHLY;BYDAY=-1FR',
      {
        pattern: { type: 'relativeMonthly', daysOfWeek: ['friday'], index: 'last' },
      },
    ],
    [
      'yearly on the start date',
      'FREQ=YEARLY',
      {
        pattern: { type: 'absoluteYearly', interval: 1, month: 10, dayOfMonth: 12 },
        range: { type: 'noEnd' },
      },
    ],
    [
      'yearly by weekday',
      'FREQ=YEARLY;BYMONTH=10;BYDAY=2MO',
      {
        pattern: { type: 'relativeYearly', month: 10, daysOfWeek: ['monday'], index: 'second' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, rule, graph) => {
    const converted = rruleToGraph(rule, start, zone);
    expect(converted).toMatchObject(graph);
    // And back: the same rule (monthly by date keeps its explicit day).
    expect(graphToRrule(converted!, '2026-10-12')).toBe(rule);
  });

  it('a UTC UNTIL becomes its date in the series zone, and comes back date-only', () => {
    const converted = rruleToGraph('FREQ=WEEKLY;UNTIL=20261231T225959Z', start, zone);
    expect(converted).toMatchObject({
      pattern: { type: 'weekly', daysOfWeek: ['monday'] },
      range: { type: 'endDate', endDate: '2026-12-31' },
    });
    expect(graphToRrule(converted!, '2026-10-12')).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231');
  });

  it('reads the shapes Outlook writes: several days with an index, Sunday-first weeks', () => {
    expect(
      graphToRrule(
        {
          pattern: { type: 'relativeMonthly', interval: 1, daysOfWeek: ['saturday', 'sunday'], index: 'first' },
          range: { type: 'noEnd', startDate: '2026-10-03' },
        },
        '2026-10-03',
      ),
    ).toBe('FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1');
    expect(
      graphToRrule(
        {
          pattern: { type: 'weekly', interval: 2, daysOfWeek: ['tuesday', 'thursday'], firstDayOfWeek: 'sunday' },
          range: { type: 'endDate', startDate: '2026-10-13', endDate: '2026-12-01' },
        },
        '2026-10-13',
      ),
    ).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU;UNTIL=20261201');
    expect(
      graphToRrule(
        {
          pattern: { type: 'absoluteYearly', interval: 1, month: 2, dayOfMonth: 14 },
          range: { type: 'noEnd', startDate: '2026-02-14', endDate: '0001-01-01' },
        },
        '2026-02-14',
      ),
    ).toBe('FREQ=YEARLY');
  });

  it('answers null for rules Graph cannot express', () => {
    expect(rruleToGraph('FREQ=MONTHLY;BYMONTHDAY=1,15', start, zone)).toBeNull();
    expect(rruleToGraph('FREQ=DAILY;BYDAY=MO', start, zone)).toBeNull();
  });
});
