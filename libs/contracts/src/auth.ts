import { z } from 'zod';
import { text } from './text';

export const USER_ROLES = ['user', 'admin'] as const;
export const USER_PLANS = ['free', 'premium', 'enterprise'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserPlan = (typeof USER_PLANS)[number];

export const roleSchema = z.enum(USER_ROLES, { error: 'Role must be user or admin' });
export const planSchema = z.enum(USER_PLANS, { error: 'Plan must be one of free, premium or enterprise' });

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email'))
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
export const NAME_MAX = 100;

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'Password must be at most 200 characters'),
  firstName: text('First name', NAME_MAX, { required: 'First name is required' }),
  lastName: text('Last name', NAME_MAX, { required: 'Last name is required' }),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The signed-in user as GET /api/auth/user returns it (never the password hash). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  plan: UserPlan;
  status: string;
  /** Whether the owner proved the address (a verification or reset link, or the issuer of a Google sign-in). */
  emailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/** The user as the API answers it (GET /api/auth/user, sign-in, the admin's user list). */
export const authUserSchema: z.ZodType<AuthUser> = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
  plan: z.enum(USER_PLANS),
  status: z.string(),
  emailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

/** An answer that is only a sentence for the user (e.g. 'Check your inbox: …'). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
