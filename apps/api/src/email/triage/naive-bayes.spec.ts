import { EMAIL_PRIORITIES, type EmailPriority } from '@aide/contracts';
import { emptyModel, type FacetModel, learntVerdict, OPEN_VOCABULARY, RULES_WEIGHT } from './naive-bayes';
import type { TriageMessage } from './triage-rules';
import { baseDomain, newText, triageTokens, type TriageTokens } from './triage-tokens';

/** A model learnt from (tokens, label) pairs, as EmailTriageService would hold it after those corrections. */
function learnt(lessons: Array<[TriageTokens, EmailPriority]>): FacetModel<EmailPriority> {
  const labels = new Map<EmailPriority, { documents: number; tokens: number }>();
  const counts = new Map<string, Map<EmailPriority, number>>();
  for (const [tokens, label] of lessons) {
    const totals = labels.get(label) ?? { documents: 0, tokens: 0 };
    totals.documents += 1;
    for (const [token, weight] of tokens) {
      totals.tokens += weight;
      const perLabel = counts.get(token) ?? new Map<EmailPriority, number>();
      perLabel.set(label, (perLabel.get(label) ?? 0) + weight);
      counts.set(token, perLabel);
    }
    labels.set(label, totals);
  }
  return { labels, counts, vocabulary: counts.size };
}

const mail = (from: string, subject: string, body = ''): TriageMessage => ({ from, subject, body });

describe('triageTokens', () => {
  it('keeps the meaningful words of subject and body once each, without stop words or numbers', () => {
    const tokens = triageTokens(
      mail(
        'Grace <grace@navy.example>',
        'Re: The compiler REVIEW',
        'Hi Ada, thanks for the review of the compiler. Room 1204.',
      ),
    );
    expect([...tokens.keys()].sort()).toEqual(
      ['ada', 'compiler', 'domain:navy.example', 'from:grace@navy.example', 'review', 'room'].sort(),
    );
    expect(tokens.get('compiler')).toBe(1);
  });

  it('counts the sender twice, by address and by base domain', () => {
    const tokens = triageTokens(mail('Alerts <alerts@mail.bank.co.uk>', 'x'));
    expect(tokens.get('from:alerts@mail.bank.co.uk')).toBe(2);
    expect(tokens.get('domain:bank.co.uk')).toBe(2);
    expect(baseDomain('eu.mail.example.com')).toBe('example.com');
    expect(baseDomain('example.com')).toBe('example.com');
  });

  it('folds accents and reads only the new text of a reply', () => {
    expect(triageTokens(mail('', 'Réunion café')).has('reunion')).toBe(true);
    expect(newText('Sounds good.\n\nOn Mon, 2 Nov 2026, Grace wrote:\n> urgent budget')).toBe('Sounds good.\n');
    expect(triageTokens(mail('', 'x', 'Fine by me\n> URGENT: budget overrun')).has('budget')).toBe(false);
  });
});

describe('learntVerdict', () => {
  const boss = (subject: string, body = '') => triageTokens(mail('Pat Boss <pat@acme.example>', subject, body));

  it('follows the rules while the user has taught nothing', () => {
    expect(learntVerdict(emptyModel<EmailPriority>(), boss('Quarterly numbers'), EMAIL_PRIORITIES, 'regular')).toEqual({
      label: 'regular',
      basis: 'rules',
    });
  });

  it('moves similar mail after one correction and leaves unrelated mail to the rules', () => {
    const model = learnt([[boss('Quarterly numbers for the board', 'Board pack attached'), 'urgent']]);
    expect(learntVerdict(model, boss('Quarterly numbers, second draft'), EMAIL_PRIORITIES, 'regular')).toEqual({
      label: 'urgent',
      basis: 'learned',
    });
    expect(
      learntVerdict(
        model,
        triageTokens(mail('Shop <news@shop.example>', 'Spring collection')),
        EMAIL_PRIORITIES,
        'regular',
      ),
    ).toEqual({ label: 'regular', basis: 'rules' });
    // One shared word is not enough to overrule the rules.
    expect(
      learntVerdict(
        model,
        triageTokens(mail('Ann <ann@else.example>', 'Board games night')),
        EMAIL_PRIORITIES,
        'regular',
      ).label,
    ).toBe('regular');
  });

  it('after one correction, follows it for the same sender; a colleague of the same domain needs shared words', () => {
    const model = learnt([[boss('Quarterly numbers for the board', 'Board pack attached'), 'urgent']]);
    expect(learntVerdict(model, boss('Lunch?'), EMAIL_PRIORITIES, 'regular').label).toBe('urgent');
    const colleague = (subject: string) =>
      triageTokens(mail('Sam <sam@acme.example>', subject, 'Some details about the offsite catering and the rooms'));
    expect(learntVerdict(model, colleague('Offsite plans'), EMAIL_PRIORITIES, 'regular').label).toBe('regular');
    expect(learntVerdict(model, colleague('Quarterly numbers: board pack'), EMAIL_PRIORITIES, 'regular').label).toBe(
      'urgent',
    );
  });

  it('follows a sender the user corrected twice, whatever the subject', () => {
    const model = learnt([
      [boss('Quarterly numbers'), 'urgent'],
      [boss('Hiring plan'), 'urgent'],
    ]);
    expect(learntVerdict(model, boss('Lunch?'), EMAIL_PRIORITIES, 'regular').label).toBe('urgent');
  });

  it('tells apart mail of one sender by its words once corrections disagree', () => {
    const ci = (subject: string, body: string) => triageTokens(mail('CI <ci@build.example>', subject, body));
    const model = learnt([
      [ci('Build failed on main', 'Pipeline failed: tests'), 'urgent'],
      [ci('Build failed on release', 'Pipeline failed: lint'), 'urgent'],
      [ci('Build failed on docs', 'Pipeline failed: tests'), 'urgent'],
      [ci('Build passed on main', 'Pipeline passed'), 'regular'],
      [ci('Build passed on release', 'Pipeline passed'), 'regular'],
      [ci('Build passed on docs', 'Pipeline passed'), 'regular'],
    ]);
    expect(
      learntVerdict(model, ci('Build failed on nightly', 'Pipeline failed: tests'), EMAIL_PRIORITIES, 'regular'),
    ).toEqual({ label: 'urgent', basis: 'learned' });
    expect(learntVerdict(model, ci('Build passed on nightly', 'Pipeline passed'), EMAIL_PRIORITIES, 'urgent')).toEqual({
      label: 'regular',
      basis: 'learned',
    });
  });

  it('leaves mail that shares a couple of common words with many lessons of one label to the rules', () => {
    const lessons = Array.from({ length: 30 }, (_, i): [TriageTokens, EmailPriority] => [
      triageTokens(
        mail(
          `Person ${i} <p${i}@corp${i}.example>`,
          `Project update ${i}`,
          'Status of the project and next steps for the team',
        ),
      ),
      'urgent',
    ]);
    const model = learnt(lessons);
    const newsletter = triageTokens(
      mail(
        'Digest <digest@news.example>',
        'Gardening weekly',
        'Tomatoes, roses and the team behind the allotment project: seasonal planting calendar inside',
      ),
    );
    expect(learntVerdict(model, newsletter, EMAIL_PRIORITIES, 'regular')).toEqual({ label: 'regular', basis: 'rules' });
  });

  it('keeps the rules label for mail it has seen nothing of', () => {
    expect(RULES_WEIGHT).toBeGreaterThan(0);
    expect(OPEN_VOCABULARY).toBeGreaterThan(100);
    const model = learnt([[new Map([['alpha', 1]]), 'urgent']]);
    expect(learntVerdict(model, new Map([['beta', 1]]), EMAIL_PRIORITIES, 'important')).toEqual({
      label: 'important',
      basis: 'rules',
    });
  });
});
