import { expect, type Locator, type Page, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

/** 'YYYY-MM-DD' `offset` days from today (the browser's and the API's zone are the machine's here). */
const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const plan = (page: Page, destination: string) => page.getByRole('article', { name: destination });
const toast = (page: Page, text: string) =>
  page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text });

async function pickDate(dialog: Locator, label: string, date: string) {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Adds a category through the editor's Add Category dialog: its Add button waits for a non-blank name. */
async function addCategory(page: Page, editor: Locator, button: string, name: string) {
  await editor.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await dialog.getByLabel('Category name').fill('   ');
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Category name').fill(` ${name} `);
  await add.click();
  await expect(dialog).toBeHidden();
}

const DESTINATION = 'Lisbon, Portugal';
/** The card's own Edit button (its icon adds 'edit' to the name), not 'Edit Itinerary' and the like. */
const EDIT = /(^|\s)Edit$/;

test('plan a trip, wait for the generated plan, edit every part, tick the checklist, book it and delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, 'Tara', 'Travel');
  await page.goto('/travel');
  await expect(page.getByRole('heading', { name: 'Travel Planner' })).toBeVisible();
  await expect(page.getByText('No travel plans yet')).toBeVisible();

  // The dialog: the spec's messages, then a trip of four days with interests added with Enter.
  await page.getByRole('button', { name: 'Plan New Trip' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Travel Plan' });
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog.getByText('Destination is required')).toBeVisible();
  await expect(dialog.getByText('Start date is required')).toBeVisible();
  await expect(dialog.getByText('End date is required')).toBeVisible();
  await dialog.getByLabel('Destination').fill(DESTINATION);
  await dialog.getByLabel('Budget').fill('$2,000');
  await pickDate(dialog, 'Start Date', day(30));
  await pickDate(dialog, 'End Date', day(33));
  await dialog.getByLabel('Group Size').fill('2');
  await choose(page, 'Travel Style', 'Cultural');
  const interest = dialog.getByPlaceholder('e.g. food, museums, hiking');
  for (const typed of [' food ', 'Food', 'museums', 'sailing']) {
    await interest.fill(typed);
    await interest.press('Enter');
  }
  const interests = dialog.getByRole('list', { name: 'Interests' });
  await expect(interests.getByText('food', { exact: true })).toBeVisible();
  await expect(interests.getByText(/^food$/i)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Remove sailing' }).click();
  await expect(interests.getByText('sailing')).toHaveCount(0);
  await expect(dialog).toBeVisible(); // Enter added interests; it did not submit the form
  await screenshot(page, 'travel-create-dialog');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog).toBeHidden();

  // The plan card: planning at once; the generated plan arrives live, one itinerary day per date.
  const trip = plan(page, DESTINATION);
  await expect(trip.getByText('Planning', { exact: true })).toBeVisible();
  await expect(trip.getByTestId('plan-budget')).toHaveText('$2,000.00');
  const stats = page.getByRole('region', { name: 'Travel statistics' }).or(page.getByLabel('Travel statistics'));
  await expect(stats).toContainText('Total Trips1');
  await expect(stats).toContainText('Upcoming1');
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(trip.getByText('Day 4', { exact: false }).first()).toBeVisible({ timeout: 60_000 });
  await expect(trip.getByRole('status')).toHaveCount(0);
  await expect(trip.getByText('Day 5')).toHaveCount(0);
  // Days shaped by the interests given (food, museums), between arrival and departure.
  await expect(trip.getByText(/Day 1.*Arrival/)).toBeVisible();
  await expect(trip.getByText(/Day 2.*Food and markets/)).toBeVisible();
  await expect(trip.getByText(/Day 3.*Museums/)).toBeVisible();
  await expect(trip.getByText(/Day 4.*Departure/)).toBeVisible();
  await screenshot(page, 'travel-itinerary');

  await trip.getByRole('tab', { name: 'Overview' }).click();
  await expect(trip.getByText('Weather & Climate')).toBeVisible();
  await expect(trip.getByText(/winter|spring|summer|autumn/i).first()).toBeVisible();
  await screenshot(page, 'travel-overview');

  // Edit Daily Itinerary: change the first activity, add one (09:00 by default), save.
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await trip.getByRole('button', { name: 'Edit Itinerary' }).click();
  const itinerary = page.getByRole('dialog', { name: 'Edit Daily Itinerary' });
  await itinerary.getByLabel('Activity, Day 1 activity 1').fill('Check in near Praça do Comércio');
  await itinerary
    .getByRole('region', { name: /^Day 2/ })
    .getByRole('button', { name: 'Add Activity' })
    .click();
  const added = itinerary
    .getByRole('region', { name: /^Day 2/ })
    .getByLabel(/^Time, Day 2 activity/)
    .last();
  await expect(added).toHaveValue('09:00');
  await itinerary
    .getByRole('region', { name: /^Day 2/ })
    .getByLabel(/^Activity, Day 2 activity/)
    .last()
    .fill('Tram 28 across Alfama');
  await itinerary.getByRole('button', { name: 'Save' }).click();
  await expect(itinerary).toBeHidden();
  await expect(toast(page, 'Itinerary updated')).toBeVisible();
  await expect(trip.getByText('Check in near Praça do Comércio')).toBeVisible();
  await trip.getByRole('button', { name: /^Day 2/ }).click();
  await expect(trip.getByText('Tram 28 across Alfama')).toBeVisible();

  // Expenses: the generated breakdown (camel case spaced), then two expenses totalled live.
  await trip.getByRole('tab', { name: 'Expenses' }).click();
  await expect(trip.getByText('Local Transport').first()).toBeVisible();
  await expect(trip.getByText('No expenses tracked yet')).toBeVisible();
  await trip.getByRole('button', { name: 'Edit Expenses' }).click();
  const expenses = page.getByRole('dialog', { name: 'Edit Expenses' });
  await addCategory(page, expenses, 'Add Category', 'Food');
  const food = expenses.getByRole('region', { name: 'Food' });
  await food.getByRole('button', { name: 'Add Item' }).click();
  await expenses.getByLabel('Description, Food item 1').fill('Pastéis de nata');
  await expenses.getByLabel('Amount, Food item 1').fill('12.50');
  await food.getByRole('button', { name: 'Add Item' }).click();
  await expenses.getByLabel('Description, Food item 2').fill('Dinner in Bairro Alto');
  await expenses.getByLabel('Amount, Food item 2').fill('53');
  await expect(expenses.getByText('Total: $65.50')).toBeVisible();
  await expenses.getByRole('button', { name: 'Save' }).click();
  await expect(expenses).toBeHidden();
  await expect(toast(page, 'Expenses updated')).toBeVisible();
  await expect(trip.getByLabel('Food total')).toHaveText('$65.50');
  await expect(stats).toContainText('Total Spent$65.50');
  await screenshot(page, 'travel-expenses');

  // Edit Budget: a breakdown that no longer adds up warns; a new category is added.
  await trip.getByRole('button', { name: 'Edit Budget' }).click();
  const budget = page.getByRole('dialog', { name: 'Edit Budget' });
  await expect(budget.getByText(/^Note: Breakdown total/)).toHaveCount(0);
  await addCategory(page, budget, 'Add Budget Category', 'Souvenirs');
  await budget.getByLabel('Souvenirs amount').fill('150');
  await expect(
    budget.getByText('Note: Breakdown total ($2,150.00) differs from total budget ($2,000.00)'),
  ).toBeVisible();
  await budget.getByLabel('Total Budget').fill('2150');
  await expect(budget.getByText(/^Note: Breakdown total/)).toHaveCount(0);
  await budget.getByRole('button', { name: 'Save' }).click();
  await expect(budget).toBeHidden();
  await expect(toast(page, 'Budget updated')).toBeVisible();
  await expect(trip.getByTestId('plan-budget')).toHaveText('$2,150.00');
  await expect(trip.getByText('Souvenirs').first()).toBeVisible();

  // Checklist: ticking an item is saved at once; the category's percent follows; a reload keeps it.
  await trip.getByRole('tab', { name: 'Checklist' }).click();
  const documents = trip.getByRole('region', { name: 'Documents' });
  const first = documents.getByRole('checkbox').first();
  await expect(first).not.toBeChecked();
  await first.click();
  await expect(first).toBeChecked();
  await expect(documents.getByLabel('Documents: done')).not.toHaveAttribute('aria-valuenow', '0');
  await page.reload();
  await plan(page, DESTINATION).getByRole('tab', { name: 'Checklist' }).click();
  await expect(
    plan(page, DESTINATION).getByRole('region', { name: 'Documents' }).getByRole('checkbox').first(),
  ).toBeChecked();

  // Edit Travel Checklist: a new category with a required item.
  await trip.getByRole('button', { name: 'Edit Checklist' }).click();
  const checklist = page.getByRole('dialog', { name: 'Edit Travel Checklist' });
  await addCategory(page, checklist, 'Add Category', 'Camera gear');
  await checklist.getByRole('region', { name: 'Camera gear' }).getByRole('button', { name: 'Add Item' }).click();
  await checklist.getByLabel('Item, Camera gear item 1').fill('Spare batteries');
  await checklist.getByLabel('Required, Camera gear item 1').check();
  await checklist.getByRole('button', { name: 'Save' }).click();
  await expect(checklist).toBeHidden();
  await expect(toast(page, 'Checklist updated')).toBeVisible();
  await expect(trip.getByRole('region', { name: 'Camera gear' }).getByText('Spare batteries')).toBeVisible();
  await screenshot(page, 'travel-checklist');

  // Booked plans are locked (the spec's edit check): no Edit, Delete or editors until moved back.
  await trip.getByRole('button', { name: 'Mark as Booked' }).click();
  await expect(trip.getByText('Booked', { exact: true })).toBeVisible();
  await expect(trip.getByRole('button', { name: EDIT })).toHaveCount(0);
  await expect(trip.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(trip.getByRole('button', { name: 'Edit Checklist' })).toHaveCount(0);
  await trip.getByRole('button', { name: 'Back to Planning' }).click();
  await expect(trip.getByText('Planning', { exact: true })).toBeVisible();

  // Edit the plan itself: a new destination.
  await trip.getByRole('button', { name: EDIT }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Travel Plan' });
  await expect(edit.getByLabel('Destination')).toHaveValue(DESTINATION);
  await edit.getByLabel('Destination').fill('Porto, Portugal');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const porto = plan(page, 'Porto, Portugal');
  await expect(porto).toBeVisible();

  // Delete asks first.
  await porto.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the trip to Porto, Portugal?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(porto).toBeVisible();
  await porto.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(porto).toBeHidden();
  await expect(page.getByText('No travel plans yet')).toBeVisible();
});

test('a finished trip is read-only: no Edit, Delete or editors, and its checklist can still be ticked', async ({
  page,
}) => {
  await signUpViaApi(page, 'Paul', 'Past');
  const created = await page.request.post('/api/travel/create', {
    data: {
      destination: 'Kyoto, Japan',
      startDate: day(-12),
      endDate: day(-5),
      preferences: { interests: ['temples'] },
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/travel');
  const trip = plan(page, 'Kyoto, Japan');
  await expect(trip.getByText('Completed', { exact: true })).toBeVisible();
  await trip.getByRole('tab', { name: 'Checklist' }).click();
  await expect(trip.getByRole('checkbox').first()).toBeVisible({ timeout: 60_000 });
  await expect(trip.getByRole('button', { name: EDIT })).toHaveCount(0);
  await expect(trip.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(trip.getByRole('button', { name: 'Edit Checklist' })).toHaveCount(0);
  await trip.getByRole('checkbox').first().click();
  await expect(trip.getByRole('checkbox').first()).toBeChecked();
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(trip.getByRole('button', { name: 'Edit Itinerary' })).toHaveCount(0);
  await screenshot(page, 'travel-completed');
});

test("a trip without a budget shows the planner's estimate, labelled as one, and Reykjavik in December gets winter days", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page, 'Eske', 'Estimate');
  await page.goto('/travel');
  await page.getByRole('button', { name: 'Plan New Trip' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Travel Plan' });
  await dialog.getByLabel('Destination').fill('Reykjavik, Iceland');
  // December of next year, so the trip is in the future and in winter.
  const year = new Date().getFullYear() + 1;
  await pickDate(dialog, 'Start Date', `${year}-12-10`);
  await pickDate(dialog, 'End Date', `${year}-12-14`);
  const interest = dialog.getByPlaceholder('e.g. food, museums, hiking');
  for (const typed of ['northern lights', 'hiking']) {
    await interest.fill(typed);
    await interest.press('Enter');
  }
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(dialog).toBeHidden();

  const trip = plan(page, 'Reykjavik, Iceland');
  // The plan is written in the background (quickly offline): its estimate, labelled, is what the card then shows.
  await expect(trip.getByTestId('plan-budget')).toHaveText(/^\$[\d,]+\.\d\d \(estimate\)$/, { timeout: 60_000 });
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(trip.getByText(/northern lights tour/).first()).toBeVisible();
  await expect(trip.getByText(/marked trail/)).toHaveCount(0);
  await trip.getByRole('tab', { name: 'Expenses' }).click();
  await expect(trip.getByText('Estimated Budget')).toBeVisible();
  await expect(trip.getByText('The planner’s estimate: set your own budget with Edit Budget.')).toBeVisible();
  await screenshot(page, 'travel-estimate');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'travel-estimate-phone');
});
