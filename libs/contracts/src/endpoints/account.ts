import { z } from 'zod';
import {
  changePasswordSchema,
  passwordChangedSchema,
  passwordResetLinkSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSessionSchema,
  verifyEmailSchema,
} from '../account-security';
import { messageResponseSchema } from '../auth';
import { endpoint } from '../endpoint';

/**
 * Profile → Security, the links of the app's mail, and the admin's reset link.
 *
 * Ending sessions (and changing the password, which ends the others) declares no `invalidates`: the
 * stream would reach the very sessions just ended, whose refetch then answers 401 and sends them to
 * sign-in mid-page. They learn it on their next request, as before; the acting page refetches its list.
 */
export const accountEndpoints = {
  changePassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    body: changePasswordSchema,
    status: 200,
    response: passwordChangedSchema,
    summary: 'Password changed; this session continues under a new id, every other one is ended',
  }),
  sendVerification: endpoint({
    method: 'POST',
    path: '/api/account/verification-email',
    status: 202,
    response: messageResponseSchema,
    summary: 'A verification link was mailed; 409 when already verified or when the server sends no mail',
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    response: z.array(signInSessionSchema),
    summary: "The user's signed-in sessions, this one first",
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/account/sessions/:sessionKey',
    status: 204,
    response: null,
    summary: 'That session is signed out (this one too, when it is this one)',
  }),
  endOtherSessions: endpoint({
    method: 'DELETE',
    path: '/api/account/sessions',
    status: 204,
    response: null,
    summary: 'Every other session of the user is signed out; this one stays',
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/request',
    body: passwordResetRequestSchema,
    status: 202,
    response: messageResponseSchema,
    summary: 'The same answer whether or not an account has the address',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: passwordResetSchema,
    status: 200,
    response: messageResponseSchema,
    summary: 'Password set; every session of the account was ended',
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verifyEmailSchema,
    status: 200,
    response: messageResponseSchema,
    invalidates: ['/api/auth/user'],
    summary: 'The address is verified',
  }),
  /** Admin Panel → Users → Reset password: the way back in while the server sends no mail. */
  adminResetLink: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/password-reset-link',
    response: passwordResetLinkSchema,
    summary: 'A one-use link (24 hours) to set a new password, shown once for the admin to hand over',
  }),
};
