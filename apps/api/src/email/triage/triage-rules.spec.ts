import { classifyByRules, senderAddress, type TriageMessage } from './triage-rules';

const message = (overrides: Partial<TriageMessage>): TriageMessage => ({
  subject: '',
  from: 'Someone <someone@example.com>',
  body: '',
  ...overrides,
});

describe('classifyByRules', () => {
  it('gives plain mail regular priority and the other category', () => {
    expect(classifyByRules(message({ subject: 'Hello', body: 'How are things?' }))).toEqual({
      priority: 'regular',
      category: 'other',
    });
  });

  it('reads urgency words as urgent and deadlines, approvals and meetings as important', () => {
    expect(classifyByRules(message({ subject: 'URGENT: server down' })).priority).toBe('urgent');
    expect(classifyByRules(message({ body: 'Please fix this as soon as possible.' })).priority).toBe('urgent');
    expect(classifyByRules(message({ subject: 'Contract', body: 'Please review by Friday' })).priority).toBe(
      'important',
    );
    expect(classifyByRules(message({ subject: 'Team meeting tomorrow' }))).toEqual({
      priority: 'important',
      category: 'work',
    });
  });

  it('sorts mail into categories by words and by sender', () => {
    expect(
      classifyByRules(message({ subject: 'Your flight to Lisbon', body: 'Boarding pass attached' })).category,
    ).toBe('travel');
    expect(classifyByRules(message({ subject: 'Invoice #2030-17' })).category).toBe('finance');
    expect(classifyByRules(message({ subject: '50% off everything', body: 'Sale ends Sunday' })).category).toBe(
      'promotion',
    );
    expect(
      classifyByRules(
        message({ from: 'LinkedIn <messages-noreply@linkedin.com>', subject: 'You appeared in 9 searches' }),
      ).category,
    ).toBe('social');
    expect(
      classifyByRules(message({ subject: 'Happy birthday!', body: 'Dinner with the family on Sunday?' })).category,
    ).toBe('personal');
    expect(classifyByRules(message({ subject: 'You have won the lottery', body: 'Claim your prize' })).category).toBe(
      'spam',
    );
  });

  it('files bulk mail as newsletter and keeps low-value categories at regular priority', () => {
    expect(classifyByRules(message({ subject: 'This week in compilers', bulk: true }))).toEqual({
      priority: 'regular',
      category: 'newsletter',
    });
    expect(classifyByRules(message({ subject: 'URGENT: 70% off ends today' }))).toEqual({
      priority: 'regular',
      category: 'promotion',
    });
    expect(classifyByRules(message({ subject: 'Act now to claim your prize, urgent' })).priority).toBe('regular');
  });

  it('files outages and incidents as urgent work', () => {
    expect(
      classifyByRules(message({ subject: 'URGENT: production database down', body: 'Customers cannot log in.' })),
    ).toEqual({ priority: 'urgent', category: 'work' });
    expect(classifyByRules(message({ subject: 'Incident report: API outage last night' })).category).toBe('work');
    expect(classifyByRules(message({ subject: 'Deploy of v2.3 to staging failed' })).category).toBe('work');
    // A newsletter that mentions servers stays a newsletter.
    expect(classifyByRules(message({ subject: 'This week: server tips', bulk: true })).category).toBe('newsletter');
  });

  it('judges only the start of a long body', () => {
    const body = `${'Nothing to see. '.repeat(200)}urgent`;
    expect(classifyByRules(message({ body })).priority).toBe('regular');
  });
});

describe('senderAddress', () => {
  it('takes the address out of a From header, lower case', () => {
    expect(senderAddress('Grace Hopper <Grace@Navy.Example>')).toBe('grace@navy.example');
    expect(senderAddress(' ann@example.com ')).toBe('ann@example.com');
  });
});
