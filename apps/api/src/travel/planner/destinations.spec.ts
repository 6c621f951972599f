import { climateZoneOf, tripSeason } from './destinations';

describe('climateZoneOf', () => {
  it.each([
    ['Paris', 'northern'],
    ['Kyoto, Japan', 'northern'],
    ['New York City', 'northern'],
    ['Sydney', 'southern'],
    ['Sydney, New South Wales', 'southern'],
    ['Cape Town, South Africa', 'southern'],
    ['São Paulo', 'southern'],
    ['Buenos Aires', 'southern'],
    ['Singapore', 'tropical'],
    ['Bali, Indonesia', 'tropical'],
    ['Nairobi', 'tropical'],
    ['Quito, Ecuador', 'tropical'],
  ])('knows %s is %s', (destination, zone) => {
    expect(climateZoneOf(destination)).toBe(zone);
  });

  it('answers null for a place the table does not know, rather than guessing', () => {
    expect(climateZoneOf('Atlantis')).toBeNull();
    expect(climateZoneOf('My aunt’s house')).toBeNull();
  });

  it('matches whole names only, and the last one written when they disagree', () => {
    expect(climateZoneOf('Perth, Scotland')).toBe('northern');
    expect(climateZoneOf('Perth')).toBe('southern');
    expect(climateZoneOf('Perugia')).toBeNull(); // not 'peru'
  });
});

describe('tripSeason', () => {
  it('reverses the seasons south of the equator: December is summer in Sydney, winter in Paris', () => {
    expect(tripSeason(climateZoneOf('Sydney'), '2027-12-20')).toBe('summer');
    expect(tripSeason(climateZoneOf('Paris'), '2027-12-20')).toBe('winter');
    expect(tripSeason(climateZoneOf('Paris'), '2027-07-01')).toBe('summer');
    expect(tripSeason(climateZoneOf('Buenos Aires'), '2027-07-01')).toBe('winter');
  });

  it('has no winter or summer in the tropics, and none for an unknown place', () => {
    expect(tripSeason('tropical', '2027-12-20')).toBeNull();
    expect(tripSeason(null, '2027-12-20')).toBeNull();
  });
});
