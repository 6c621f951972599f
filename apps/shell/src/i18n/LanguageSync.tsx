import { useEffect } from 'react';
import { setLocale } from '@aide/i18n';
import { useProfile } from '../profile/useProfile';

/**
 * Signed in, the profile's language is the app's: on sign-in, and whenever the profile changes
 * (another tab saved a new one). The Profile screen's save switches at once itself (useUpdateProfile),
 * without waiting for the refetch. Before sign-in the browser's language rules.
 */
export function LanguageSync() {
  const language = useProfile().data?.language;
  useEffect(() => {
    if (language) void setLocale(language);
  }, [language]);
  return null;
}
