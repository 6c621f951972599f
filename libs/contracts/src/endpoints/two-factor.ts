import { authUserSchema } from '../auth';
import { endpoint } from '../endpoint';
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '../two-factor';

export const twoFactorEndpoints = {
  status: endpoint({ method: 'GET', path: '/api/account/two-factor', response: twoFactorStatusSchema }),
  setup: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    status: 200,
    response: twoFactorSetupSchema,
    summary: 'A new secret and its otpauth:// URI, in force once confirmed',
  }),
  // Invalidates nothing: the status is refetched once the person has saved the recovery codes.
  confirm: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/confirm',
    body: confirmTwoFactorSchema,
    status: 200,
    response: twoFactorRecoveryCodesSchema,
    summary: 'Two-factor sign-in is on; the ten recovery codes, shown this once',
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: disableTwoFactorSchema,
    status: 204,
    response: null,
    invalidates: ['/api/account/two-factor'],
    summary: 'Two-factor sign-in is off',
  }),
  /** The second step of signing in (POST /api/auth/login or Google answered that a code is needed). */
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/two-factor',
    body: twoFactorSignInSchema,
    status: 200,
    response: authUserSchema,
    summary: 'Signed in: the user, as POST /api/auth/login answers',
  }),
};
