import { deleteAccountSchema, planAllowsSelfDeletion } from './account-data';
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  isTwoFactorChallenge,
  TWO_FACTOR_MESSAGES,
  twoFactorSignInSchema,
} from './two-factor';

describe('two-factor schemas', () => {
  it('take a 6-digit code with the spaces people type, or a recovery code in any case', () => {
    expect(twoFactorSignInSchema.parse({ code: ' 123 456 ' }).code).toBe('123456');
    expect(twoFactorSignInSchema.parse({ code: 'ABCDE-23456' }).code).toBe('abcde-23456');
    expect(twoFactorSignInSchema.parse({ code: 'abcde23456' }).code).toBe('abcde23456');
  });

  it('refuse other shapes with a readable message', () => {
    for (const code of ['12345', '1234567', 'abcde-1234', '']) {
      expect(twoFactorSignInSchema.safeParse({ code }).error?.issues[0].message).toMatch(
        /6-digit|The code is 6 digits/,
      );
    }
    expect(confirmTwoFactorSchema.safeParse({ code: 'abcde-23456' }).error?.issues[0].message).toBe(
      TWO_FACTOR_MESSAGES.totpFormat,
    );
  });

  it('turning off needs a password or a code', () => {
    expect(disableTwoFactorSchema.safeParse({}).error?.issues[0].message).toBe(
      'Enter your password or a code from your authenticator app',
    );
    expect(disableTwoFactorSchema.safeParse({ password: 'x' }).success).toBe(true);
    expect(disableTwoFactorSchema.safeParse({ code: '123456' }).success).toBe(true);
  });

  it('tell the login answer that asks for a code from a user', () => {
    expect(isTwoFactorChallenge({ twoFactorRequired: true })).toBe(true);
    expect(isTwoFactorChallenge({ id: 1, email: 'a@b.co' })).toBe(false);
    expect(isTwoFactorChallenge(null)).toBe(false);
  });
});

describe('account deletion', () => {
  it('needs the password or the email, and the Enterprise plan goes through support', () => {
    expect(deleteAccountSchema.safeParse({}).error?.issues[0].message).toBe(
      'Enter your password to delete your account',
    );
    expect(deleteAccountSchema.parse({ email: ' Ada@Example.com ' }).email).toBe('ada@example.com');
    expect(planAllowsSelfDeletion('free')).toBe(true);
    expect(planAllowsSelfDeletion('premium')).toBe(true);
    expect(planAllowsSelfDeletion('enterprise')).toBe(false);
  });
});
