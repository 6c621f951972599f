import { expect, type Page, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

/** Picks an option of the antd Select labelled `label` in `scope`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Writes a post with the Create Post dialog and answers its editor dialog (step 2). */
async function generatePost(page: Page, platform: string, topic: string, tone?: string) {
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await choose(page, 'Platform', platform);
  await dialog.getByLabel('Topic').fill(topic);
  if (tone) await choose(page, 'Tone', tone);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Post text' })).not.toBeEmpty();
  return dialog;
}

/** Types a date and time into the open Schedule/Reschedule dialog's picker. */
async function pickTime(page: Page, when: string) {
  const dialog = page.getByRole('dialog', { name: /schedule post/i });
  const input = dialog.getByLabel('Publish on');
  await input.click();
  await input.fill(when);
  await input.press('Enter');
  return dialog;
}

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test('a LinkedIn post is written, edited within its limit, scheduled, rescheduled, then published through the share page', async ({
  page,
}) => {
  await signUpViaApi(page, 'Sol', 'Social');
  await page.goto('/social');
  await expect(page.getByRole('heading', { name: 'Social Media' })).toBeVisible();
  await expect(page.getByText('No posts yet')).toBeVisible();

  // The spec's messages when nothing is chosen.
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create Post' });
  await create.getByRole('button', { name: 'Generate' }).click();
  await expect(create.getByText('Platform is required')).toBeVisible();
  await expect(create.getByText('Topic is required')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  // The AI writes the draft; the editor counts against LinkedIn's 3,000 characters.
  const dialog = await generatePost(
    page,
    'LinkedIn',
    'What we learned moving our search to PostgreSQL full-text search',
    'Informative',
  );
  await expect(dialog.getByText(/^\d[\d,]* \/ 3,000$/)).toBeVisible();
  await screenshot(page, 'social-generated');

  // Over the limit: the counter says so and nothing can be saved (hashtags count too).
  await dialog.getByRole('textbox', { name: 'Hashtags' }).fill('');
  await dialog.getByRole('textbox', { name: 'Post text' }).fill('x'.repeat(3001));
  await expect(dialog.getByText('LinkedIn allows 3,000 characters; this post has 3,001')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save draft' })).toBeDisabled();

  // Edited within the limit, with hashtags typed the way people type them.
  await dialog
    .getByRole('textbox', { name: 'Post text' })
    .fill('We moved our search to PostgreSQL full-text search. Here is what we learned.');
  await dialog.getByRole('textbox', { name: 'Hashtags' }).fill('#postgres, search  #Engineering');
  await expect(dialog.getByText(/^\d+ \/ 3,000$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: /LinkedIn .*post/ });
  await expect(card).toContainText('We moved our search to PostgreSQL full-text search.');
  await expect(card.getByText('#postgres')).toBeVisible();
  await expect(card.getByText('#Engineering')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Drafts\s*1/ })).toBeVisible();

  // Edit again from the card, and it stays edited after a reload (the server has it).
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /Edit post/ });
  await edit
    .getByRole('textbox', { name: 'Post text' })
    .fill('We moved our search to PostgreSQL full-text search. Three lessons inside.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(card).toContainText('Three lessons inside.');

  // Schedule: days that have passed cannot be picked; a future time is taken.
  await card.getByRole('button', { name: 'Schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule post' });
  await schedule.getByLabel('Publish on').click();
  await expect(page.locator(`.ant-picker-dropdown:visible td[title="${day(-1)}"]`)).toHaveClass(
    /ant-picker-cell-disabled/,
  );
  await pickTime(page, `${day(2)} 10:00`);
  await expect(schedule.getByText('No LinkedIn account is connected')).toBeVisible(); // so the dialog says what happens at that time
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Scheduled\s*1/ })).toBeVisible();
  await expect(card).toContainText(/Scheduled for .* 10:00/);

  // Reschedule opens the date picker (DECISIONS) and moves the post.
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = await pickTime(page, `${day(3)} 15:30`);
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  await expect(reschedule).toBeHidden();
  await expect(page.getByText('Post rescheduled')).toBeVisible();
  await expect(card).toContainText('15:30');

  // The calendar shows it on its new day.
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Calendar').click();
  await expect(page.locator(`td[title="${day(3)}"]`)).toContainText(/LinkedIn|We moved/);
  await screenshot(page, 'social-calendar');
  await page.getByRole('radiogroup', { name: 'View' }).getByText('List').click();

  // Back to drafts, then Publish Now: with no LinkedIn account, LinkedIn's share box opens with the text.
  await card.getByRole('button', { name: 'Unschedule' }).click();
  await expect(page.getByText('Post moved back to drafts')).toBeVisible();
  await page
    .context()
    .route('https://www.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn</title>Share box' }),
    );
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Publish Now' }).click();
  const share = await popup;
  await share.waitForURL(/linkedin\.com/);
  const shared = new URL(share.url());
  expect(shared.origin + shared.pathname).toBe('https://www.linkedin.com/feed/');
  expect(shared.searchParams.get('text')).toBe(
    'We moved our search to PostgreSQL full-text search. Three lessons inside.\n\n#postgres #search #Engineering',
  );
  await share.close();

  // Published: figures are honest zeros, and the card says why.
  await page.getByRole('tab', { name: /Published\s*1/ }).click();
  await expect(card).toContainText('Shared through the platform’s share page');
  await expect(card.getByLabel(/Engagement of/)).toContainText('0');
  await expect(card.getByRole('button', { name: 'Publish Now' })).toHaveCount(0);
  await screenshot(page, 'social-published-share');
});

test('an X account is connected over OAuth and Publish Now posts through it', async ({ page }) => {
  await signUpViaApi(page, 'Xena', 'Connected');
  await page.goto('/social');
  const xCard = page.getByRole('region', { name: 'X (Twitter)' });

  // Connect goes to X's consent (the local platform server approves at once) and comes back.
  await xCard.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/social$/);
  // The toast, exactly: once connected, the card's own text also reads "X (Twitter) Connected as …".
  await expect(page.getByText('X (Twitter) connected', { exact: true })).toBeVisible();
  await expect(xCard).toContainText('@ada_writes');

  const dialog = await generatePost(page, 'X (Twitter)', 'Shipping small, reviewable commits', 'Casual');
  await expect(dialog.getByText(/^\d+ \/ 280$/)).toBeVisible();
  // Published through the account: no share page opens.
  let popups = 0;
  page.on('popup', () => popups++);
  await dialog.getByRole('button', { name: 'Publish Now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post published')).toBeVisible();
  const card = page.getByRole('article', { name: /X \(Twitter\) published post/ });
  await expect(card.getByRole('link', { name: /View on X/ })).toHaveAttribute(
    'href',
    /^https:\/\/x\.com\/i\/web\/status\/\d+$/,
  );
  expect(popups).toBe(0);
  await screenshot(page, 'social-published-connected');
});

test('choosing a platform while the Create Post dialog is still opening keeps the list open', async ({ page }) => {
  // With motion on, the dialog focuses its first field when its opening animation ends; that used
  // to take focus from a select the user had already opened, closing it under their click.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signUpViaApi(page, 'Quinn', 'Quick');
  await page.goto('/social');
  // The dialog still animates (its opacity, and the end that fires afterOpenChange), but does not
  // scale: a click on an element that is growing lands where it was a moment ago (at times its label,
  // which focuses the select without opening the list).
  await page.addStyleTag({ content: '.ant-modal { transform: none !important; }' });
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  await page.getByRole('dialog', { name: 'Create Post' }).getByLabel('Platform').click({ force: true });
  // Past the dialog's opening animation, whose end is when the dialog used to take the focus.
  await expect(page.getByRole('dialog', { name: 'Create Post' })).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await expect(page.getByRole('option', { name: 'Instagram' })).toBeVisible();
  await page.getByRole('option', { name: 'Instagram' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Post' }).getByTitle('Instagram')).toBeVisible();
});
