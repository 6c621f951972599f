import { autoResponseText } from './auto-response-rules';
import { availabilityText, freeWindows, type Interval } from './free-time';

const PARIS = 'Europe/Paris';
/** Monday 30 November 2026, 10:20 in Paris (UTC+01:00). */
const NOW = new Date('2026-11-30T09:20:00Z');
/** An event from Paris wall times of one day of that week ('2026-12-01', '14:00', '15:30'). */
const event = (day: string, from: string, to: string): Interval => ({
  start: new Date(`${day}T${from}:00+01:00`),
  end: new Date(`${day}T${to}:00+01:00`),
});

describe('freeWindows', () => {
  it('starts at the next full hour, keeps to 09:00–17:00 on weekdays, and goes round events', () => {
    const windows = freeWindows(
      [event('2026-11-30', '12:30', '16:30'), event('2026-12-01', '09:00', '10:00')],
      NOW,
      PARIS,
    );
    expect(windows.slice(0, 3).map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2026-11-30T10:00:00.000Z', '2026-11-30T11:30:00.000Z'], // Monday 11:00–12:30
      ['2026-12-01T09:00:00.000Z', '2026-12-01T16:00:00.000Z'], // Tuesday 10:00–17:00
      ['2026-12-02T08:00:00.000Z', '2026-12-02T16:00:00.000Z'], // Wednesday, all day
    ]);
  });

  it('leaves out gaps shorter than an hour, and the weekend', () => {
    const windows = freeWindows(
      [event('2026-12-04', '09:00', '12:00'), event('2026-12-04', '12:45', '17:00')],
      new Date('2026-12-04T07:00:00Z'),
      PARIS,
    );
    expect(windows[0].start.toISOString()).toBe('2026-12-07T08:00:00.000Z'); // Monday 7 December, 09:00
  });
});

describe('availabilityText', () => {
  const busy = [
    event('2026-11-30', '09:00', '17:00'),
    event('2026-12-01', '09:00', '14:00'),
    event('2026-12-01', '16:00', '17:00'),
    event('2026-12-02', '11:00', '17:00'),
  ];

  it('names the next free slots, one a day, in the profile timezone', () => {
    expect(availabilityText({ busy, now: NOW, timezone: PARIS, proposed: [] })).toBe(
      'I am free on Tuesday 1 December from 14:00 to 16:00, on Wednesday 2 December from 09:00 to 11:00 and on Thursday 3 December from 09:00 to 17:00 (Europe/Paris time).',
    );
  });

  it('says a proposed time that is free suits', () => {
    const proposed = [event('2026-12-01', '14:00', '15:00')];
    expect(availabilityText({ busy, now: NOW, timezone: PARIS, proposed })).toBe(
      'Tuesday 1 December at 14:00 (Europe/Paris time) suits me.',
    );
  });

  it('offers the free slots nearest to a proposed time that is taken', () => {
    const proposed = [event('2026-12-02', '15:00', '16:00')];
    expect(availabilityText({ busy, now: NOW, timezone: PARIS, proposed })).toBe(
      'I am not available on Wednesday 2 December at 15:00, but I am free on Tuesday 1 December from 14:00 to 16:00, on Wednesday 2 December from 09:00 to 11:00 and on Thursday 3 December from 09:00 to 17:00 (Europe/Paris time).',
    );
  });

  it('does not call a time outside working hours free', () => {
    const proposed = [event('2026-12-03', '19:00', '20:00')];
    expect(availabilityText({ busy, now: NOW, timezone: PARIS, proposed })).toMatch(
      /^I am not available on Thursday 3 December at 19:00, but I am free on/,
    );
  });

  it('says nothing when the next two weeks are full', () => {
    const full = [{ start: new Date('2026-11-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') }];
    expect(availabilityText({ busy: full, now: NOW, timezone: PARIS, proposed: [] })).toBeNull();
  });

  it('goes into the meeting reply between the thanks and the promise', () => {
    const availability = availabilityText({
      busy,
      now: NOW,
      timezone: PARIS,
      proposed: [event('2026-12-01', '14:00', '15:00')],
    });
    expect(
      autoResponseText('meeting', { from: 'Grace Hopper <grace@example.com>' }, 'Ada Lovelace', availability),
    ).toBe(
      'Hello Grace,\n\nThank you for your meeting request. Tuesday 1 December at 14:00 (Europe/Paris time) suits me. I will confirm a time with you shortly.\n\nBest regards,\nAda Lovelace\n\n(This is an automatic reply.)',
    );
  });
});
