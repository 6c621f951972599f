import * as chronoEn from 'chrono-node/en';
import * as chronoDe from 'chrono-node/de';
import * as chronoFr from 'chrono-node/fr';
import * as chronoEs from 'chrono-node/es';
import * as chronoJa from 'chrono-node/ja';
import * as chronoZh from 'chrono-node/zh';
import { recurrenceRuleSchema } from '@aide/contracts';
import { asKind, parseQuickAdd, type QuickAddLocale } from './parseQuickAdd';
import { toQuickAddLocale } from './loadParsers';

const LOCAL = { en: chronoEn, de: chronoDe, fr: chronoFr, es: chronoEs, ja: chronoJa, zh: chronoZh };

/** Thursday 26 November 2026, 16:00 in Berlin (CET, UTC+1). */
const NOW = new Date('2026-11-26T15:00:00Z');
const BERLIN = 'Europe/Berlin';

function parse(
  text: string,
  { locale = 'en', now = NOW, timezone = BERLIN }: { locale?: QuickAddLocale; now?: Date; timezone?: string } = {},
) {
  return parseQuickAdd(text, { now, timezone, locale, parsers: { local: LOCAL[locale].casual, en: chronoEn.casual } });
}
/** The draft without the highlighting, as it is posted. */
function payload(text: string, options?: Parameters<typeof parse>[1]) {
  const {
    understood: _understood,
    repeat: _repeat,
    hasDate: _hasDate,
    hasTime: _hasTime,
    ...rest
  } = parse(text, options);
  return rest;
}

describe('parseQuickAdd: the three phrases of the issue', () => {
  it('Lunch with Sam tomorrow 1pm at Nopa → an hour-long event at Nopa, Sam kept in the title', () => {
    expect(payload('Lunch with Sam tomorrow 1pm at Nopa')).toEqual({
      kind: 'event',
      title: 'Lunch with Sam',
      start: '2026-11-27T12:00:00.000Z',
      end: '2026-11-27T13:00:00.000Z',
      location: 'Nopa',
    });
    expect(parse('Lunch with Sam tomorrow 1pm at Nopa').understood.map((p) => [p.kind, p.text])).toEqual([
      ['date', 'tomorrow 1pm'],
      ['location', 'at Nopa'],
    ]);
  });

  it('Pay rent every 1st of the month → a monthly task due on the next 1st at 17:00', () => {
    expect(payload('Pay rent every 1st of the month')).toEqual({
      kind: 'task',
      title: 'Pay rent',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1',
      dueDate: '2026-12-01T16:00:00.000Z',
    });
  });

  it('Call mum Friday high priority → a high-priority task due Friday at 17:00', () => {
    expect(payload('Call mum Friday high priority')).toEqual({
      kind: 'task',
      title: 'Call mum',
      priority: 'high',
      dueDate: '2026-11-27T16:00:00.000Z',
    });
  });
});

describe('parseQuickAdd: dates and times', () => {
  it.each([
    ['Meeting 3-4pm next Tuesday', 'Meeting', '2026-12-01T14:00:00.000Z', '2026-12-01T15:00:00.000Z'],
    ['Review 14:00-15:30 today', 'Review', '2026-11-26T13:00:00.000Z', '2026-11-26T14:30:00.000Z'],
    ['Call Bob in 2 hours', 'Call Bob', '2026-11-26T17:00:00.000Z', '2026-11-26T18:00:00.000Z'],
    ['Dentist on 12/3 at 10:30', 'Dentist', '2026-12-03T09:30:00.000Z', '2026-12-03T10:30:00.000Z'],
    ['Party Saturday 10pm-1am', 'Party', '2026-11-28T21:00:00.000Z', '2026-11-29T00:00:00.000Z'],
    ['Coffee at 11am', 'Coffee', '2026-11-27T10:00:00.000Z', '2026-11-27T11:00:00.000Z'],
  ])('%s → an event', (text, title, start, end) => {
    expect(payload(text)).toEqual({ kind: 'event', title, start, end });
  });

  it('a date without a time is a task due that day at 17:00', () => {
    expect(payload('Submit report next Tuesday')).toEqual({
      kind: 'task',
      title: 'Submit report',
      dueDate: '2026-12-01T16:00:00.000Z',
    });
  });

  it('a line with no date is a task without a due date, its words as typed', () => {
    const draft = parse('buy milk and eggs');
    expect(draft).toEqual({ kind: 'task', title: 'buy milk and eggs', hasDate: false, hasTime: false, understood: [] });
  });

  it('an email address fills the attendees and stays in the title', () => {
    expect(payload('Sync with ana@example.com tomorrow 10am')).toEqual({
      kind: 'event',
      title: 'Sync with ana@example.com',
      start: '2026-11-27T09:00:00.000Z',
      end: '2026-11-27T10:00:00.000Z',
      attendees: ['ana@example.com'],
    });
  });
});

describe('parseQuickAdd: priorities', () => {
  it.each([
    ['Fix the login bug urgent', 'high'],
    ['Tidy desk !low', 'low'],
    ['File taxes low priority', 'low'],
    ['Plan trip priority: medium', 'medium'],
  ] as const)('%s → %s', (text, priority) => {
    const draft = parse(text);
    expect(draft.kind).toBe('task');
    expect(draft.priority).toBe(priority);
    expect(draft.dueDate).toBeUndefined();
  });

  it('a priority makes a line with a time a task, due at that time', () => {
    expect(payload('Call the bank tomorrow 10am high priority')).toEqual({
      kind: 'task',
      title: 'Call the bank',
      priority: 'high',
      dueDate: '2026-11-27T09:00:00.000Z',
    });
  });
});

describe('parseQuickAdd: repeat phrases', () => {
  it.each([
    ['Water plants every day', 'FREQ=DAILY', '2026-11-26T16:00:00.000Z'],
    ['Stretch daily', 'FREQ=DAILY', '2026-11-26T16:00:00.000Z'],
    ['Timesheet every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-26T16:00:00.000Z'],
    ['Bins every Monday and Wednesday', 'FREQ=WEEKLY;BYDAY=MO,WE', '2026-11-30T16:00:00.000Z'],
    ['Backups every 2 weeks', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-26T16:00:00.000Z'],
    ['Clean the fridge every other Sunday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', '2026-11-29T16:00:00.000Z'],
    ['Newsletter weekly', 'FREQ=WEEKLY', '2026-11-26T16:00:00.000Z'],
    ['Invoices monthly', 'FREQ=MONTHLY', '2026-11-26T16:00:00.000Z'],
    ['Review budget every month on the last Friday', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27T16:00:00.000Z'],
    ['Renew passport every year', 'FREQ=YEARLY', '2026-11-26T16:00:00.000Z'],
  ])('%s → %s', (text, recurrence, dueDate) => {
    const draft = parse(text);
    expect({ kind: draft.kind, recurrence: draft.recurrence, dueDate: draft.dueDate }).toEqual({
      kind: 'task',
      recurrence,
      dueDate,
    });
    expect(draft.title).toBe(text.split(/ (?:every|daily|weekly|monthly)/u)[0]);
    // The API's own check of a repeat rule.
    expect(recurrenceRuleSchema.safeParse(recurrence).success).toBe(true);
  });

  it('"on the 3rd" or "the first Monday" alone is a date, not a repeat', () => {
    expect(parse('Dentist on the 3rd').recurrence).toBeUndefined();
    expect(parse('Dentist on the 3rd of December').dueDate).toBe('2026-12-03T16:00:00.000Z');
    expect(parse('Pay the 1st of every month').recurrence).toBe('FREQ=MONTHLY;BYMONTHDAY=1');
    expect(parse('Zahnarzt am 3. Dezember', { locale: 'de' })).toMatchObject({
      title: 'Zahnarzt',
      dueDate: '2026-12-03T16:00:00.000Z',
    });
    expect(parse('Zahnarzt am 3. Dezember', { locale: 'de' }).recurrence).toBeUndefined();
    expect(parse('Book club every last Friday').recurrence).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(parse('Board meeting on the first Monday of every month').recurrence).toBe('FREQ=MONTHLY;BYDAY=1MO');
  });

  it('a repeat with a clock time is a repeating event on the first matching day still ahead', () => {
    // 09:00 today has passed: the next weekday is Friday.
    expect(payload('Standup every weekday 9am')).toEqual({
      kind: 'event',
      title: 'Standup',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      start: '2026-11-27T08:00:00.000Z',
      end: '2026-11-27T09:00:00.000Z',
    });
    expect(payload('Team sync every 2 weeks on Monday 10am')).toEqual({
      kind: 'event',
      title: 'Team sync',
      recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      start: '2026-11-30T09:00:00.000Z',
      end: '2026-11-30T10:00:00.000Z',
    });
  });
});

describe('parseQuickAdd: other languages', () => {
  it('German: a lunch at a place, and a task every Monday', () => {
    expect(payload('Mittagessen mit Sam morgen um 13 Uhr im Nopa', { locale: 'de' })).toEqual({
      kind: 'event',
      title: 'Mittagessen mit Sam',
      start: '2026-11-27T12:00:00.000Z',
      end: '2026-11-27T13:00:00.000Z',
      location: 'Nopa',
    });
    expect(payload('Müll rausbringen jeden Montag', { locale: 'de' })).toEqual({
      kind: 'task',
      title: 'Müll rausbringen',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      dueDate: '2026-11-30T16:00:00.000Z',
    });
    expect(payload('Miete zahlen am 1. jedes Monats dringend', { locale: 'de' })).toEqual({
      kind: 'task',
      title: 'Miete zahlen',
      priority: 'high',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1',
      dueDate: '2026-12-01T16:00:00.000Z',
    });
  });

  it('French: tous les lundis et mercredis, chaque lundi, priorité haute', () => {
    expect(payload('Yoga tous les lundis et mercredis à 18h', { locale: 'fr' })).toEqual({
      kind: 'event',
      title: 'Yoga',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE',
      start: '2026-11-30T17:00:00.000Z',
      end: '2026-11-30T18:00:00.000Z',
    });
    expect(parse('Sortir les poubelles chaque lundi', { locale: 'fr' }).recurrence).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(payload('Appeler maman vendredi priorité haute', { locale: 'fr' })).toEqual({
      kind: 'task',
      title: 'Appeler maman',
      priority: 'high',
      dueDate: '2026-11-27T16:00:00.000Z',
    });
  });

  it('Spanish: cada lunes, and a lunch at a place', () => {
    expect(payload('Gimnasio cada lunes', { locale: 'es' })).toEqual({
      kind: 'task',
      title: 'Gimnasio',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      dueDate: '2026-11-30T16:00:00.000Z',
    });
    expect(payload('Almuerzo con Sam mañana a las 13:00 en Nopa', { locale: 'es' })).toEqual({
      kind: 'event',
      title: 'Almuerzo con Sam',
      start: '2026-11-27T12:00:00.000Z',
      end: '2026-11-27T13:00:00.000Z',
      location: 'Nopa',
    });
  });

  it('Japanese: 毎週月曜, 明日13時', () => {
    expect(payload('毎週月曜 ゴミ出し', { locale: 'ja' })).toEqual({
      kind: 'task',
      title: 'ゴミ出し',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      dueDate: '2026-11-30T16:00:00.000Z',
    });
    expect(payload('明日13時にランチ', { locale: 'ja' })).toEqual({
      kind: 'event',
      title: 'ランチ',
      start: '2026-11-27T12:00:00.000Z',
      end: '2026-11-27T13:00:00.000Z',
    });
  });

  it('Chinese: 每周一, 高优先级', () => {
    expect(payload('每周一上午10点开会', { locale: 'zh' })).toEqual({
      kind: 'event',
      title: '开会',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      start: '2026-11-30T09:00:00.000Z',
      end: '2026-11-30T10:00:00.000Z',
    });
    expect(payload('周五给妈妈打电话 高优先级', { locale: 'zh' })).toEqual({
      kind: 'task',
      title: '给妈妈打电话',
      priority: 'high',
      dueDate: '2026-11-27T16:00:00.000Z',
    });
  });

  it('English typed with another UI language is still understood', () => {
    expect(payload('Call mum Friday high priority', { locale: 'de' })).toEqual(
      payload('Call mum Friday high priority'),
    );
  });

  it('UI languages without a chrono parser read as English', () => {
    expect(toQuickAddLocale('pt-BR')).toBe('en');
    expect(toQuickAddLocale('zh-CN')).toBe('zh');
    expect(toQuickAddLocale('de')).toBe('de');
  });
});

describe('parseQuickAdd: the profile timezone', () => {
  it('"tomorrow" is the next day where the user lives, not in the browser or UTC', () => {
    // 23:30 UTC on Thursday is already Friday 08:30 in Tokyo: tomorrow is Saturday there.
    const late = new Date('2026-11-26T23:30:00Z');
    expect(parse('Call tomorrow 9am', { now: late, timezone: 'Asia/Tokyo' }).start).toBe('2026-11-28T00:00:00.000Z');
    expect(parse('Call tomorrow 9am', { now: late, timezone: 'America/Los_Angeles' }).start).toBe(
      '2026-11-27T17:00:00.000Z',
    );
  });

  it('keeps the clock time across the autumn DST change (Berlin)', () => {
    const beforeChange = new Date('2026-10-24T10:00:00Z'); // Saturday 12:00 CEST; Sunday is CET.
    expect(parse('Call tomorrow 9am', { now: beforeChange }).start).toBe('2026-10-25T08:00:00.000Z');
    expect(parse('Call tomorrow', { now: beforeChange }).dueDate).toBe('2026-10-25T16:00:00.000Z');
  });

  it('keeps the clock time across the spring DST change (New York)', () => {
    const beforeChange = new Date('2026-03-07T15:00:00Z'); // Saturday 10:00 EST; Sunday is EDT.
    expect(payload('Brunch tomorrow 11am', { now: beforeChange, timezone: 'America/New_York' })).toEqual({
      kind: 'event',
      title: 'Brunch',
      start: '2026-03-08T15:00:00.000Z',
      end: '2026-03-08T16:00:00.000Z',
    });
  });
});

describe('asKind', () => {
  const context = { now: NOW, timezone: BERLIN };

  it('an event switched to a task is due at its start', () => {
    const task = asKind(parse('Lunch with Sam tomorrow 1pm at Nopa'), 'task', context);
    expect(task).toMatchObject({ kind: 'task', title: 'Lunch with Sam', dueDate: '2026-11-27T12:00:00.000Z' });
    expect(task.start).toBeUndefined();
    expect(task.location).toBeUndefined();
  });

  it('a task switched to an event starts at 09:00 on its day, or at the next whole hour without one', () => {
    expect(asKind(parse('Call mum Friday high priority'), 'event', context)).toMatchObject({
      kind: 'event',
      start: '2026-11-27T08:00:00.000Z',
      end: '2026-11-27T09:00:00.000Z',
    });
    expect(asKind(parse('Call mum Friday high priority'), 'event', context).priority).toBeUndefined();
    expect(asKind(parse('Buy milk'), 'event', context)).toMatchObject({
      start: '2026-11-26T16:00:00.000Z',
      end: '2026-11-26T17:00:00.000Z',
    });
  });
});
