import { act } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { dayjs } from '../time';
import { repeatSummary } from './repeatSummary';
import { monthWeekdayOf, weekdaysInLocaleOrder } from './weekdays';

// Thursday 26 November 2026, 09:00 in Berlin: the fourth and the last Thursday of its month.
const start = dayjs.tz('2026-11-26T09:00', 'Europe/Berlin');

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('repeatSummary in English', () => {
  it.each([
    [null, 'Does not repeat'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;COUNT=10', 'Every day, 10 times'],
    ['FREQ=DAILY;COUNT=1', 'Every day, once'],
    ['FREQ=DAILY;INTERVAL=3;UNTIL=20261231', 'Every 3 days, until Dec 31'],
    ['FREQ=WEEKLY', 'Weekly on Thu'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630', 'Every 2 weeks on Mon and Wed, until Jun 30, 2027'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,WE', 'Weekly on Mon, Wed, and Fri'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday (Monday to Friday)'],
    ['FREQ=MONTHLY', 'Monthly on day 26'],
    ['FREQ=MONTHLY;BYMONTHDAY=3', 'Monthly on day 3'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Monthly on the last Friday'],
    ['FREQ=MONTHLY;INTERVAL=3;BYDAY=4TH', 'Every 3 months on the fourth Thursday'],
    ['FREQ=YEARLY', 'Annually on November 26'],
    ['FREQ=YEARLY;INTERVAL=2;COUNT=5', 'Every 2 years on November 26, 5 times'],
  ])('%s reads “%s”', (rule, sentence) => {
    expect(repeatSummary(rule, start)).toBe(sentence);
  });

  it('says a synced rule it cannot show in full is a custom rule, with how it ends', () => {
    expect(repeatSummary('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', start)).toBe(
      'Repeats monthly by a custom rule',
    );
    expect(repeatSummary('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4', start)).toBe(
      'Repeats monthly by a custom rule, 4 times',
    );
  });
});

describe('repeatSummary in other languages', () => {
  it('writes German sentences with German day names, dates and plurals', async () => {
    await act(() => setLocale('de'));
    expect(repeatSummary('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630', start)).toBe(
      'Alle 2 Wochen am Mo und Mi, bis zum 30. Juni 2027',
    );
    expect(repeatSummary('FREQ=MONTHLY;BYDAY=-1FR', start)).toBe('Monatlich am letzten Freitag');
    expect(repeatSummary('FREQ=DAILY;COUNT=10', start)).toBe('Täglich, 10-mal');
    expect(repeatSummary('FREQ=YEARLY', start)).toBe('Jährlich am 26. November');
    expect(repeatSummary(null, start)).toBe('Wiederholt sich nicht');
  });

  it('writes Japanese with its own counters and ordinals', async () => {
    await act(() => setLocale('ja'));
    expect(repeatSummary('FREQ=MONTHLY;INTERVAL=2;BYDAY=4TH', start)).toBe('2 か月ごとの第4木曜日');
    expect(repeatSummary('FREQ=DAILY;COUNT=10', start)).toBe('毎日、10 回');
  });
});

describe('weekdays', () => {
  it('run from Sunday in English and from Monday in German, as the calendar’s weeks do', async () => {
    expect(weekdaysInLocaleOrder()).toEqual(['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']);
    await act(() => setLocale('de'));
    expect(weekdaysInLocaleOrder()).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
  });

  it('know which weekday of its month a date is', () => {
    expect(monthWeekdayOf(start)).toEqual({ day: 'TH', nth: 4, last: true });
    expect(monthWeekdayOf(dayjs('2026-11-19'))).toEqual({ day: 'TH', nth: 3, last: false });
    expect(monthWeekdayOf(dayjs('2026-10-29'))).toEqual({ day: 'TH', nth: 5, last: true });
  });
});

describe('a series cut by "this and following"', () => {
  it('ends on the day before the cut, since UNTIL stops one second before that occurrence', () => {
    // Cut before Thursday 10 December 09:00 Berlin (08:00Z).
    expect(repeatSummary('FREQ=WEEKLY;UNTIL=20261210T075959Z', start)).toBe('Weekly on Thu, until Dec 9');
    // A date until includes its day.
    expect(repeatSummary('FREQ=WEEKLY;UNTIL=20261210', start)).toBe('Weekly on Thu, until Dec 10');
  });
});
