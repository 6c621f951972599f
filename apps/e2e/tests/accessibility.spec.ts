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
  seededUser,
  settled,
  sidewaysOverflow,
  VARIANTS,
  variantContext,
  type Who,
} from './screens';

// Issue 22: axe-core on every screen and main dialog, light and dark, desktop and phone (390×844):
// no serious or critical violation, and no colour-contrast one at all. On phones no screen may scroll
// sideways. One page load per screen and variant; the four variants run on both workers.
test.describe.configure({ mode: 'parallel' });

let userState = '';
test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  userState = (await seededUser(browser, 'Axel')).state;
});

for (const variant of VARIANTS) {
  test(`axe finds nothing serious on any screen or dialog: ${variant.name}${
    variant.phone ? ', and no screen scrolls sideways' : ''
  }`, async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const contexts: Record<Who, BrowserContext> = {
      visitor: await variantContext(browser, variant),
      user: await variantContext(browser, variant, userState),
      admin: await variantContext(browser, variant, fs.readFileSync(adminState(), 'utf8')),
    };

    const findings: string[] = [];
    const sideways: string[] = [];
    for (const screen of SCREENS) {
      const page = await contexts[screen.who].newPage();
      try {
        await openScreen(page, screen);
        findings.push(...describeFindings(screen.name, await axeFindings(page)));
        if (variant.phone) {
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) sideways.push(`${screen.name}: scrolls ${overflow}px sideways`);
          if (variant.colorScheme === 'light') await screenshot(page, `phone-${screen.name.replace(/ /g, '-')}`);
        }
        for (const dialog of screen.dialogs ?? []) {
          const where = `${screen.name} › ${dialog.name} dialog`;
          await dialog.open(page);
          await expect(dialog.dialog(page)).toBeVisible();
          await settled(page);
          findings.push(...describeFindings(where, await axeFindings(page, '[role="dialog"]')));
          if (variant.phone) {
            const overflow = await sidewaysOverflow(page);
            if (overflow > 0) sideways.push(`${where}: scrolls ${overflow}px sideways`);
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
    fs.writeFileSync(path.join(reports, `${variant.name.replace(/ /g, '-')}.txt`), report || 'no findings\n');
    await testInfo.attach(`accessibility-${variant.name.replace(/ /g, '-')}.txt`, {
      body: report || 'no findings',
      contentType: 'text/plain',
    });
    if (variant.phone)
      expect.soft(sideways, `Screens that scroll sideways at 390×844:\n${sideways.join('\n')}`).toEqual([]);
    expect(findings, `axe findings (${variant.name}):\n${findings.join('\n')}`).toEqual([]);
  });
}
