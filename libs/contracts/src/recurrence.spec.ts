import { formatRepeatRule, occurrenceScopeSchema, parseRepeatRule, recurrenceRuleSchema } from './recurrence';

const problem = (rule: string) => {
  const result = recurrenceRuleSchema.safeParse(rule);
  return result.success ? null : result.error.issues[0].message;
};

describe('recurrenceRuleSchema', () => {
  it('accepts the shapes the editor and calendar servers write, dropping an RRULE: prefix', () => {
    expect(recurrenceRuleSchema.parse('RRULE:freq=weekly;byday=MO,WE')).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    for (const rule of [
      'FREQ=DAILY;COUNT=5',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=YEARLY;UNTIL=20270630T225959Z',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    ]) {
      expect(problem(rule)).toBeNull();
    }
  });

  it('explains what is wrong with a rule it cannot repeat by', () => {
    expect(problem('FREQ=HOURLY')).toBe('Repeat frequency must be daily, weekly, monthly or yearly');
    expect(problem('BYDAY=MO')).toBe('Repeat rule needs a frequency');
    expect(problem('FREQ=DAILY;INTERVAL=0')).toBe('Repeat interval must be between 1 and 999');
    expect(problem('FREQ=DAILY;COUNT=3;UNTIL=20270101')).toBe(
      'A repeat ends either on a date or after a number of times, not both',
    );
    expect(problem('FREQ=WEEKLY;BYDAY=XX')).toBe('Repeat rule is not a valid RRULE');
    expect(problem('nonsense')).toBe('Repeat rule is not a valid RRULE');
  });
});

describe('parseRepeatRule and formatRepeatRule', () => {
  it('round-trip every shape the editor offers', () => {
    for (const rule of [
      'FREQ=DAILY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270630',
      'FREQ=MONTHLY;BYMONTHDAY=1',
      'FREQ=MONTHLY;BYDAY=-1FR;COUNT=10',
      'FREQ=YEARLY',
    ]) {
      const parsed = parseRepeatRule(rule);
      expect(parsed).not.toBeNull();
      expect(formatRepeatRule(parsed!)).toBe(rule);
    }
  });

  it('reads an end date and a weekday choice into the editor shape', () => {
    expect(parseRepeatRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,MO;UNTIL=20270630T225959Z')).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      weekdays: ['MO', 'WE'],
      monthly: 'date',
      end: { type: 'until', date: '2027-06-30' },
    });
  });

  it('leaves rules the editor cannot show to be shown read-only', () => {
    expect(parseRepeatRule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toBeNull();
    expect(parseRepeatRule('FREQ=YEARLY;BYMONTH=3')).toBeNull();
  });
});

describe('occurrenceScopeSchema', () => {
  it('defaults to all and refuses an unknown scope', () => {
    expect(occurrenceScopeSchema.parse({})).toEqual({ scope: 'all' });
    const result = occurrenceScopeSchema.safeParse({ scope: 'some' });
    expect(result.success ? null : result.error.issues[0].message).toBe('Scope must be one of this, following or all');
  });
});
