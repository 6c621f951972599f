import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type ThemePreference = 'light' | 'dark' | 'system';
/** Spec §4: stored under a product-specific key; default system; cleared on sign-out. */
export const THEME_STORAGE_KEY = 'aide-theme';

const readStored = (): ThemePreference => {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_STORAGE_KEY);
  return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
};

export const useThemePreference = create<{ preference: ThemePreference; setPreference: (p: ThemePreference) => void }>(
  (set) => ({
    preference: readStored(),
    setPreference: (preference) => {
      localStorage.setItem(THEME_STORAGE_KEY, preference);
      set({ preference });
    },
  }),
);

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const subscribe = (onChange: () => void) => {
  const q = darkQuery();
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
};

const reducedMotionQuery = () => window.matchMedia('(prefers-reduced-motion: reduce)');
const subscribeReducedMotion = (onChange: () => void) => {
  const q = reducedMotionQuery();
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
};

/** Whether the OS asks for less motion (live); antd's animations are then switched off. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery().matches,
    () => false,
  );
}

/** The theme actually shown: the preference, or the OS setting (live) when it is 'system'. */
export function useResolvedTheme(): 'light' | 'dark' {
  const preference = useThemePreference((s) => s.preference);
  const systemDark = useSyncExternalStore(
    subscribe,
    () => darkQuery().matches,
    () => false,
  );
  const mode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(mode);
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return mode;
}

export const clearStoredTheme = () => localStorage.removeItem(THEME_STORAGE_KEY);
