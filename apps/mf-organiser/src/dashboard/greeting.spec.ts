import { greetingForHour, greetingName } from './greeting';

describe('greetingForHour', () => {
  it('says good morning before noon, good afternoon before 18:00, then good evening', () => {
    expect(greetingForHour(0)).toBe('Good morning');
    expect(greetingForHour(11)).toBe('Good morning');
    expect(greetingForHour(12)).toBe('Good afternoon');
    expect(greetingForHour(17)).toBe('Good afternoon');
    expect(greetingForHour(18)).toBe('Good evening');
    expect(greetingForHour(23)).toBe('Good evening');
  });
});

describe('greetingName', () => {
  const user = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };

  it('greets by full name, else first name', () => {
    expect(greetingName(user)).toBe('Ada Lovelace');
    expect(greetingName({ ...user, lastName: null })).toBe('Ada');
    expect(greetingName({ ...user, firstName: '  Ada ', lastName: ' ' })).toBe('Ada');
  });

  it('greets by the last name alone when that is all there is', () => {
    expect(greetingName({ ...user, firstName: null })).toBe('Lovelace');
  });

  it('falls back to the e-mail before the at-sign, then to “there”, never “User”', () => {
    expect(greetingName({ firstName: null, lastName: null, email: 'grace@example.test' })).toBe('grace');
    expect(greetingName({ firstName: '', lastName: '', email: '' })).toBe('there');
    expect(greetingName(null)).toBe('there');
    expect(greetingName(undefined)).toBe('there');
  });
});
