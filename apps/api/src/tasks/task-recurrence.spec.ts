import { nextTaskOccurrence } from './task-recurrence';

const BEFORE = new Date('2026-01-01T00:00:00Z');
const next = (dueDate: string, recurrence: string, timezone = 'UTC', now = BEFORE) =>
  nextTaskOccurrence({ dueDate: new Date(dueDate), recurrence, subtasks: [] }, timezone, now);

describe('nextTaskOccurrence', () => {
  it('comes a day later for a daily rule, a week later for a weekly one', () => {
    expect(next('2026-11-26T09:00:00Z', 'FREQ=DAILY')?.dueDate.toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(next('2026-11-26T09:00:00Z', 'FREQ=WEEKLY')?.dueDate.toISOString()).toBe('2026-12-03T09:00:00.000Z');
  });

  it('comes on the next chosen weekday of a weekly rule, and on the 1st of the next month', () => {
    // Monday 30 Nov 2026 → Wednesday 2 Dec; Wednesday → the next Monday.
    expect(next('2026-11-30T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,WE')?.dueDate.toISOString()).toBe(
      '2026-12-02T08:00:00.000Z',
    );
    expect(next('2026-12-02T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,WE')?.dueDate.toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
    expect(next('2026-11-01T10:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=1')?.dueDate.toISOString()).toBe(
      '2026-12-01T10:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across a DST change, in the timezone given', () => {
    // Paris: 09:00 CET (08:00Z) on Saturday 27 March 2027, 09:00 CEST (07:00Z) the day after.
    expect(next('2027-03-27T08:00:00Z', 'FREQ=DAILY', 'Europe/Paris')?.dueDate.toISOString()).toBe(
      '2027-03-28T07:00:00.000Z',
    );
    // New York: 18:30 EST (23:30Z) on 8 March 2027, 18:30 EDT (22:30Z) a week later.
    expect(next('2027-03-08T23:30:00Z', 'FREQ=WEEKLY', 'America/New_York')?.dueDate.toISOString()).toBe(
      '2027-03-15T22:30:00.000Z',
    );
  });

  it('comes after now when the task is completed late, skipping the occurrences already past', () => {
    const late = next('2026-11-02T09:00:00Z', 'FREQ=DAILY', 'UTC', new Date('2026-11-05T12:00:00Z'));
    expect(late?.dueDate.toISOString()).toBe('2026-11-06T09:00:00.000Z');
  });

  it('hands on what is left of a COUNT, and ends the series when none is', () => {
    const second = next('2026-11-26T09:00:00Z', 'FREQ=DAILY;COUNT=3');
    expect(second).toMatchObject({ recurrence: 'FREQ=DAILY;COUNT=2' });
    const third = next(second!.dueDate.toISOString(), second!.recurrence);
    expect(third).toMatchObject({ recurrence: 'FREQ=DAILY;COUNT=1' });
    expect(next(third!.dueDate.toISOString(), third!.recurrence)).toBeNull();
    // Completed late, skipped occurrences count too.
    const skipped = next('2026-11-26T09:00:00Z', 'FREQ=DAILY;COUNT=5', 'UTC', new Date('2026-11-28T10:00:00Z'));
    expect(skipped).toMatchObject({ recurrence: 'FREQ=DAILY;COUNT=2' });
    expect(skipped?.dueDate.toISOString()).toBe('2026-11-29T09:00:00.000Z');
  });

  it('ends at UNTIL (that whole day in the timezone)', () => {
    expect(next('2026-11-29T09:00:00Z', 'FREQ=DAILY;UNTIL=20261130')?.dueDate.toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect(next('2026-11-30T09:00:00Z', 'FREQ=DAILY;UNTIL=20261130')).toBeNull();
  });

  it('keeps the checklist, every step unticked', () => {
    const result = nextTaskOccurrence(
      {
        dueDate: new Date('2026-11-26T09:00:00Z'),
        recurrence: 'FREQ=DAILY',
        subtasks: [
          { id: 'a', title: 'Water plants', done: true },
          { id: 'b', title: 'Feed cat', done: false },
        ],
      },
      'UTC',
      BEFORE,
    );
    expect(result?.subtasks).toEqual([
      { id: 'a', title: 'Water plants', done: false },
      { id: 'b', title: 'Feed cat', done: false },
    ]);
  });
});
