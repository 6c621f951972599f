// The profile's Sign Out button and the 2FA enrolment gate sign out as the sidebar does.
export { signOut } from '../auth/sign-out';
