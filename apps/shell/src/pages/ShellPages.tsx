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
