import { lazy } from 'react';

/**
 * The shell's own screens, each in its own chunk. They are built beside the shell (not as remotes)
 * because every user has them, whatever modules their plan includes.
 */
export const ProfilePage = lazy(() => import('../profile/ProfilePage'));
export const AdminPage = lazy(() => import('../admin/AdminPage'));
