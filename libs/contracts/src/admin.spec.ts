import { updateUserPlanSchema, updateUserRoleSchema } from './admin';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('updateUserRoleSchema', () => {
  it('takes user or admin', () => {
    expect(updateUserRoleSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(updateUserRoleSchema.parse({ role: 'user' })).toEqual({ role: 'user' });
  });

  it('answers "Role must be user or admin" for anything else or nothing', () => {
    expect(messages(updateUserRoleSchema.safeParse({ role: 'owner' }))).toEqual(['Role must be user or admin']);
    expect(messages(updateUserRoleSchema.safeParse({}))).toEqual(['Role must be user or admin']);
  });
});

describe('updateUserPlanSchema', () => {
  it('takes free, premium or enterprise', () => {
    for (const plan of ['free', 'premium', 'enterprise'])
      expect(updateUserPlanSchema.parse({ plan })).toEqual({ plan });
  });

  it('answers "Plan must be one of free, premium or enterprise" for anything else or nothing', () => {
    expect(messages(updateUserPlanSchema.safeParse({ plan: 'gold' }))).toEqual([
      'Plan must be one of free, premium or enterprise',
    ]);
    expect(messages(updateUserPlanSchema.safeParse({}))).toEqual(['Plan must be one of free, premium or enterprise']);
  });
});
