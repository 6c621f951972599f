import { digestWeeks } from './digest-week';

describe('digestWeeks', () => {
  it('is due from Monday 08:00 in the person’s timezone until the week ends', () => {
    // 07:59 and 08:00 on Monday 2 March 2026 in Tokyo (UTC+9).
    expect(digestWeeks(new Date('2026-03-01T22:59:00Z'), 'Asia/Tokyo').due).toBe(false);
    const monday = digestWeeks(new Date('2026-03-01T23:00:00Z'), 'Asia/Tokyo');
    expect(monday).toMatchObject({ due: true, weekStart: '2026-03-02' });
    // Sunday evening: still that week's digest (a server down on Monday catches up).
    expect(digestWeeks(new Date('2026-03-08T12:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      due: true,
      weekStart: '2026-03-02',
    });
    // Sunday 15:00 UTC is already Monday 00:00 in Tokyo: the next week, not yet due.
    expect(digestWeeks(new Date('2026-03-08T15:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      due: false,
      weekStart: '2026-03-09',
    });
  });

  it('runs Monday to Monday in local time, across a DST change', () => {
    // Europe/London goes to summer time on Sunday 29 March 2026.
    const weeks = digestWeeks(new Date('2026-03-30T09:00:00Z'), 'Europe/London');
    expect(weeks.weekStart).toBe('2026-03-30');
    expect(weeks.lastWeek).toEqual({ from: new Date('2026-03-23T00:00:00Z'), to: new Date('2026-03-29T23:00:00Z') });
    expect(weeks.weekBefore.from).toEqual(new Date('2026-03-16T00:00:00Z'));
    expect(weeks.thisWeek.to).toEqual(new Date('2026-04-05T23:00:00Z'));
  });
});
