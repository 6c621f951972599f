import { endpointUrl } from '@aide/api-client';
import { authEndpoints } from '@aide/contracts';

/** Where the landing page's calls to action lead (spec §2): full page navigations to the API. */
export const LOGIN_URL = endpointUrl(authEndpoints.login);
export const GOOGLE_URL = endpointUrl(authEndpoints.google);

/** The product's name: the same in every language (docs/GLOSSARY.md). */
export const BRAND = 'Aide';
