import { z } from 'zod';
import { deleteAccountSchema, planAllowsSelfDeletion, ACCOUNT_DELETION_MESSAGES } from './account-data';
import { planQuotaMessage, PLAN_QUOTAS } from './plan-quotas';
import { text } from './text';
import { toApiErrorBody } from './validation';
import { addKeyword, seoRating, uptimeRating } from './websites';

describe('planQuotaMessage (the 403 when a plan’s quota is used)', () => {
  it('says the limit, what frees a place and what the next plan allows', () => {
    expect(planQuotaMessage('free', 'websites')).toBe(
      'The Free plan allows up to 5 websites. Remove one, or upgrade to Premium for up to 25.',
    );
    expect(planQuotaMessage('premium', 'calendarIntegrations')).toBe(
      'The Premium plan allows up to 10 calendar connections. Remove one, or upgrade to Enterprise for up to 50.',
    );
  });

  it('counts research runs per day, to be tried again tomorrow', () => {
    expect(planQuotaMessage('free', 'researchRunsPerDay')).toBe(
      'The Free plan allows up to 20 research runs a day. Try again tomorrow, or upgrade to Premium for up to 200 a day.',
    );
  });

  it('offers no upgrade on the highest plan', () => {
    expect(planQuotaMessage('enterprise', 'emailAccounts')).toBe(
      'The Enterprise plan allows up to 50 email accounts. Remove one.',
    );
  });

  it('gives every higher plan more of everything', () => {
    for (const quota of Object.keys(PLAN_QUOTAS.free) as (keyof typeof PLAN_QUOTAS.free)[]) {
      expect(PLAN_QUOTAS.premium[quota]).toBeGreaterThan(PLAN_QUOTAS.free[quota]);
      expect(PLAN_QUOTAS.enterprise[quota]).toBeGreaterThan(PLAN_QUOTAS.premium[quota]);
    }
  });
});

describe('toApiErrorBody (every 400 the API sends for invalid input)', () => {
  const schema = z.object({
    title: text('Title', 10, { required: 'Title is required' }),
    tags: z.array(z.string('Each tag must be text')),
  });

  it('lists each field’s problem with its path, and joins the distinct messages', () => {
    const result = schema.safeParse({ title: '  ', tags: ['a', 1, 2] });
    expect(toApiErrorBody(result.error!)).toEqual({
      message: 'Title is required; Each tag must be text',
      errors: [
        { path: 'title', message: 'Title is required' },
        { path: 'tags.1', message: 'Each tag must be text' },
        { path: 'tags.2', message: 'Each tag must be text' },
      ],
    });
  });

  it('still says something when no issue has a message', () => {
    expect(toApiErrorBody(new z.ZodError([]))).toEqual({ message: 'Invalid request', errors: [] });
  });
});

describe('text (the trimmed, length-limited strings of every form)', () => {
  const title = text('Title', 5, { required: 'Title is required' });
  const note = text('Note', 5);

  it('trims, and counts the length after trimming', () => {
    expect(title.parse('  Hello  ')).toBe('Hello');
    expect(title.safeParse('Hello!').error?.issues[0].message).toBe('Title must be at most 5 characters');
  });

  it('requires a value only when told to', () => {
    expect(title.safeParse('   ').error?.issues[0].message).toBe('Title is required');
    expect(title.safeParse(undefined).error?.issues[0].message).toBe('Title is required');
    expect(note.parse('  ')).toBe('');
    expect(note.safeParse(3).error?.issues[0].message).toBe('Note must be text');
  });

  it('refuses the NUL character, which PostgreSQL cannot store', () => {
    expect(note.safeParse('a\u0000b').error?.issues[0].message).toBe('Note must not contain NUL characters');
  });
});

describe('account deletion', () => {
  it('is self-service on every plan but Enterprise, whose accounts support deletes', () => {
    expect(planAllowsSelfDeletion('free')).toBe(true);
    expect(planAllowsSelfDeletion('premium')).toBe(true);
    expect(planAllowsSelfDeletion('enterprise')).toBe(false);
  });

  it('is confirmed by the password, or by the email typed out (normalised)', () => {
    expect(deleteAccountSchema.parse({ password: 'secret' })).toEqual({ password: 'secret' });
    expect(deleteAccountSchema.parse({ email: '  Ada@Example.TEST ' })).toEqual({ email: 'ada@example.test' });
    expect(deleteAccountSchema.safeParse({}).error?.issues[0].message).toBe(
      ACCOUNT_DELETION_MESSAGES.confirmationRequired,
    );
    expect(deleteAccountSchema.safeParse({ password: '' }).error?.issues[0].message).toBe(
      ACCOUNT_DELETION_MESSAGES.confirmationRequired,
    );
  });
});

describe('website ratings (spec §9 colours)', () => {
  it('rates uptime good from 99.5 %, fair from 95 %, else poor', () => {
    expect([100, 99.5, 99.49, 95, 94.99, 0].map(uptimeRating)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
  });

  it('rates SEO good from 90, fair from 70, else poor', () => {
    expect([100, 90, 89, 70, 69, 0].map(seoRating)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });
});

describe('addKeyword', () => {
  it('adds a trimmed keyword once, keeping the first spelling', () => {
    expect(addKeyword(['SEO'], '  travel ')).toEqual(['SEO', 'travel']);
    expect(addKeyword(['SEO'], 'seo')).toEqual(['SEO']);
    expect(addKeyword(['SEO'], '   ')).toEqual(['SEO']);
  });

  it('never changes the list it was given', () => {
    const keywords = ['SEO'] as const;
    const next = addKeyword(keywords, 'travel');
    expect(keywords).toEqual(['SEO']);
    expect(next).not.toBe(keywords);
  });
});
