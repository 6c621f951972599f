import { z } from 'zod';

/** The number of one-time recovery codes made when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** The feature toggle that makes two-factor sign-in mandatory (its adminOnly / planRequired narrow who must). */
export const REQUIRE_TWO_FACTOR_TOGGLE = 'security.require-2fa';

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits, or a recovery code like abcde-12345',
  totpFormat: 'The code is the 6 digits your authenticator app shows',
  enrolmentRequired: 'Your administrator requires two-factor sign-in. Turn it on in your profile to continue.',
} as const;

const TOTP_CODE = /^\d{6}$/;
/** Recovery codes: 10 base32-ish characters shown as two groups of five (abcde-12345). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

/** Spaces and dashes people type into 6-digit codes are dropped; recovery codes are compared lower-case. */
const codeText = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(40, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((v) => v.trim().toLowerCase().replace(/\s+/g, ''));

/** POST /api/auth/two-factor: the second sign-in step, a TOTP code or a recovery code. */
export const twoFactorSignInSchema = z.object({
  code: codeText.pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .refine((v) => TOTP_CODE.test(v) || RECOVERY_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.codeFormat),
  ),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** POST /api/account/two-factor/confirm: the first code from the newly added authenticator. */
export const confirmTwoFactorSchema = z.object({
  code: codeText.pipe(
    z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).regex(TOTP_CODE, TWO_FACTOR_MESSAGES.totpFormat),
  ),
});
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** POST /api/account/two-factor/disable: the current password, or (for an account without one) a code. */
export const disableTwoFactorSchema = z
  .object({
    password: z
      .string({ error: 'Password must be text' })
      .max(200, 'Password must be at most 200 characters')
      .optional(),
    code: codeText
      .pipe(
        z
          .string()
          .refine(
            (v) => v === '' || TOTP_CODE.test(v) || RECOVERY_CODE_PATTERN.test(v),
            TWO_FACTOR_MESSAGES.codeFormat,
          ),
      )
      .optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: 'Enter your password or a code from your authenticator app',
  });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** GET /api/account/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** An admin requires it for this account (the REQUIRE_TWO_FACTOR_TOGGLE applies to the user). */
  required: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/account/two-factor/setup: the new secret, not yet in force until confirmed. */
export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  otpauthUri: string;
}

/** POST /api/account/two-factor/confirm: the recovery codes, shown this once. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** POST /api/auth/login's answer when the password was right and a code is still needed. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
}

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' && value !== null && (value as { twoFactorRequired?: unknown }).twoFactorRequired === true
  );
}

export const twoFactorStatusSchema: z.ZodType<TwoFactorStatus> = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const twoFactorSetupSchema: z.ZodType<TwoFactorSetup> = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});

export const twoFactorRecoveryCodesSchema: z.ZodType<TwoFactorRecoveryCodes> = z.object({
  recoveryCodes: z.array(z.string()),
});

export const twoFactorChallengeSchema: z.ZodType<TwoFactorChallenge> = z.object({
  twoFactorRequired: z.literal(true),
});
