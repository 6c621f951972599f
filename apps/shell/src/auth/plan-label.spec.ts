import { planLabel } from './plan-label';

describe('planLabel', () => {
  it('names the plan under the user in the sidebar, Free when there is none', () => {
    expect(planLabel('free')).toBe('Free');
    expect(planLabel('premium')).toBe('Premium');
    expect(planLabel('enterprise')).toBe('Enterprise');
    expect(planLabel(null)).toBe('Free');
    expect(planLabel(undefined)).toBe('Free');
  });
});
