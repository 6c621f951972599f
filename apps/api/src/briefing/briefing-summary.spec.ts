import { type BriefingFacts, briefingSummarySchema, summarizeBriefing } from './briefing-summary';

const facts = (more: Partial<BriefingFacts> = {}): BriefingFacts => ({
  language: 'en',
  schedule: true,
  events: [],
  free: [],
  overdueTasks: [],
  dueTasks: [],
  mail: [],
  trip: null,
  sitesDown: [],
  reports: [],
  ...more,
});

const busyDay = facts({
  events: [
    { title: 'Team sync', time: '09:00' },
    { title: 'Lunch with Ann', time: '12:30' },
  ],
  free: [
    { start: '10:00', end: '12:30' },
    { start: '13:30', end: '18:00' },
  ],
  overdueTasks: ['Pay rent'],
  dueTasks: ['Send the slides', 'Book the venue'],
  mail: [{ from: 'Ann Lee', subject: 'Q3 budget' }],
  trip: { destination: 'Lisbon', startsInDays: 3, openItems: 2 },
  sitesDown: ['Shop'],
  reports: ['Heat pumps'],
});

describe('summarizeBriefing (the offline engine)', () => {
  it('says each kind of thing in one whole sentence, naming only the facts', () => {
    expect(summarizeBriefing(busyDay)).toBe(
      'You have 2 events today, the first at 09:00: Team sync. ' +
        'You are free from 10:00 to 12:30 and from 13:30 to 18:00. ' +
        'One task is overdue: Pay rent. ' +
        '2 tasks are due today: Send the slides and Book the venue. ' +
        'Ann Lee is waiting for your reply to “Q3 budget”. ' +
        'Your trip to Lisbon starts in 3 days. 2 items on its checklist are still open. ' +
        'Your website Shop is down. ' +
        'Your research report on Heat pumps is ready.',
    );
  });

  it('says a day with nothing in it in one sentence', () => {
    expect(summarizeBriefing(facts())).toBe('Your calendar is clear today, and nothing else needs your attention.');
    expect(summarizeBriefing(facts({ schedule: false }))).toBe('Nothing needs your attention today.');
  });

  it('says a clear calendar before the rest, and the longest of three free stretches', () => {
    expect(summarizeBriefing(facts({ overdueTasks: ['A', 'B', 'C', 'D'] }))).toBe(
      'Your calendar is clear today. 4 tasks are overdue, among them A, B, and C.',
    );
    const free = [
      { start: '08:00', end: '09:00' },
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '15:00' },
    ];
    expect(summarizeBriefing(facts({ events: [{ title: 'X', time: '09:00' }], free }))).toBe(
      'You have one event today, at 09:00: X. Your longest free time today is from 10:00 to 13:00.',
    );
  });

  it('writes in the reader’s language', () => {
    expect(summarizeBriefing({ ...busyDay, language: 'fr' })).toContain(
      'Vous avez 2 événements aujourd’hui, le premier à 09:00 : Team sync.',
    );
    expect(summarizeBriefing({ ...busyDay, language: 'de' })).toContain(
      'Ann Lee wartet auf Ihre Antwort zu „Q3 budget“.',
    );
    expect(summarizeBriefing({ ...facts(), language: 'ja' })).toBe(
      '今日の予定は空いていて、ほかに対応が必要なこともありません。',
    );
  });
});

describe('briefingSummarySchema (a model’s summary)', () => {
  const schema = briefingSummarySchema(busyDay);

  it('takes prose that names only the facts’ times', () => {
    expect(
      schema.safeParse({ summary: 'Your day starts at 9:00 with Team sync; you are free from 13:30.' }).success,
    ).toBe(true);
  });

  it('refuses an invented time, a fragment and an empty summary', () => {
    expect(schema.safeParse({ summary: 'Remember your call at 15:00.' }).error?.issues[0].message).toBe(
      'The summary must name only the times listed in the facts',
    );
    expect(schema.safeParse({ summary: 'Team sync, Pay rent' }).success).toBe(false);
    expect(schema.safeParse({ summary: ' ' }).success).toBe(false);
  });
});
