import type { DigestSection } from './digest-source';
import { renderDigest } from './digest-render';
import { changeSentence, composeDigest, say } from './digest-text';
import { digestWeeks } from './digest-week';

// Monday 2 March 2026, 09:00 in Paris: last week is 23 Feb – 1 Mar, the week ahead 2–8 March.
const weeks = digestWeeks(new Date('2026-03-02T08:00:00Z'), 'Europe/Paris');

const sections: DigestSection[] = [
  // Out of order on purpose: the mail puts tasks first whatever the modules' order.
  {
    kind: 'social',
    likes: { lastWeek: 48, weekBefore: 40 },
    shares: { lastWeek: 1, weekBefore: 0 },
    comments: { lastWeek: 0, weekBefore: 0 },
    reach: { lastWeek: 900, weekBefore: 1000 },
  },
  { kind: 'tasks', completed: { lastWeek: 12, weekBefore: 10 }, titles: ['Pay rent', 'Book flights'] },
  {
    kind: 'events',
    total: 1,
    events: [{ title: 'Team sync', start: '2026-03-03T08:30:00.000Z', location: 'Room 4' }],
  },
  { kind: 'email', received: { lastWeek: 1, weekBefore: 1 }, sent: { lastWeek: 3, weekBefore: 0 } },
  { kind: 'website', visitors: { lastWeek: 200, weekBefore: 201 }, pageViews: { lastWeek: 0, weekBefore: 5 } },
];

describe('the week-over-week sentence', () => {
  it('says the change in whole percent, and no percentage after a week of nothing', () => {
    expect(changeSentence('en', { lastWeek: 112, weekBefore: 100 })).toBe('That is up 12% on the week before.');
    expect(changeSentence('en', { lastWeek: 75, weekBefore: 100 })).toBe('That is down 25% on the week before.');
    expect(changeSentence('en', { lastWeek: 7, weekBefore: 7 })).toBe('That is the same as the week before.');
    expect(changeSentence('en', { lastWeek: 1001, weekBefore: 1000 })).toBe(
      'That is about the same as the week before.',
    );
    expect(changeSentence('en', { lastWeek: 5, weekBefore: 0 })).toBe('The week before had none.');
    expect(changeSentence('fr', { lastWeek: 112, weekBefore: 100 })).toBe(
      'C’est 12 % de plus que la semaine précédente.',
    );
  });
});

describe('composeDigest', () => {
  it('writes each section as whole sentences, in the modules’ order, from the facts given', () => {
    const doc = composeDigest('en', weeks, sections);
    expect(doc.subject).toBe('Your week in review: March 2');
    expect(doc.intro).toBe('Here is your week from February 23 to March 1, and what the coming days hold.');
    expect(doc.blocks.map((b) => [b.heading, b.sentences, b.items, b.after, b.link.path])).toEqual([
      [
        'Tasks',
        ['You completed 12 tasks last week.', 'That is up 20% on the week before.'],
        ['Pay rent', 'Book flights'],
        'You completed 10 more tasks besides these.',
        '/tasks',
      ],
      ['Calendar', ['You have 1 event this week.'], ['Tue, Mar 3, 9:30 AM: Team sync at Room 4'], null, '/calendar'],
      [
        'Mail',
        [
          'You received 1 email last week.',
          'That is the same as the week before.',
          'You sent 3 emails last week.',
          'The week before had none.',
        ],
        [],
        null,
        '/email',
      ],
      [
        'Website traffic',
        [
          'Your websites had 200 visitors last week.',
          'That is about the same as the week before.',
          'Your websites had 0 page views last week.',
          'That is down 100% on the week before.',
        ],
        [],
        null,
        '/website',
      ],
      [
        'Social engagement',
        [
          'Your posts received 48 likes last week.',
          'That is up 20% on the week before.',
          'Your posts were shared once last week.',
          'The week before had none.',
          // Comments: nothing in either week, so nothing is said about them.
          'Your posts reached 900 people last week.',
          'That is down 10% on the week before.',
        ],
        [],
        null,
        '/social',
      ],
    ]);
    expect(doc.empty).toBeNull();
  });

  it('says there is nothing to say when no module has a section', () => {
    const doc = composeDigest('en', weeks, []);
    expect(doc.blocks).toEqual([]);
    expect(doc.empty).toBe('Nothing happened last week and nothing is planned this week, so no digest will be sent.');
  });

  it('writes in the reader’s language, numbers and dates included', () => {
    const de = composeDigest('de', weeks, sections);
    expect(de.subject).toBe('Deine Woche im Überblick: 2. März');
    expect(de.blocks[0].sentences).toEqual([
      'Du hast letzte Woche 12 Aufgaben erledigt.',
      'Das sind 20 % mehr als in der Woche davor.',
    ]);
    const ja = composeDigest('ja', weeks, sections);
    expect(ja.blocks[0].heading).toBe('タスク');
    expect(ja.blocks[3].sentences[0]).toBe('先週のウェブサイトの訪問者は200人でした。');
    const es = composeDigest('es', weeks, [
      { kind: 'website', visitors: { lastWeek: 1234, weekBefore: 0 }, pageViews: { lastWeek: 1, weekBefore: 0 } },
    ]);
    expect(es.blocks[0].sentences).toEqual([
      'La semana pasada tus sitios web tuvieron 1234 visitantes.',
      'La semana anterior, la cifra fue 0.',
      'La semana pasada tus sitios web tuvieron 1 visita a una página.',
      'La semana anterior, la cifra fue 0.',
    ]);
  });

  it('fills a title in as written, never as a placeholder or a pattern', () => {
    expect(say('en', '{when}: {title}', { when: 'Mon', title: 'Pay $& {count}' })).toBe('Mon: Pay $& {count}');
  });
});

describe('renderDigest', () => {
  const links = {
    app: (p: string) => `https://aide.test${p}`,
    unsubscribe: 'https://aide.test/api/digest/unsubscribe?token=1.x',
  };

  it('renders an inline-styled HTML part and the same words as text, with the links', () => {
    const mail = renderDigest(
      composeDigest('en', weeks, [
        { kind: 'tasks', completed: { lastWeek: 1, weekBefore: 0 }, titles: ['<b>Rent</b>'] },
      ]),
      links,
    );
    expect(mail.html).not.toMatch(/<style|<link /);
    expect(mail.html).toContain('&lt;b&gt;Rent&lt;/b&gt;');
    expect(mail.html).toContain('href="https://aide.test/tasks"');
    expect(mail.html).toContain('href="https://aide.test/api/digest/unsubscribe?token=1.x"');
    expect(mail.text).toBe(
      [
        'Your week in review: March 2',
        '',
        'Here is your week from February 23 to March 1, and what the coming days hold.',
        '',
        'Tasks',
        '-----',
        'You completed 1 task last week. The week before had none.',
        '- <b>Rent</b>',
        'Open your tasks: https://aide.test/tasks',
        '',
        '--',
        'You receive this digest because the weekly digest is on in your profile.',
        'Change your notification settings: https://aide.test/profile',
        'Unsubscribe from the weekly digest: https://aide.test/api/digest/unsubscribe?token=1.x',
        '',
      ].join('\n'),
    );
  });
});
