import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@aide/api-client';
import { PROFILE_DEFAULTS, profileEndpoints } from '@aide/contracts';

/**
 * The IANA zone events are shown and edited in: the profile's timezone (spec §5 default UTC).
 * Until the profile loads (or if it fails) the default applies, so screens never wait on it.
 */
export function useProfileTimezone(): { timezone: string; isPending: boolean; isKnown: boolean } {
  const query = useQuery(endpointQuery(profileEndpoints.get));
  return {
    timezone: query.data?.timezone ?? PROFILE_DEFAULTS.timezone,
    isPending: query.isPending,
    /** The profile answered: `timezone` is the user's, not the default. */
    isKnown: query.data !== undefined,
  };
}
