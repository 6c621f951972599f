import { useQuery } from '@tanstack/react-query';
import { PROFILE_DEFAULTS, type Profile } from '@aide/contracts';

export const PROFILE_QUERY_KEY = ['/api/profile'] as const;

/**
 * The IANA zone events are shown and edited in: the profile's timezone (spec §5 default UTC).
 * Until the profile loads (or if it fails) the default applies, so screens never wait on it.
 */
export function useProfileTimezone(): { timezone: string; isPending: boolean } {
  const query = useQuery<Profile>({ queryKey: PROFILE_QUERY_KEY });
  return { timezone: query.data?.timezone ?? PROFILE_DEFAULTS.timezone, isPending: query.isPending };
}
