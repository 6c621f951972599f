import { freeTimes } from './free-time';

const at = (time: string) => new Date(`2026-11-27T${time}:00Z`);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
const shown = (spans: { start: Date; end: Date }[]) =>
  spans.map(({ start, end }) => `${start.toISOString().slice(11, 16)}–${end.toISOString().slice(11, 16)}`);

describe('freeTimes', () => {
  const day = span('08:00', '18:00');

  it('finds the free stretches between events ("free from 11:00 to 14:00")', () => {
    expect(shown(freeTimes([span('09:00', '11:00'), span('14:00', '15:00')], day))).toEqual([
      '08:00–09:00',
      '11:00–14:00',
      '15:00–18:00',
    ]);
  });

  it('merges overlapping and touching events, and ignores those outside the window', () => {
    const events = [span('09:00', '10:30'), span('10:00', '11:00'), span('11:00', '12:00'), span('19:00', '20:00')];
    expect(shown(freeTimes(events, day))).toEqual(['08:00–09:00', '12:00–18:00']);
  });

  it('leaves out stretches shorter than 30 minutes', () => {
    expect(shown(freeTimes([span('08:20', '12:00'), span('12:15', '17:45')], day))).toEqual([]);
  });

  it('starts on the next quarter hour when the window starts mid-quarter (the rest of the day, seen at 10:17)', () => {
    expect(shown(freeTimes([span('13:00', '14:00')], span('10:17', '18:00')))).toEqual(['10:30–13:00', '14:00–18:00']);
  });

  it('answers no free time when an event covers the whole window', () => {
    expect(freeTimes([span('07:00', '19:00')], day)).toEqual([]);
  });
});
