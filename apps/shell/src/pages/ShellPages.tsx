import { lazy } from 'react';

/**
 * The shell's own screens, each in its own chunk. They are built beside the shell (not as remotes)
 * because every user has them, whatever modules their plan includes.
 */
export const ProfilePage = lazy(() => import('../profile/ProfilePage'));
export const AdminPage = lazy(() => import('../admin/AdminPage'));
// Rarely seen, so kept out of the first load too.
export const LockedModulePage = lazy(() => import('./LockedModulePage').then((m) => ({ default: m.LockedModulePage })));
export const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
// The pages the app's mail links to, also opened signed in.
export const VerifyEmailPage = lazy(() =>
  import('../auth/account/VerifyEmailPage').then((m) => ({
    default: function SignedInVerifyEmailPage() {
      return <m.VerifyEmailPage signedIn />;
    },
  })),
);
export const ResetPasswordPage = lazy(() =>
  import('../auth/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
