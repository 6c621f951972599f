import { theme, type ThemeConfig } from 'antd';

const brand = { colorPrimary: '#4f46e5', borderRadius: 8, fontFamily: "Inter, -apple-system, 'Segoe UI', Roboto, sans-serif" };

export function antdTheme(mode: 'light' | 'dark'): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: brand,
    components: {
      Layout: mode === 'dark' ? { siderBg: '#141414', bodyBg: '#000' } : { siderBg: '#fff', bodyBg: '#f5f6fa' },
      Menu: { itemBorderRadius: 8, itemMarginInline: 8 },
    },
  };
}
