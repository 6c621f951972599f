/** Where the landing page's calls to action lead (spec §2): full page navigations to the API. */
export const LOGIN_URL = '/api/login';
export const GOOGLE_URL = '/api/auth/google';
