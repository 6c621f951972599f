import { travelChecklistSchema } from '@aide/contracts';
import { fitChecklist, offlineChecklist, seasonalPacking } from './checklist';
import { buildTrip } from '../../../test/travel-trips';

const items = (list: { item: string }[] | undefined) => (list ?? []).map((entry) => entry.item);

describe('offlineChecklist', () => {
  it('packs swimwear for a beach trip only when some day is warm enough to swim', () => {
    const packing = (destination: string, startDate: string, endDate: string) =>
      items(offlineChecklist(buildTrip({ destination, startDate, endDate, interests: ['beach'] })).Packing);
    expect(packing('Sydney', '2027-01-05', '2027-01-10')).toContain('Swimwear');
    expect(packing('Cape Town', '2027-07-05', '2027-07-10')).not.toContain('Swimwear');
  });

  it('has Documents, Packing, Health and Bookings, nothing completed, the essentials required, valid against the contract', () => {
    const checklist = offlineChecklist(buildTrip({ destination: 'Kyoto' }));
    expect(Object.keys(checklist)).toEqual(['Documents', 'Packing', 'Health', 'Bookings']);
    expect(travelChecklistSchema.parse(checklist)).toEqual(checklist);
    const all = Object.values(checklist).flat();
    expect(all.every((entry) => entry.completed === false)).toBe(true);
    expect(checklist.Documents.filter((entry) => entry.required).map((entry) => entry.item)).toEqual([
      'Passport or national ID, valid for the whole trip',
      'Check visa and entry requirements for Kyoto',
    ]);
    expect(items(checklist.Documents)).toEqual(
      expect.arrayContaining(['Travel insurance', 'Booking confirmations, saved offline or printed']),
    );
    expect(items(checklist.Health)).toEqual(
      expect.arrayContaining([
        'Regular medications, enough for the whole trip',
        'Basic first-aid kit',
        'Check recommended vaccinations for Kyoto',
      ]),
    );
    expect(checklist.Bookings.filter((entry) => entry.required).map((entry) => entry.item)).toEqual([
      'Transport to Kyoto',
      'Accommodation for 2 nights',
    ]);
  });

  it('packs for the season: winter layers in Paris in January, summer clothes in Sydney then, rain gear in the tropics', () => {
    expect(
      items(
        offlineChecklist(buildTrip({ destination: 'Paris', startDate: '2027-01-10', endDate: '2027-01-14' })).Packing,
      ),
    ).toEqual(expect.arrayContaining(['Warm layers and a warm coat', 'Gloves, hat and scarf']));
    const sydney = items(
      offlineChecklist(buildTrip({ destination: 'Sydney', startDate: '2027-01-10', endDate: '2027-01-14' })).Packing,
    );
    expect(sydney).toEqual(
      expect.arrayContaining(['Light, breathable clothing', 'Sunscreen', 'Sun hat and sunglasses']),
    );
    expect(sydney).not.toContain('Gloves, hat and scarf');
    expect(items(offlineChecklist(buildTrip({ destination: 'Singapore' })).Packing)).toEqual(
      expect.arrayContaining(['Rain jacket or compact umbrella', 'Insect repellent']),
    );
  });

  it('packs for the interests: hiking boots for hiking, swimwear for the beach, each once', () => {
    const packing = items(offlineChecklist(buildTrip({ interests: ['hiking', 'beach', 'nature'] })).Packing);
    expect(packing).toEqual(expect.arrayContaining(['Hiking boots', 'Swimwear']));
    expect(packing.filter((item) => item === 'Daypack and refillable water bottle')).toHaveLength(1);
  });

  it('books rooms for the group and tours only when there are interests', () => {
    const group = offlineChecklist(buildTrip({ groupSize: 5 }));
    expect(items(group.Bookings)).toContain('Accommodation for 2 nights (3 rooms)');
    expect(items(group.Bookings)).not.toContain('Activities and tours you do not want to miss');
    expect(items(offlineChecklist(buildTrip({ interests: ['art'] })).Bookings)).toContain(
      'Activities and tours you do not want to miss',
    );
  });
});

describe('seasonalPacking', () => {
  it('asks to check the forecast for an unknown destination, with general packing', () => {
    expect(seasonalPacking(buildTrip({ destination: 'Atlantis' }))).toEqual([
      'Layers you can add or take off',
      'Light waterproof jacket',
      'Check the forecast for Atlantis a few days before you leave',
    ]);
  });
});

describe('fitChecklist', () => {
  it('unticks everything, drops duplicates and empty categories, and adds the passport and visa checks when missing', () => {
    const fitted = fitChecklist(
      travelChecklistSchema.parse({
        Packing: [{ item: 'Socks', completed: true }, { item: 'socks' }],
        Empty: [],
      }),
      buildTrip({ destination: 'Oslo' }),
    );
    expect(fitted).toEqual({
      Packing: [{ item: 'Socks', completed: false, required: false }],
      Documents: [
        { item: 'Passport or national ID, valid for the whole trip', completed: false, required: true },
        { item: 'Check visa and entry requirements for Oslo', completed: false, required: true },
      ],
    });
  });

  it('is the offline checklist when the answer is empty', () => {
    expect(fitChecklist({}, buildTrip())).toEqual(offlineChecklist(buildTrip()));
  });
});
