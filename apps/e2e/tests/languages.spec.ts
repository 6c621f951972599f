import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

// Issue 22: switching the profile language changes every screen, at once (no reload), and before
// sign-in the browser's language picks one. The expected texts are read from the apps' catalogs at
// test time: the English text of a heading finds its key(s) in <app>/src/i18n/**/en.json, and the
// same key in <lang>.json is what the screen must show.

const LANGUAGES = [
  { code: 'es', label: 'Español', intl: 'es-ES' },
  { code: 'fr', label: 'Français', intl: 'fr-FR' },
  { code: 'de', label: 'Deutsch', intl: 'de-DE' },
  { code: 'ja', label: '日本語', intl: 'ja-JP' },
  { code: 'zh', label: '中文', intl: 'zh-CN' },
] as const;
type Language = (typeof LANGUAGES)[number]['code'];

const root = path.resolve(__dirname, '../../..');

/** Every catalog folder of an app (src/i18n and a part's own src/i18n/<part>). */
function catalogFolders(app: string): string[] {
  const base = path.join(root, 'apps', app, 'src/i18n');
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'en.json')
    .map((entry) => entry.parentPath);
}

/** ICU's quoting undone for a plain message ('' is one apostrophe). */
const unquote = (message: string) => message.replace(/''/g, "'");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text `english` (an app's source text, e.g. a page title) in `language`: every key whose English
 * is exactly that, looked up in the language's catalog. A regular expression matching any of them.
 */
function translated(app: string, english: string, language: Language): RegExp {
  const texts = new Set<string>();
  for (const folder of catalogFolders(app)) {
    const en = JSON.parse(fs.readFileSync(path.join(folder, 'en.json'), 'utf8')) as Record<string, string>;
    const file = path.join(folder, `${language}.json`);
    const other = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
    for (const [key, value] of Object.entries(en)) {
      if (unquote(value) === english && other[key]) texts.add(unquote(other[key]));
    }
  }
  if (texts.size === 0) {
    throw new Error(`No key of apps/${app}/src/i18n with the English text '${english}' has a ${language} translation`);
  }
  // Not anchored: an accessible name may carry an icon's name too ('Kostenlos starten arrow-right').
  return new RegExp(`(${[...texts].map(escapeRegExp).join('|')})`);
}

/** The sample of screens: where, and the heading (app, English text) it must show translated. */
const SAMPLE: { path: string; app: string; english: string; find: (page: Page, text: RegExp) => Locator }[] = [
  { path: '/', app: 'mf-organiser', english: 'Priority Tasks', find: (page, text) => page.getByText(text).first() },
  {
    path: '/tasks',
    app: 'mf-organiser',
    english: 'Tasks & To-Do',
    find: (page, text) => page.getByRole('heading', { name: text }).first(),
  },
  {
    path: '/email',
    app: 'mf-email',
    english: 'Email Management',
    find: (page, text) => page.getByRole('heading', { name: text }).first(),
  },
  {
    path: '/documents',
    app: 'mf-documents',
    english: 'Documents',
    find: (page, text) => page.getByRole('heading', { name: text, level: 1 }),
  },
  {
    path: '/profile',
    app: 'shell',
    english: 'Preferences',
    find: (page, text) => page.getByRole('heading', { name: text, level: 2 }),
  },
];

for (const { code, label, intl } of LANGUAGES) {
  test(`${label}: chosen on the Profile screen, it applies at once, and the screens speak it`, async ({ page }) => {
    await signUpViaApi(page, 'Lena', 'Lingua');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Preferences', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

    // Through the Profile screen, and no reload: a mark on the window survives the switch.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByLabel('Language').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const preferences = translated('shell', 'Preferences', code);
    // Some words are the same in another language ('Documents' in French); this one never is.
    expect(preferences.test('Preferences')).toBe(false);
    await expect(page.getByRole('heading', { level: 2, name: preferences })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${code}`));
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect((await (await page.request.get('/api/profile')).json()).language).toBe(code);

    for (const screen of SAMPLE) {
      await test.step(screen.path, async () => {
        await page.goto(screen.path);
        await expect(screen.find(page, translated(screen.app, screen.english, code))).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${code}`));
      });
    }

    // A date in the language: the calendar's day view names today's weekday (the profile's timezone is UTC).
    await page.goto('/calendar');
    // Month, Week, Day: the view switcher's last choice.
    await page.getByRole('radiogroup').first().locator('label').last().click();
    const weekday = new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' }).format(new Date());
    await expect(page.getByTestId('calendar-range-label')).toContainText(weekday, { ignoreCase: true });
  });
}

test('before sign-in, a browser set to German sees the landing page in German', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: translated('shell', 'Get Started Free', 'de') }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await context.close();
});
