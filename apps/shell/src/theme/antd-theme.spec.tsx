import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, Tag, theme } from 'antd';
import { antdTheme, BRAND_COLOR, composite, contrastRatio, PRESET_COLORS, SOLID_TEXT, SURFACES } from './antd-theme';

type Mode = 'light' | 'dark';
type Tokens = Record<string, string>;
const tokensOf = (mode: Mode) => theme.getDesignToken(antdTheme(mode)) as unknown as Tokens;

/** Every pair below falling short of 4.5:1, as 'token on background (ratio)'. */
function shortfalls(pairs: [string, string, string, string][]): string[] {
  return pairs
    .map(([fgName, fg, bgName, bg]) => ({ name: `${fgName} ${fg} on ${bgName} ${bg}`, ratio: contrastRatio(fg, bg) }))
    .filter(({ ratio }) => ratio < 4.5)
    .map(({ name, ratio }) => `${name} (${ratio.toFixed(2)}:1)`);
}

describe('WCAG contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // antd's default secondary text on white, as the accessibility scan measured it.
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(composite('rgba(0,0,0,0.5)', '#ffffff')).toBe('rgb(128,128,128)');
  });
});

describe.each<Mode>(['light', 'dark'])('the %s theme reads at 4.5:1 or more', (mode) => {
  const t = tokensOf(mode);
  const config = antdTheme(mode);
  // Every surface text sits on: antd's containers, the shell's page and sider, popups, and the
  // light fills antd puts behind tags, hovered rows and segmented controls.
  const surfaces: [string, string][] = [
    ['colorBgContainer', t.colorBgContainer],
    ['colorBgLayout', t.colorBgLayout],
    ['colorBgElevated', t.colorBgElevated],
    ['Layout.bodyBg', SURFACES[mode].bodyBg],
    ['Layout.siderBg', SURFACES[mode].siderBg],
    ['colorFillQuaternary', composite(t.colorFillQuaternary, t.colorBgContainer)],
    ['colorFillTertiary', composite(t.colorFillTertiary, t.colorBgContainer)],
    ['colorFillSecondary', composite(t.colorFillSecondary, t.colorBgContainer)],
  ];
  const on = (names: string[], backgrounds: [string, string][]) =>
    names.flatMap((name) =>
      backgrounds.map(([bgName, bg]) => [name, t[name], bgName, bg] as [string, string, string, string]),
    );

  it('every level of text on every surface', () => {
    const levels = [
      'colorText',
      'colorTextHeading',
      'colorTextLabel',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorTextPlaceholder',
    ];
    expect(shortfalls(on(levels, surfaces))).toEqual([]);
  });

  it('links and the primary colour as text, also on a selected menu item', () => {
    const names = ['colorPrimary', 'colorPrimaryText', 'colorLink'];
    expect(shortfalls(on(names, [...surfaces.slice(0, 5), ['colorPrimaryBg', t.colorPrimaryBg]]))).toEqual([]);
  });

  it('success, warning, error and info text, on the page and on their own light backgrounds (alerts, tags)', () => {
    const pairs = (['Success', 'Warning', 'Error', 'Info'] as const).flatMap((status) =>
      on(
        [`color${status}`, `color${status}Text`],
        [...surfaces.slice(0, 3), [`color${status}Bg`, t[`color${status}Bg`]]],
      ),
    );
    expect(shortfalls(pairs)).toEqual([]);
  });

  it("tags in antd's preset colours, outlined and solid", () => {
    const pairs = PRESET_COLORS.flatMap((color) => [
      [`${color}7`, t[`${color}7`], `${color}1`, t[`${color}1`]] as [string, string, string, string],
      ['SOLID_TEXT', SOLID_TEXT[mode], `${color}6`, t[`${color}6`]] as [string, string, string, string],
    ]);
    const statusSolid = (['Success', 'Warning', 'Error', 'Info'] as const).map(
      (status) =>
        ['SOLID_TEXT', SOLID_TEXT[mode], `color${status}`, t[`color${status}`]] as [string, string, string, string],
    );
    expect(shortfalls(statusSolid)).toEqual([]);
    expect(shortfalls(pairs)).toEqual([]);
  });

  it("the month grid's days of the neighbouring months, and an avatar's initials", () => {
    const components = config.components as Record<string, Record<string, string> | undefined>;
    const calendarDisabled = components.Calendar?.colorTextDisabled ?? t.colorTextDisabled;
    const avatarBg = components.Avatar?.colorTextPlaceholder ?? t.colorTextPlaceholder;
    const initials = components.Avatar?.colorTextLightSolid ?? t.colorTextLightSolid;
    expect(contrastRatio(t.colorTextLightSolid, SOLID_TEXT[mode])).toBe(1);
    expect(
      shortfalls([
        ['Calendar.colorTextDisabled', calendarDisabled, 'colorBgContainer', t.colorBgContainer],
        [
          'Avatar.colorTextLightSolid',
          initials,
          'Avatar.colorTextPlaceholder',
          composite(avatarBg, t.colorBgContainer),
        ],
        ['Avatar.colorTextLightSolid', initials, 'colorPrimary', t.colorPrimary],
      ]),
    ).toEqual([]);
  });

  it("text on solid fills: the primary colour (buttons, a picked date, a step, a radio button, an app's own), a badge, a tooltip", () => {
    const solid = (component: string, token: string) =>
      (config.components as Record<string, Record<string, string> | undefined>)[component]?.[token] ?? t[token];
    const on = (component: string, fill: string): [string, string, string, string] => [
      `${component}.colorTextLightSolid`,
      solid(component, 'colorTextLightSolid'),
      `${component}.${fill}`,
      solid(component, fill),
    ];
    expect(
      shortfalls([
        ['colorTextLightSolid', t.colorTextLightSolid, 'colorPrimary', t.colorPrimary],
        on('Button', 'colorPrimary'),
        on('DatePicker', 'colorPrimary'),
        on('Calendar', 'colorPrimary'),
        on('Steps', 'colorPrimary'),
        on('Badge', 'colorError'),
        on('Tooltip', 'colorBgSpotlight'),
        [
          'Radio.buttonSolidCheckedColor',
          solid('Radio', 'buttonSolidCheckedColor') ?? t.colorTextLightSolid,
          'Radio.buttonSolidCheckedBg',
          solid('Radio', 'buttonSolidCheckedBg') ?? t.colorPrimary,
        ],
      ]),
    ).toEqual([]);
  });
});

describe('antdTheme', () => {
  it('uses the dark algorithm and dark surfaces in dark mode, the default ones in light mode', () => {
    const dark = antdTheme('dark');
    expect(dark.algorithm).toBe(theme.darkAlgorithm);
    expect(dark.components?.Layout).toEqual({ siderBg: '#141414', bodyBg: '#000' });
    const light = antdTheme('light');
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(light.components?.Layout).toEqual({ siderBg: '#fff', bodyBg: '#f5f6fa' });
  });

  it('keeps the brand indigo: the primary colour in light, the solid fills in dark', () => {
    expect(antdTheme('light').token?.colorPrimary).toBe(BRAND_COLOR);
    expect((antdTheme('dark').components?.Button as { colorPrimary?: string }).colorPrimary).toBe(BRAND_COLOR);
    expect(BRAND_COLOR).toBe('#4f46e5');
  });

  it('animates unless the OS asks for reduced motion', () => {
    expect(antdTheme('light').token?.motion).toBe(true);
    expect(antdTheme('light', true).token?.motion).toBe(false);
  });
});

describe('the CSS variables antd writes', () => {
  it("carry the readable preset shades (antd's older 'green-7' spelling writes the same variable)", () => {
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={antdTheme('light')}>
          <Tag color="green">Done</Tag>
        </ConfigProvider>
      </StyleProvider>,
    );
    const css = extractStyle(cache, true);
    const green7 = theme.getDesignToken(antdTheme('light')).green7;
    expect(contrastRatio(green7, theme.getDesignToken(antdTheme('light')).green1)).toBeGreaterThanOrEqual(4.5);
    expect([...css.matchAll(/--ant-green-7:([^;}]*)/g)].map((m) => m[1])).toEqual([green7]);
  });
});
