import { expect, test } from '@playwright/test';
import type { Client } from 'pg';
import { connectToAppDatabase, seedEmails } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

// Reservations (issue 26) in Chromium: a flight confirmation with schema.org markup, opened in
// Email, shows its suggestions; accepting "add to the trip" puts the flight on the trip's first day
// with its cost, and the itinerary links back to the message. (The API spec delivers confirmations
// over SMTP and covers the hotel, dismissals and other users.)

let db: Client;
test.beforeAll(async () => {
  db = await connectToAppDatabase();
});
test.afterAll(async () => {
  await db?.end();
});

const SUBJECT = 'Your British Airways e-ticket RXJ34P';
const FLIGHT = 'Flight BA117 London Heathrow → New York JFK';

/** What the airline sends: JSON-LD in the HTML body (Google's Email Markup shape). */
const confirmation = `<p>Thank you for booking with British Airways.</p><script type="application/ld+json">${JSON.stringify(
  {
    '@context': 'http://schema.org',
    '@type': 'FlightReservation',
    reservationNumber: 'RXJ34P',
    underName: { '@type': 'Person', name: 'Eva Green' },
    totalPrice: '1250.00',
    priceCurrency: 'USD',
    reservationFor: {
      '@type': 'Flight',
      flightNumber: '117',
      airline: { '@type': 'Airline', name: 'British Airways', iataCode: 'BA' },
      departureAirport: { '@type': 'Airport', name: 'London Heathrow', iataCode: 'LHR' },
      departureTime: '2027-03-10T11:40:00+00:00',
      arrivalAirport: { '@type': 'Airport', name: 'New York JFK', iataCode: 'JFK' },
      arrivalTime: '2027-03-10T14:45:00-05:00',
    },
  },
)}</script>`;

test('a flight confirmation adds the flight to the trip it falls in, linked back to the message', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await signUpViaApi(page, 'Eva', 'Green');
  const created = await page.request.post('/api/travel/create', {
    data: { destination: 'New York', startDate: '2027-03-10', endDate: '2027-03-14' },
  });
  expect(created.status()).toBe(201);
  const [emailId] = await seedEmails(db, email, [
    {
      subject: SUBJECT,
      from: 'British Airways <noreply@ba.example>',
      body: 'Your booking is confirmed.',
      htmlBody: confirmation,
    },
  ]);

  // Wait until the trip is planned (its itinerary is the planner's to write until then).
  await page.goto('/travel');
  const trip = page.getByRole('article', { name: 'New York' });
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(trip.getByText(/Day 1.*Arrival/)).toBeVisible({ timeout: 60_000 });

  // The message shows what it could become.
  await page.goto(`/email?open=${emailId}`);
  const dialog = page.getByRole('dialog', { name: SUBJECT });
  await expect(dialog).toBeVisible();
  const suggestions = dialog.getByRole('region', { name: 'Suggestions: what this could become' });
  await expect(suggestions.getByRole('listitem', { name: FLIGHT, exact: true })).toBeVisible();
  const addToTrip = suggestions.getByRole('listitem', { name: `${FLIGHT} on your New York trip` });
  await expect(addToTrip).toContainText('10 Mar 2027, 11:40 · USD 1250.00 to the expenses');
  await screenshot(page, 'email-reservation-suggestions');
  await addToTrip.getByRole('button', { name: 'Add to trip' }).click();
  await expect(addToTrip.getByText('Added to your trip')).toBeVisible();

  // The trip: the flight on its day, with its cost, and a link back to the message.
  await page.goto('/travel');
  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await expect(trip.getByText(FLIGHT)).toBeVisible();
  const link = trip.getByRole('link', { name: 'From an email' });
  await expect(link).toHaveAttribute('href', `/email?open=${emailId}`);
  await screenshot(page, 'travel-itinerary-from-email');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'travel-itinerary-from-email-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await trip.getByRole('tab', { name: 'Expenses' }).click();
  const spent = trip.getByRole('tabpanel', { name: 'Expenses' }).getByRole('listitem').filter({ hasText: FLIGHT });
  await expect(spent).toContainText('$1,250.00');
  await expect(spent.getByRole('link', { name: 'From an email' })).toHaveAttribute('href', `/email?open=${emailId}`);

  await trip.getByRole('tab', { name: 'Itinerary' }).click();
  await trip.getByRole('link', { name: 'From an email' }).click();
  await expect(page.getByRole('dialog', { name: SUBJECT })).toBeVisible();
});
