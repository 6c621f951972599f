import { hours } from './statFormat';

describe('dashboard figures', () => {
  it('shows an event’s length in hours: whole hours bare, others to one decimal', () => {
    expect(hours(60)).toBe('1h');
    expect(hours(120)).toBe('2h');
    expect(hours(90)).toBe('1.5h');
    expect(hours(20)).toBe('0.3h');
    expect(hours(0)).toBe('0h');
  });
});
