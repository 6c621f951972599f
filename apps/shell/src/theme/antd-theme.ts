import { theme, type ThemeConfig } from 'antd';

type Mode = 'light' | 'dark';

/** The brand: indigo, rounded corners, Inter. */
export const BRAND_COLOR = '#4f46e5';
const brand = {
  borderRadius: 8,
  fontFamily: "Inter, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

/** The page's own surfaces (the shell's Layout): what text sits on besides antd's containers. */
export const SURFACES = {
  light: { siderBg: '#fff', bodyBg: '#f5f6fa' },
  dark: { siderBg: '#141414', bodyBg: '#000' },
} as const;

/** antd's preset colours (Tag color="green", Badge color=…); their text shade is made readable below. */
export const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Seeds and text shades chosen for WCAG AA (4.5:1) on every surface antd puts them on, in both modes
 * (antd-theme.spec.ts measures each pair). antd's defaults are not: secondary text rgba(0,0,0,.45)
 * is 3.36:1 on white, its success/warning/error greens and oranges 1.9–3.3:1, and in the dark the
 * brand indigo is 2.4:1 on the page.
 */
const seeds: Record<Mode, ThemeConfig['token']> = {
  light: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorSuccess: '#2f7d0a',
    colorWarning: '#a15c00',
    colorError: '#c8232c',
    colorInfo: '#1d5fd1',
  },
  dark: {
    // A lighter indigo: the dark algorithm darkens it to read on #141414; solid fills keep the brand (below).
    colorPrimary: '#a5b4fc',
    colorLink: '#a5b4fc',
    colorSuccess: '#73d13d',
    colorWarning: '#ffc53d',
    colorError: '#ff7875',
    colorInfo: '#69b1ff',
  },
};

/** Text tokens: every level of text stays at or above 4.5:1; only disabled controls may be fainter. */
const text: Record<Mode, ThemeConfig['token']> = {
  light: {
    colorTextSecondary: 'rgba(0,0,0,0.65)',
    colorTextTertiary: 'rgba(0,0,0,0.6)',
    colorTextDescription: 'rgba(0,0,0,0.6)',
    colorTextPlaceholder: 'rgba(0,0,0,0.6)',
    colorTextLabel: 'rgba(0,0,0,0.65)',
    colorLinkHover: '#4338ca',
    colorLinkActive: '#3730a3',
    // The darker status seeds would tint their backgrounds grey: keep antd's light ones.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
  },
  dark: {
    colorTextSecondary: 'rgba(255,255,255,0.7)',
    colorTextTertiary: 'rgba(255,255,255,0.62)',
    colorTextDescription: 'rgba(255,255,255,0.62)',
    colorTextPlaceholder: 'rgba(255,255,255,0.6)',
    colorTextLabel: 'rgba(255,255,255,0.7)',
    colorPrimaryBg: '#1e1b3a',
    colorLinkHover: '#c7d2fe',
    colorLinkActive: '#a5b4fc',
  },
};

/**
 * Where white text sits on the primary colour (buttons, a picked date, a checked radio button, a step),
 * the fill stays the brand indigo (white on it is 6.3:1): in the dark the primary text colour above is
 * too light for white on it.
 */
const solidPrimary = {
  colorPrimary: BRAND_COLOR,
  colorPrimaryHover: '#6366f1',
  colorPrimaryActive: '#4338ca',
  colorTextLightSolid: '#ffffff',
};

/**
 * Text on a solid colour fill (colorTextLightSolid: a solid tag, an avatar's initials, today's date on
 * the primary colour): white in the light; in the dark the fills are light (the primary colour, the dark
 * palettes' shades), so the text is the dark surface colour. The components that keep a dark fill keep
 * white text (solidPrimary, Badge, Tooltip, and the image and upload overlays).
 */
export const SOLID_TEXT = { light: '#ffffff', dark: '#141414' } as const;

const palettes: Partial<Record<Mode, Record<string, string>>> = {};
/**
 * antd writes a preset colour's text in shade 7 of its palette on shade 1; for green, cyan, orange,
 * lime, gold and yellow that is under 3.5:1. Each preset's text shade becomes the first of 7–10 that
 * reaches 4.5:1 (computed once per mode).
 */
function presetTextShades(mode: Mode): Record<string, string> {
  const cached = palettes[mode];
  if (cached) return cached;
  const tokens = theme.getDesignToken({
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  }) as unknown as Record<string, string>;
  const shades: Record<string, string> = {};
  for (const color of PRESET_COLORS) {
    const background = tokens[`${color}1`];
    const readable = [7, 8, 9, 10]
      .map((step) => tokens[`${color}${step}`])
      .find((shade) => contrastRatio(shade, background) >= 4.5);
    // Both spellings: antd keeps 'green7' and the older 'green-7', and both become the CSS variable --ant-green-7.
    const set = (step: number, shade: string) => {
      shades[`${color}${step}`] = shade;
      shades[`${color}-${step}`] = shade;
    };
    if (readable) set(7, readable);
    // A solid tag writes SOLID_TEXT on shade 6: in the light the first shade from 6 towards the dark
    // that carries white, in the dark the first towards the light that carries the dark text.
    const solid = [6, 7, 8, 9, 10]
      .map((step) => tokens[`${color}${step}`])
      .find((shade) => contrastRatio(SOLID_TEXT[mode], shade) >= 4.5);
    if (solid) set(6, solid);
  }
  return (palettes[mode] = shades);
}

/** The antd theme for a mode; with `reducedMotion` (the OS's prefers-reduced-motion) antd animates nothing. */
export function antdTheme(mode: Mode, reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...brand,
      ...seeds[mode],
      ...text[mode],
      ...presetTextShades(mode),
      colorTextLightSolid: SOLID_TEXT[mode],
      motion: !reducedMotion,
    },
    components: {
      Layout: { ...SURFACES[mode] },
      Menu: { itemBorderRadius: 8, itemMarginInline: 8 },
      // The days of the next and previous month in the month grid: fainter than this month's, still readable.
      Calendar: { colorTextDisabled: mode === 'dark' ? 'rgba(255,255,255,0.5)' : 'rgba(0,0,0,0.55)' },
      ...(mode === 'dark' && {
        // Initials in dark text on a light grey (and on the light primary colour an app gives an avatar).
        Avatar: { colorTextPlaceholder: '#bfbfbf' },
        Button: solidPrimary,
        DatePicker: solidPrimary,
        Radio: {
          buttonSolidCheckedBg: BRAND_COLOR,
          buttonSolidCheckedHoverBg: '#6366f1',
          buttonSolidCheckedColor: '#ffffff',
        },
        Steps: solidPrimary,
        Badge: { colorError: '#c8232c', colorTextLightSolid: '#ffffff' },
        Tooltip: { colorTextLightSolid: '#ffffff' },
        Image: { colorTextLightSolid: '#ffffff' },
        Upload: { colorTextLightSolid: '#ffffff' },
      }),
    },
  };
}

// ---- WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) ----

type Rgba = [number, number, number, number];

/** '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(a)(r,g,b[,a])' as [r, g, b, a]. */
export function parseColor(color: string): Rgba {
  const value = color.trim().toLowerCase();
  if (value.startsWith('#')) {
    let hex = value.slice(1);
    if (hex.length === 3 || hex.length === 4) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), hex.length === 8 ? n(6) / 255 : 1];
  }
  const match = /^rgba?\(([^)]+)\)$/.exec(value);
  if (!match) throw new Error(`Not a colour: ${color}`);
  const [r, g, b, a = '1'] = match[1].split(/[\s,/]+/).filter(Boolean);
  return [Number(r), Number(g), Number(b), Number(a)];
}

/** `color` painted over the opaque `background`. */
export function composite(color: string, background: string): string {
  const [r, g, b, a] = parseColor(color);
  const [br, bg, bb] = parseColor(background);
  const mix = (c: number, d: number) => Math.round(c * a + d * (1 - a));
  return `rgb(${mix(r, br)},${mix(g, bg)},${mix(b, bb)})`;
}

function luminance(color: string): number {
  const [r, g, b] = parseColor(color).map((c) => c / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of text `color` (may be translucent) on the opaque `background`. */
export function contrastRatio(color: string, background: string): number {
  const a = luminance(composite(color, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
