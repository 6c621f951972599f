import { loginSchema, planSchema, registerSchema, roleSchema } from './auth';
import { displayName, initials } from './names';
import * as contracts from './index';

describe('auth schemas', () => {
  it('normalises the email and reports a bad one', () => {
    expect(loginSchema.parse({ email: ' Ada@Example.COM ', password: 'x' }).email).toBe('ada@example.com');
    expect(loginSchema.safeParse({ email: 'nope', password: 'x' }).error?.issues[0].message).toBe('Invalid email');
  });

  it('limits the email to 254 characters', () => {
    const r = loginSchema.safeParse({ email: `${'a'.repeat(250)}@b.co`, password: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Email must be at most 254 characters']);
  });

  it('asks for a password of at least 8 characters on sign-up', () => {
    const r = registerSchema.safeParse({ email: 'a@b.co', password: 'short', firstName: 'A', lastName: 'B' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Password must be at least 8 characters']);
  });
});

describe('displayName and initials', () => {
  it('prefers the full name, then first name, then the e-mail local part', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'a@x.io' })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: null, email: 'ada@x.io' })).toBe('ada');
    expect(initials({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('AL');
  });
});

describe('role and plan schemas', () => {
  it('accept the known roles and plans and name the choices otherwise', () => {
    expect(roleSchema.parse('admin')).toBe('admin');
    expect(planSchema.parse('enterprise')).toBe('enterprise');
    expect(roleSchema.safeParse('owner').error?.issues[0].message).toBe('Role must be user or admin');
    expect(planSchema.safeParse('gold').error?.issues[0].message).toBe(
      'Plan must be one of free, premium or enterprise',
    );
  });

  it('stay exported from the package index', () => {
    expect(contracts.planSchema).toBe(planSchema);
    expect(contracts.roleSchema).toBe(roleSchema);
  });
});
