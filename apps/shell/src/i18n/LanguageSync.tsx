import { useEffect } from 'react';
import { setLocale } from '@aide/i18n';
import { useProfile } from '../profile/useProfile';

/**
 * Signed in, the profile's language is the app's: on sign-in, and at once when the Profile screen
 * saves another one (the save refetches the profile). Before sign-in the browser's language rules.
 */
export function LanguageSync() {
  const language = useProfile().data?.language;
  useEffect(() => {
    if (language) void setLocale(language);
  }, [language]);
  return null;
}
