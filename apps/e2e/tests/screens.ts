/**
 * Every screen and main dialog of the app, as the accessibility and phone specs visit them: where it
 * is, what shows it is ready, and (for a dialog) how it is opened from its screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import { connectToAppDatabase, seedEmails } from './email-db';
import { ADMIN_STATE, dashboardGreeting, signUpViaApi } from './helpers';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 860 } as const;

/** Who sees the screen: nobody signed in, the run's seeded user, or the admin. */
export type Who = 'visitor' | 'user' | 'admin';

export interface Dialog {
  name: string;
  open: (page: Page) => Promise<void>;
  /** The dialog itself, once open. */
  dialog: (page: Page) => Locator;
}

export interface Screen {
  name: string;
  who: Who;
  path: string;
  /** Resolves once the screen shows its content. */
  ready: (page: Page) => Promise<void>;
  /** Something to do on the loaded screen before it is checked (e.g. switch the calendar's view). */
  then?: (page: Page) => Promise<void>;
  /** Changes the page before it loads (e.g. answer the module registry differently). */
  prepare?: (page: Page) => Promise<void>;
  dialogs?: Dialog[];
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first();
const visible = (locator: Locator) => expect(locator).toBeVisible();
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).first();
const calendarView = (page: Page, name: 'Month' | 'Week' | 'Day') =>
  page.getByRole('radiogroup', { name: 'Calendar view' }).getByText(name, { exact: true });

/** A dialog opened with a button on its screen, found by its title. */
const dialogFrom = (name: string, opener: string | RegExp, title: string): Dialog => ({
  name,
  open: async (page) => {
    await button(page, opener).click();
  },
  dialog: (page) => page.getByRole('dialog', { name: title }),
});

/** The travel module locked for this page (reason 'plan'), as an admin putting it on Premium would. */
async function lockTravel(page: Page) {
  const travel: LockedModuleEntry = {
    id: 'travel',
    title: 'Travel',
    routes: ['/travel'],
    reason: 'plan',
    requiredPlan: 'premium',
  };
  await page.route('**/api/modules', async (route) => {
    const response = await route.fetch();
    const modules = (await response.json()) as ModuleRegistryEntry[];
    await route.fulfill({ response, json: modules.filter((m) => m.id !== 'travel') });
  });
  await page.route('**/api/modules/locked', (route) => route.fulfill({ json: [travel] }));
}

const EMAIL_SUBJECT = 'Quarterly planning notes';

export const SCREENS: Screen[] = [
  {
    name: 'landing',
    who: 'visitor',
    path: '/',
    ready: (page) => visible(page.getByRole('link', { name: 'Get Started Free' }).first()),
  },
  {
    name: 'sign-in',
    who: 'visitor',
    path: '/sign-in',
    ready: (page) => visible(page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Email')),
  },
  {
    name: 'dashboard',
    who: 'user',
    path: '/',
    ready: (page) => visible(dashboardGreeting(page)),
  },
  {
    name: 'tasks',
    who: 'user',
    path: '/tasks',
    ready: (page) => visible(page.getByText('Write the quarterly report').first()),
    dialogs: [dialogFrom('new task', 'Add Task', 'Create New Task')],
  },
  {
    name: 'calendar month',
    who: 'user',
    path: '/calendar',
    ready: (page) => visible(page.getByTestId('calendar-range-label')),
    dialogs: [dialogFrom('new event', 'Add Event', 'Add Event')],
  },
  {
    name: 'calendar week',
    who: 'user',
    path: '/calendar',
    ready: (page) => visible(page.getByTestId('calendar-range-label')),
    then: async (page) => {
      await calendarView(page, 'Week').click();
      await visible(page.getByRole('button', { name: /Team sync/ }).first());
    },
  },
  {
    name: 'calendar day',
    who: 'user',
    path: '/calendar',
    ready: (page) => visible(page.getByTestId('calendar-range-label')),
    then: async (page) => {
      await calendarView(page, 'Day').click();
      await visible(page.getByRole('button', { name: /Team sync/ }).first());
    },
  },
  {
    name: 'email',
    who: 'user',
    path: '/email',
    ready: (page) => visible(page.getByText(EMAIL_SUBJECT).first()),
    dialogs: [
      {
        name: 'email detail',
        open: async (page) => {
          await page.getByRole('button', { name: new RegExp(`: ${EMAIL_SUBJECT}\\.? `) }).click();
        },
        dialog: (page) => page.getByRole('dialog', { name: EMAIL_SUBJECT }),
      },
    ],
  },
  {
    name: 'research',
    who: 'user',
    path: '/research',
    ready: (page) => visible(button(page, 'Start Research')),
    dialogs: [dialogFrom('new research', 'Start Research', 'Start Research')],
  },
  {
    name: 'social',
    who: 'user',
    path: '/social',
    ready: (page) => visible(button(page, 'Create Post')),
    dialogs: [dialogFrom('create post', 'Create Post', 'Create Post')],
  },
  {
    name: 'documents',
    who: 'user',
    path: '/documents',
    ready: (page) => visible(heading(page, 'Documents')),
    dialogs: [dialogFrom('upload documents', /Upload$/, 'Upload Documents')],
  },
  {
    name: 'travel',
    who: 'user',
    path: '/travel',
    ready: (page) => visible(page.getByText('Lisbon, Portugal').first()),
    dialogs: [dialogFrom('new trip', 'Plan New Trip', 'Create New Travel Plan')],
  },
  {
    name: 'website',
    who: 'user',
    path: '/website',
    ready: (page) => visible(button(page, 'Add Website')),
    dialogs: [dialogFrom('add site', 'Add Website', 'Add New Website')],
  },
  {
    name: 'profile',
    who: 'user',
    path: '/profile',
    ready: (page) => visible(page.getByRole('heading', { level: 2, name: 'Preferences', exact: true })),
  },
  {
    name: 'not found',
    who: 'user',
    path: '/no-such-page',
    ready: (page) => visible(page.getByText('404 Page Not Found')),
  },
  {
    name: 'access denied',
    who: 'user',
    path: '/admin',
    ready: (page) => visible(page.getByText('Access Denied').first()),
  },
  {
    name: 'locked module',
    who: 'user',
    path: '/travel',
    prepare: lockTravel,
    ready: (page) => visible(page.getByText('Upgrade to Premium to use it.')),
  },
  ...(['Users', 'Features', 'Activity', 'Modules'] as const).map((tab): Screen => ({
    name: `admin ${tab.toLowerCase()}`,
    who: 'admin',
    path: '/admin',
    ready: (page) => visible(page.getByRole('tab', { name: tab })),
    then: async (page) => {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    },
  })),
];

const todayAt = (hour: number, minute = 0) => {
  const d = new Date();
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Signs up a user with something on every screen (tasks, events today, emails, a trip), so the
 * screens are checked with their content, not only their empty states. Answers its signed-in state.
 */
export async function seededUser(browser: Browser, label: string): Promise<{ email: string; state: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpViaApi(page, label, 'Checker');
  const post = async (url: string, data: object) => expect((await page.request.post(url, { data })).status()).toBe(201);
  await post('/api/tasks', { title: 'Write the quarterly report', priority: 'high', dueDate: todayAt(17) });
  await post('/api/tasks', { title: 'Book the dentist', priority: 'medium', status: 'completed' });
  await post('/api/tasks', { title: 'Water the plants', priority: 'low' });
  await post('/api/events', {
    title: 'Team sync',
    type: 'meeting',
    startTime: todayAt(9),
    endTime: todayAt(9, 15),
    location: 'Room 4',
  });
  await post('/api/events', {
    title: 'Dentist visit',
    type: 'appointment',
    startTime: todayAt(14),
    endTime: todayAt(15),
  });
  await post('/api/travel/create', { destination: 'Lisbon, Portugal', startDate: day(20), endDate: day(27) });
  const db = await connectToAppDatabase();
  try {
    await seedEmails(db, email, [
      {
        subject: EMAIL_SUBJECT,
        from: 'Grace Hopper <grace@example.test>',
        body: 'Here are the notes from the planning meeting.',
        priority: 'important',
        category: 'work',
      },
      {
        subject: 'Your weekly digest',
        from: 'news@digest.example',
        priority: 'regular',
        category: 'newsletter',
        isRead: true,
      },
      { subject: 'Server down', from: 'ops@example.test', priority: 'urgent', category: 'work' },
    ]);
  } finally {
    await db.end();
  }
  const state = await context.storageState();
  await context.close();
  return { email, state: JSON.stringify(state) };
}

export interface Variant {
  name: string;
  colorScheme: 'light' | 'dark';
  viewport: { width: number; height: number };
  phone: boolean;
}
export const VARIANTS: Variant[] = [
  { name: 'light desktop', colorScheme: 'light', viewport: DESKTOP, phone: false },
  { name: 'dark desktop', colorScheme: 'dark', viewport: DESKTOP, phone: false },
  { name: 'light phone', colorScheme: 'light', viewport: PHONE, phone: true },
  { name: 'dark phone', colorScheme: 'dark', viewport: PHONE, phone: true },
];

/**
 * A browser context signed in with `state` (a storageState JSON) or signed out. The theme preference
 * is left at 'system', so `showVariant` switches light and dark live, as the OS setting would.
 */
export async function screenContext(browser: Browser, state?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: DESKTOP,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    ...(state && { storageState: JSON.parse(state) }),
  });
}

/** Shows the loaded page as `variant`: its width (antd's breakpoints follow) and colour scheme. */
export async function showVariant(page: Page, variant: Variant) {
  await page.setViewportSize(variant.viewport);
  await page.emulateMedia({ colorScheme: variant.colorScheme });
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${variant.colorScheme}\\b`));
  await settled(page);
}

/** Loads a screen and waits until it shows its content (and nothing is still loading). */
export async function openScreen(page: Page, screen: Screen) {
  await screen.prepare?.(page);
  await page.goto(screen.path);
  await screen.ready(page);
  await screen.then?.(page);
  await settled(page);
}

/** No spinner or skeleton left on the page. */
export async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .aide-boot')).toHaveCount(0);
}

/** The admin's signed-in state (created by admin.setup.ts). */
export const adminState = () => ADMIN_STATE;

export interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe's serious and critical violations, and every colour-contrast one, in `scope` (default: the page). */
export async function axeFindings(page: Page, include?: string): Promise<Finding[]> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({
      // Still 'experimental' in axe, off by default; the issue's scan found it (calendar event buttons).
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations are read: axe then reports one node per passing or inapplicable rule, not all.
      resultTypes: ['violations'],
    })
    // A page without frames is checked in one axe.run inside it (about a third of the time); a page
    // with frames (an email's body) by axe's per-frame runs, which alone reach into a sandboxed frame:
    // those are joined in a blank page of their own, opened and closed for each check.
    .setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // A contrast finding says what axe measured: 'target (#777 on #fff, 4.48:1)'.
      targets: v.nodes.map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const measured =
          v.id === 'color-contrast' && data?.fgColor
            ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)`
            : '';
        return n.target.join(' ') + measured;
      }),
    }));
}

/** One line per rule: 'screen: rule (impact, n) help — target, target, …' */
export function describeFindings(where: string, findings: Finding[]): string[] {
  return findings.map(
    (f) =>
      `${where}: ${f.id} (${f.impact}, ${f.targets.length}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${
        f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''
      }`,
  );
}

/** How far the page scrolls sideways, in CSS pixels (0 when it does not). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
