import { createFeatureToggleSchema, planIncludes, updateFeatureToggleSchema } from './feature-toggles';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('createFeatureToggleSchema', () => {
  it('answers "Name is required" when the name is missing, empty or blank', () => {
    expect(messages(createFeatureToggleSchema.safeParse({}))).toEqual(['Name is required']);
    expect(messages(createFeatureToggleSchema.safeParse({ name: '  ' }))).toEqual(['Name is required']);
  });

  it('defaults enabled and adminOnly to false and the plan to free, and trims the name', () => {
    expect(createFeatureToggleSchema.parse({ name: ' beta.search ' })).toEqual({
      name: 'beta.search',
      enabled: false,
      planRequired: 'free',
      adminOnly: false,
    });
  });

  it('rejects an unknown plan and over-long text', () => {
    expect(messages(createFeatureToggleSchema.safeParse({ name: 'x', planRequired: 'gold' }))).toEqual([
      'Plan must be one of free, premium or enterprise',
    ]);
    expect(messages(createFeatureToggleSchema.safeParse({ name: 'a'.repeat(101) }))).toEqual([
      'Name must be at most 100 characters',
    ]);
    expect(messages(createFeatureToggleSchema.safeParse({ name: 'x', description: 'a'.repeat(501) }))).toEqual([
      'Description must be at most 500 characters',
    ]);
  });
});

describe('updateFeatureToggleSchema', () => {
  it('takes a partial update without applying create defaults', () => {
    expect(updateFeatureToggleSchema.parse({ enabled: true })).toEqual({ enabled: true });
    expect(updateFeatureToggleSchema.parse({ description: null })).toEqual({ description: null });
    expect(messages(updateFeatureToggleSchema.safeParse({ name: '' }))).toEqual(['Name is required']);
  });
});

describe('planIncludes', () => {
  it('orders the plans free < premium < enterprise', () => {
    expect(planIncludes('free', 'free')).toBe(true);
    expect(planIncludes('free', 'premium')).toBe(false);
    expect(planIncludes('premium', 'premium')).toBe(true);
    expect(planIncludes('premium', 'enterprise')).toBe(false);
    expect(planIncludes('enterprise', 'premium')).toBe(true);
  });
});
