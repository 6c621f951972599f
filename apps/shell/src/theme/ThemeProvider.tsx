import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useResolvedTheme, useThemePreference, type ThemePreference } from './theme-store';

export interface ThemeContextValue {
  /** What the user chose (stored under 'aide-theme'); 'system' follows the OS. */
  preference: ThemePreference;
  /** What is shown right now. */
  mode: 'light' | 'dark';
  setPreference: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Spec §4: one place owns the theme. It resolves 'system' against the OS setting (live) and keeps the
 * 'light'/'dark' class on <html>; everything else reads it through useTheme().
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const preference = useThemePreference((s) => s.preference);
  const setPreference = useThemePreference((s) => s.setPreference);
  const mode = useResolvedTheme();
  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** Spec §8: using the theme outside its provider is an error, with exactly this message. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
