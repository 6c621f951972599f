import { climateZoneOf, dayWeather, latitudeOf, tripSeason } from './destinations';

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

describe('dayWeather', () => {
  it('knows Reykjavik in December is dark, snowy and under the aurora, and in July is none of these', () => {
    const reykjavik = (date: string) => dayWeather('northern', latitudeOf('Reykjavik, Iceland'), date);
    expect(reykjavik('2026-12-12')).toMatchObject({ season: 'winter', snowy: true, longNights: true, aurora: true });
    expect(reykjavik('2027-07-12')).toMatchObject({ season: 'summer', snowy: false, longNights: false, aurora: false });
  });

  it('has warm summers further south, a mild winter in Cape Town, and warmth all year in the tropics', () => {
    expect(dayWeather('northern', latitudeOf('Lisbon'), '2027-07-01')).toMatchObject({ warm: true, snowy: false });
    expect(dayWeather('southern', latitudeOf('Cape Town'), '2027-07-10')).toMatchObject({ warm: false, snowy: false });
    expect(dayWeather('tropical', null, '2027-01-15')).toMatchObject({ warm: true, snowy: false });
  });

  it('rules nothing out for a place it does not know', () => {
    expect(dayWeather(null, null, '2027-01-15')).toMatchObject({ known: false, season: null });
  });

  it('reads the latitude of the last known name written', () => {
    expect(latitudeOf('Perth, Scotland')).toBe(56.5);
    expect(latitudeOf('Tromsø')).toBe(69.6);
    expect(latitudeOf('Atlantis')).toBeNull();
  });
});
