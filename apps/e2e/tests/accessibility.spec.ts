import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { screenshot } from './helpers';
import {
  adminState,
  axeFindings,
  describeFindings,
  openScreen,
  SCREENS,
  screenContext,
  seededUser,
  settled,
  showVariant,
  sidewaysOverflow,
  VARIANTS,
  type Who,
} from './screens';

// Issue 22: axe-core on every screen and main dialog, light and dark, desktop and phone (390×844):
// no serious or critical violation, and no colour-contrast one at all. On phones no screen may scroll
// sideways. Each screen loads once and is checked in the four variants in turn (width and colour
// scheme change live, as a rotated phone or the OS's dark mode would); the screens are checked in parts
// of three, which both workers share.
test.describe.configure({ mode: 'parallel' });

let userState = '';
test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  userState = (await seededUser(browser, 'Axel')).state;
});

const SCREENS_PER_PART = 3;
/** A screen with its dialogs in four variants is a test's work of its own: each gets that much time. */
const TIME_PER_SCREEN_MS = 120_000;
const PARTS = Array.from({ length: Math.ceil(SCREENS.length / SCREENS_PER_PART) }, (_, index) => {
  const screens = SCREENS.slice(index * SCREENS_PER_PART, (index + 1) * SCREENS_PER_PART);
  return { name: screens.map((screen) => screen.name).join(', '), screens };
});

for (const part of PARTS) {
  test(`axe finds nothing serious on any screen or dialog, light and dark, desktop and phone, and no phone screen scrolls sideways: ${part.name}`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(TIME_PER_SCREEN_MS * part.screens.length);
    const contexts: Record<Who, BrowserContext> = {
      visitor: await screenContext(browser),
      user: await screenContext(browser, userState),
      admin: await screenContext(browser, fs.readFileSync(adminState(), 'utf8')),
    };

    const findings: string[] = [];
    const sideways: string[] = [];
    for (const screen of part.screens) {
      const page = await contexts[screen.who].newPage();
      try {
        await openScreen(page, screen);
        for (const variant of VARIANTS) {
          await showVariant(page, variant);
          findings.push(...describeFindings(`${screen.name} (${variant.name})`, await axeFindings(page)));
          if (variant.phone) {
            const overflow = await sidewaysOverflow(page);
            if (overflow > 0) sideways.push(`${screen.name} (${variant.name}): scrolls ${overflow}px sideways`);
            if (variant.colorScheme === 'light') await screenshot(page, `phone-${screen.name.replace(/ /g, '-')}`);
          }
        }
        for (const dialog of screen.dialogs ?? []) {
          await showVariant(page, VARIANTS[0]);
          await dialog.open(page);
          await expect(dialog.dialog(page)).toBeVisible();
          await settled(page);
          for (const variant of VARIANTS) {
            const where = `${screen.name} › ${dialog.name} dialog (${variant.name})`;
            await showVariant(page, variant);
            findings.push(...describeFindings(where, await axeFindings(page, '[role="dialog"]')));
            if (variant.phone) {
              const overflow = await sidewaysOverflow(page);
              if (overflow > 0) sideways.push(`${where}: scrolls ${overflow}px sideways`);
            }
          }
          await page.keyboard.press('Escape');
          await expect(dialog.dialog(page)).toBeHidden();
        }
      } catch (error) {
        findings.push(`${screen.name}: could not be checked: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await page.close();
      }
    }
    await Promise.all(Object.values(contexts).map((c) => c.close()));

    const report = [...findings, ...sideways].join('\n');
    // Also kept beside the screenshots, to read or compare after a run.
    const reports = path.resolve(__dirname, '../../../tmp/accessibility');
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, `${part.name.replace(/ /g, '-')}.txt`), report || 'no findings\n');
    await testInfo.attach(`accessibility-${part.name.replace(/ /g, '-')}.txt`, {
      body: report || 'no findings',
      contentType: 'text/plain',
    });
    expect.soft(sideways, `Screens that scroll sideways at 390×844:\n${sideways.join('\n')}`).toEqual([]);
    expect(findings, `axe findings:\n${findings.join('\n')}`).toEqual([]);
  });
}
