import { z } from 'zod';
import { authUserSchema, loginSchema, messageResponseSchema, registerSchema } from '../auth';
import { endpoint } from '../endpoint';
import { twoFactorChallengeSchema } from '../two-factor';

/** Signing up, in and out. The page routes (/api/login, /api/logout, Google's) answer redirects or HTML. */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: registerSchema,
    // 201 with the signed-in user; 202 with a message while the app sends mail (the address may be taken).
    response: z.union([authUserSchema, messageResponseSchema]),
    summary: 'Sign up with email and password',
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: loginSchema,
    status: 200,
    response: z.union([authUserSchema, twoFactorChallengeSchema]),
    summary: 'Sign in with email and password',
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    response: authUserSchema,
    summary: 'The signed-in user',
  }),
  /** Where "Sign In" buttons lead (a full page navigation): redirects to /sign-in. */
  login: endpoint({ method: 'GET', path: '/api/login', response: null, summary: 'Redirects to /sign-in' }),
  /** The sign-out link (a full page navigation): ends the session and redirects to /. */
  logout: endpoint({ method: 'GET', path: '/api/logout', response: null, summary: 'Sign out and go to /' }),
  /** Sign-out by script, or from the sign-out confirmation page's form. */
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    response: null,
    status: 204,
    summary: 'Session ended',
  }),
  /** "Continue with Google" (a full page navigation): redirects to the issuer. */
  google: endpoint({ method: 'GET', path: '/api/auth/google', response: null }),
  googleCallback: endpoint({ method: 'GET', path: '/api/auth/google/callback', response: null }),
};
