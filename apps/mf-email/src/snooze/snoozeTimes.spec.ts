import { snoozeChoices } from './snoozeTimes';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const times = (now: Date) => Object.fromEntries(snoozeChoices(now).map(({ choice, until }) => [choice, until]));

describe('the snooze choices', () => {
  it('on a Wednesday afternoon: +3 h, tomorrow 8:00, Saturday 8:00, Monday 8:00', () => {
    expect(times(local(2026, 11, 25, 14, 7))).toEqual({
      laterToday: local(2026, 11, 25, 17, 7),
      tomorrow: local(2026, 11, 26, 8),
      weekend: local(2026, 11, 28, 8),
      nextWeek: local(2026, 11, 30, 8),
    });
  });

  it('on a Sunday there is no "this weekend", and next week is the next day', () => {
    expect(times(local(2026, 11, 29, 10))).toEqual({
      laterToday: local(2026, 11, 29, 13),
      tomorrow: local(2026, 11, 30, 8),
      nextWeek: local(2026, 11, 30, 8),
    });
  });

  it('on a Monday next week is seven days on', () => {
    expect(times(local(2026, 11, 30, 9)).nextWeek).toEqual(local(2026, 12, 7, 8));
  });
});
