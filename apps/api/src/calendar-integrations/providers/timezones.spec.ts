import { instantToWallTime, toIanaZone, wallTimeToInstant } from './timezones';

describe('time zones', () => {
  it('names IANA zones for IANA, Windows and path-prefixed names', () => {
    expect(toIanaZone('America/New_York')).toBe('America/New_York');
    expect(toIanaZone('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(toIanaZone('/mozilla.org/20050126_1/Europe/Paris')).toBe('Europe/Paris');
    expect(toIanaZone('Mars/Olympus')).toBeNull();
    expect(toIanaZone(null)).toBeNull();
  });

  it('converts wall times in a zone to instants and back, DST-correct', () => {
    expect(wallTimeToInstant('2030-03-31T09:00:00', 'Europe/Berlin')).toBe('2030-03-31T07:00:00.000Z');
    expect(wallTimeToInstant('2030-03-30T09:00:00', 'Europe/Berlin')).toBe('2030-03-30T08:00:00.000Z');
    expect(instantToWallTime('2030-11-03T14:00:00Z', 'America/New_York')).toBe('2030-11-03T09:00:00');
  });
});
