import { z } from 'zod';
import { authUserSchema, registerSchema } from './auth';

/** A new password: the sign-up policy (at least PASSWORD_MIN characters, at most 200). */
const newPassword = registerSchema.shape.password;

/** POST /api/account/password: the current password proves it is the owner at the keyboard. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200, 'Current password must be at most 200 characters'),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /api/auth/password-reset/request: where to send a reset link (answered the same whether or not an account has it). */
export const passwordResetRequestSchema = registerSchema.pick({ email: true });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** A one-use token from a mailed (or admin-issued) link: 43 URL-safe characters (32 random bytes). */
const token = z
  .string({ error: 'The link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The link is incomplete or was changed. Open the link from the email again.');

/** POST /api/auth/password-reset: set a new password with a reset link's token. */
export const passwordResetSchema = z.object({ token, password: newPassword });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** POST /api/auth/verify-email: confirm the address with a verification link's token. */
export const verifyEmailSchema = z.object({ token });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** The answer to a sign-up while the app sends mail: the same whether the address was free or taken. */
export const SIGN_UP_CHECK_INBOX = 'Check your inbox: we sent a message to finish signing up.';
/** The answer to a reset request: the same whether or not an account has the address. */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this address, we sent it a link to set a new password. Check your inbox.';
export const PASSWORD_RESET_DONE =
  'Your password was changed and every session was signed out. Sign in with the new password.';
export const PASSWORD_RESET_LINK_INVALID = 'This link has expired or was already used. Ask for a new one.';
export const EMAIL_VERIFIED = 'Your email address is verified.';
export const VERIFICATION_LINK_INVALID =
  'This verification link has expired or was already used. Send a new one from your profile.';
export const VERIFICATION_SENT = 'We sent a verification link to your email address.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';
export const PASSWORD_CHANGED = 'Your password was changed. Your other sessions were signed out.';
export const APP_MAIL_NOT_CONFIGURED = 'This server does not send email. Ask an administrator to reset your password.';
export const VERIFICATION_NEEDS_MAIL = 'This server does not send email, so your address cannot be verified here.';
export const SESSION_NOT_FOUND = 'Session not found';

/** One signed-in session as GET /api/account/sessions lists it. */
export interface SignInSession {
  /** A handle for this session (not its cookie value): what DELETE /api/account/sessions/:sessionKey takes. */
  key: string;
  /** 'Chrome 131', 'Firefox 133'; null when the User-Agent names none. */
  browser: string | null;
  /** 'macOS 14', 'Windows 10', 'iPhone'; null when the User-Agent names none. */
  device: string | null;
  ip: string | null;
  createdAt: string | null;
  lastSeenAt: string | null;
  /** The session of this very request. */
  current: boolean;
}

/** POST /api/admin/users/:userId/password-reset-link: a one-use link shown once to the admin. */
export interface PasswordResetLink {
  url: string;
  expiresAt: string;
}

export const signInSessionSchema: z.ZodType<SignInSession> = z.object({
  key: z.string(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});

export const passwordResetLinkSchema: z.ZodType<PasswordResetLink> = z.object({
  url: z.string(),
  expiresAt: z.string(),
});

/** POST /api/account/password: the message, and the user (their session continues under a new id). */
export const passwordChangedSchema = z.object({ message: z.string(), user: authUserSchema });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;
