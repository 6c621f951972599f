import { findMailDates, type MailDatesContext, type MailForDates, proposedTimes } from './mail-dates';

/** Thursday 26 November 2026, 09:00 in New York (UTC−05:00), 15:00 in Berlin. */
const SENT = new Date('2026-11-26T14:00:00Z');
const NEW_YORK = -300;

function mail(body: string, overrides: Partial<MailForDates> = {}): MailForDates {
  return {
    subject: 'Q3 budget',
    from: 'Ann Lee <ann@example.com>',
    body,
    receivedAt: SENT,
    category: 'work',
    metadata: { dateOffsetMinutes: NEW_YORK },
    ...overrides,
  };
}

const berlin = { timezone: 'Europe/Berlin' };
const find = (body: string, overrides: Partial<MailForDates> = {}, context: MailDatesContext = berlin) =>
  findMailDates(mail(body, overrides), context);

describe('meeting proposals', () => {
  it('"Could we meet Tuesday at 3?" is 15:00 in New York, 21:00 in Berlin, for an hour', () => {
    const [suggestion, ...rest] = find('Hi,\n\nCould we meet Tuesday at 3?\n\nAnn');
    expect(rest).toEqual([]);
    expect(suggestion).toMatchObject({
      kind: 'event',
      origin: 'meeting-time',
      title: 'Meeting with Ann Lee: Q3 budget',
      draft: {
        title: 'Meeting with Ann Lee: Q3 budget',
        startTime: '2026-12-01T20:00:00.000Z',
        endTime: '2026-12-01T21:00:00.000Z',
      },
    });
    expect(suggestion.detail).toBe(
      'Tuesday 1 December, 21:00–22:00 your time (Europe/Berlin); Tuesday 15:00 for Ann (UTC−05:00)',
    );
  });

  it('says one time only when the sender and the person share the offset', () => {
    const [suggestion] = find('Could we meet Tuesday at 3pm?', {}, { timezone: 'America/New_York' });
    expect(suggestion.detail).toBe('Tuesday 1 December, 15:00–16:00 (America/New_York)');
  });

  it("across a daylight-saving change, a sender on the person's clock is read on it", () => {
    // Written in New York on 20 October (EDT, −04:00) for 3 November, after the clocks went back (EST, −05:00).
    const october = { receivedAt: new Date('2026-10-20T14:00:00Z'), metadata: { dateOffsetMinutes: -240 } };
    const [suggestion] = find('Could we meet on Tuesday 3 November at 3pm?', october, {
      timezone: 'America/New_York',
    });
    expect(suggestion.draft).toMatchObject({ startTime: '2026-11-03T20:00:00.000Z' });
    expect(suggestion.detail).toBe('Tuesday 3 November, 15:00–16:00 (America/New_York)');
    // From elsewhere only the header's offset is known: 15:00 at −04:00, said as such.
    const [abroad] = find('Could we meet on Tuesday 3 November at 3pm?', october);
    expect(abroad.draft).toMatchObject({ startTime: '2026-11-03T19:00:00.000Z' });
    expect(abroad.detail).toBe(
      'Tuesday 3 November, 20:00–21:00 your time (Europe/Berlin); Tuesday 15:00 for Ann (UTC−04:00)',
    );
  });

  it('"How about 10am on the 4th?" is next month\'s 4th at 10:00 the sender\'s time', () => {
    const [suggestion] = find('Thanks for the numbers. How about 10am on the 4th?');
    expect(suggestion.draft).toMatchObject({ startTime: '2026-12-04T15:00:00.000Z' });
  });

  it('"Are you free next Monday afternoon?" starts at 14:00, and a call is a call', () => {
    const [suggestion] = find('Are you free for a call next Monday afternoon?', { subject: 'Re: Hiring plan' });
    expect(suggestion).toMatchObject({
      title: 'Call with Ann Lee: Hiring plan',
      draft: { startTime: '2026-11-30T19:00:00.000Z', endTime: '2026-11-30T20:00:00.000Z' },
    });
  });

  it('keeps the end the sender named', () => {
    const [suggestion] = find("Let's talk tomorrow from 2 to 3:30pm.");
    expect(suggestion.draft).toMatchObject({
      startTime: '2026-11-27T19:00:00.000Z',
      endTime: '2026-11-27T20:30:00.000Z',
    });
  });

  it('reads a zone the sender names ("3pm CET") in that zone', () => {
    const [suggestion] = find('Would Wednesday at 3pm CET work for you?');
    expect(suggestion.draft).toMatchObject({ startTime: '2026-12-02T14:00:00.000Z' });
  });

  it("without a stored Date offset reads the time in the person's timezone", () => {
    const [suggestion] = find('Could we meet Tuesday at 3pm?', { metadata: {} });
    expect(suggestion.draft).toMatchObject({ startTime: '2026-12-01T14:00:00.000Z' });
  });

  it('"Tuesday at 3pm" written on a Tuesday evening is next Tuesday', () => {
    const tuesdayEvening = new Date('2026-12-01T23:00:00Z'); // 18:00 in New York
    const [suggestion] = find('Could we meet Tuesday at 3pm?', { receivedAt: tuesdayEvening });
    expect(suggestion.draft).toMatchObject({ startTime: '2026-12-08T20:00:00.000Z' });
  });

  it('a proposal already over when the message is opened gives nothing', () => {
    expect(find('Could we meet Tuesday at 3pm?', {}, { ...berlin, now: new Date('2026-12-02T00:00:00Z') })).toEqual([]);
  });

  it.each([
    ['German', 'Können wir uns am Dienstag um 15 Uhr treffen?'],
    ['French', 'Pouvons-nous nous voir mardi à 15h ?'],
    ['Spanish', '¿Podemos reunirnos el martes a las 15:00?'],
    ['Japanese', 'お世話になっております。火曜日の15時に打ち合わせできますか？'],
    ['Chinese', '你好！我们周二下午3点开会可以吗？'],
  ])('reads a proposal in %s (sender in Paris, 15:00 there)', (_, body) => {
    const suggestions = find(body, { metadata: { dateOffsetMinutes: 60 } });
    expect(suggestions).toEqual([
      expect.objectContaining({
        kind: 'event',
        detail: 'Tuesday 1 December, 15:00–16:00 (Europe/Berlin)',
        draft: expect.objectContaining({ startTime: '2026-12-01T14:00:00.000Z' }),
      }),
    ]);
  });

  it('the auto-responder reads the same proposals', () => {
    expect(proposedTimes(mail('Could we meet Tuesday at 3pm?'), berlin).map((t) => t.start.toISOString())).toEqual([
      '2026-12-01T20:00:00.000Z',
    ]);
  });
});

describe('deadlines', () => {
  it('"please send the report by Friday" is a task due that Friday, titled as a to-do', () => {
    const [suggestion, ...rest] = find('Hi Bob,\nplease send the report by Friday. Thanks!');
    expect(rest).toEqual([]);
    expect(suggestion).toMatchObject({
      kind: 'task',
      origin: 'deadline',
      title: 'Send the report',
      detail: 'Due Friday 27 November, asked by Ann Lee',
      draft: { title: 'Send the report', dueDate: '2026-11-27', amount: null },
    });
  });

  it('"by Friday" written on a Friday is that Friday, morning or evening; written on a Saturday, the next one', () => {
    const due = (receivedAt: string) =>
      find('Please send the report by Friday.', { receivedAt: new Date(receivedAt) })[0]?.draft;
    // Friday 27 November 2026 in New York: 09:00, 18:30 and 23:00 there.
    for (const friday of ['2026-11-27T14:00:00Z', '2026-11-27T23:30:00Z', '2026-11-28T04:00:00Z'])
      expect([friday, due(friday)]).toEqual([friday, expect.objectContaining({ dueDate: '2026-11-27' })]);
    expect(due('2026-11-28T15:00:00Z')).toMatchObject({ dueDate: '2026-12-04' });
  });

  it('"The invoice is due 15 December" is a deadline for the invoice', () => {
    const [suggestion] = find('Just a reminder: the invoice is due 15 December.', { subject: 'Invoice 2211' });
    expect(suggestion).toMatchObject({
      origin: 'deadline',
      title: 'Deadline: the invoice',
      draft: { dueDate: '2026-12-15' },
    });
  });

  it('a deadline with an hour falls on the person\'s date ("by 8pm Friday" in New York is Saturday in Berlin)', () => {
    const [suggestion] = find('Could you sign the lease by 8pm Friday?');
    expect(suggestion).toMatchObject({ title: 'Sign the lease', draft: { dueDate: '2026-11-28' } });
  });

  it('"The deadline for applications is 12 January 2027" names the year that is not the message\'s', () => {
    expect(find('The deadline for applications is 12 January 2027.')).toEqual([
      expect.objectContaining({
        title: 'Deadline for applications',
        detail: 'Due Tuesday 12 January 2027',
        draft: expect.objectContaining({ dueDate: '2027-01-12' }),
      }),
    ]);
  });

  it('"Please remember to pay the deposit before 1 December" is "Pay the deposit"', () => {
    expect(find('Please remember to pay the deposit before 1 December.')).toEqual([
      expect.objectContaining({ title: 'Pay the deposit', draft: expect.objectContaining({ dueDate: '2026-12-01' }) }),
    ]);
  });

  it('turns the sender\'s pronouns into the sender: "send me your slides" → "Send Ann my slides"', () => {
    const [suggestion] = find('Can you send me your slides before Monday?');
    expect(suggestion).toMatchObject({ title: 'Send Ann my slides', draft: { dueDate: '2026-11-30' } });
  });
});

describe('requests without a date', () => {
  it.each([
    ['Could you review the attached contract?', 'Review the attached contract'],
    ['Please send me the slides.', 'Send Ann the slides'],
    [
      "I'd be grateful if you could check the figures in section 2, as the board meets soon.",
      'Check the figures in section 2',
    ],
    ['Would you please forward this to the finance team?', 'Forward this to the finance team'],
    ['Please could you book a meeting room for 8 people?', 'Book a meeting room for 8 people'],
    ['Can you send over the signed NDA when you get a chance?', 'Send over the signed NDA'],
    [
      'Could you please take a look at the draft proposal and let me know what you think?',
      'Take a look at the draft proposal',
    ],
  ])('%s → %s', (sentence, title) => {
    const suggestions = find(`Hello,\n\n${sentence}\n\nBest regards,\nAnn`);
    expect(suggestions).toEqual([
      expect.objectContaining({
        kind: 'task',
        origin: 'request',
        title,
        draft: expect.objectContaining({ dueDate: null }),
      }),
    ]);
  });
});

describe('what gives nothing', () => {
  it.each([
    ['a past meeting', 'I met him on Tuesday and he liked the plan.'],
    ['a past date of this year', 'We spoke on 3 November about the budget.'],
    ['last week', 'Could we talk about what happened last Tuesday at 3?'],
    ['a question that is not a task', 'Could you believe how cold it was?'],
    ['a courtesy', 'Please let me know if you have any questions.'],
    ['an attachment announced', 'Please find attached the agenda for next week.'],
    [
      'a date in the quoted conversation',
      'Sounds good.\n\nOn Mon, 23 Nov 2026, Bob wrote:\n> Could we meet Tuesday at 3pm?\n> Please send the report by Friday.',
    ],
    [
      'a date in the signature',
      'See you soon.\n\n-- \nAnn Lee\nOffice hours: could we meet Monday to Friday, 9am to 5pm?',
    ],
    [
      'a request in the signature',
      'All done.\n\nThanks,\nAnn\nPlease consider the environment before printing this email.',
    ],
  ])('%s', (_, body) => {
    expect(find(body)).toEqual([]);
  });

  it('a newsletter', () => {
    expect(
      find('Join our webinar: could we meet Tuesday at 3pm? Please review our new plans.', { category: 'newsletter' }),
    ).toEqual([]);
    expect(find('Could we meet Tuesday at 3pm?', { metadata: { listId: 'News <news.example.com>' } })).toEqual([]);
  });

  it("the person's own sent mail", () => {
    expect(find('Could we meet Tuesday at 3pm?', { metadata: { status: 'sent' } })).toEqual([]);
  });

  it('a proposal before the message was sent', () => {
    expect(find('Could we meet today at 8am?')).toEqual([]);
  });
});

it('a message with a proposal, a deadline and a request gives all three, once each', () => {
  const body = [
    'Hi Bob,',
    '',
    'Thanks for yesterday. Could we meet Tuesday at 3pm to go through the numbers?',
    'Please send the report by Friday so I can prepare.',
    'Could you also review the attached contract?',
    '',
    'Kind regards,',
    'Ann',
  ].join('\n');
  const suggestions = find(body);
  expect(suggestions.map((s) => [s.origin, s.title])).toEqual([
    ['meeting-time', 'Meeting with Ann Lee: Q3 budget'],
    ['deadline', 'Send the report'],
    ['request', 'Review the attached contract'],
  ]);
  expect(find(body).map((s) => s.key)).toEqual(suggestions.map((s) => s.key));
});
