import { theme, type ThemeConfig } from 'antd';

const brand = {
  colorPrimary: '#4f46e5',
  borderRadius: 8,
  fontFamily: "Inter, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

/** The antd theme for a mode; with `reducedMotion` (the OS's prefers-reduced-motion) antd animates nothing. */
export function antdTheme(mode: 'light' | 'dark', reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...brand, motion: !reducedMotion },
    components: {
      Layout: mode === 'dark' ? { siderBg: '#141414', bodyBg: '#000' } : { siderBg: '#fff', bodyBg: '#f5f6fa' },
      Menu: { itemBorderRadius: 8, itemMarginInline: 8 },
    },
  };
}
