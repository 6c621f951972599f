import { cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import { planQuotaMessage } from '@aide/contracts';
import { CalendarIntegrationsPanel } from './CalendarIntegrationsPanel';

afterEach(cleanup);

/** The panel as it opens when a calendar OAuth callback sends the browser back to `path`. */
async function backFromConsent(path: string) {
  mockFetch(route('GET /api/calendar-integrations', { body: [] }));
  const screen = renderScreen(<CalendarIntegrationsPanel />, { path });
  await waitFor(() => screen.toasts.length > 0);
  return screen;
}

describe('CalendarIntegrationsPanel: back from connecting Google Calendar or Outlook', () => {
  it("shows the plan's calendar limit when the plan had no room (&reason=quota), then clears the address", async () => {
    const { toasts, location } = await backFromConsent('/calendar?tab=integrations&error=google&reason=quota');
    expect(toasts).toEqual([
      {
        title: 'Failed to connect to Google Calendar',
        description: planQuotaMessage(testUser.plan, 'calendarIntegrations'),
        variant: 'destructive',
      },
    ]);
    expect(toasts[0].description).toBe(
      'The Free plan allows up to 3 calendar connections. Remove one, or upgrade to Premium for up to 10.',
    );
    await waitFor(() => location().search === '?tab=integrations');
  });

  it('says connecting Outlook did not complete for any other error', async () => {
    const { toasts, location } = await backFromConsent('/calendar?tab=integrations&error=outlook');
    expect(toasts).toEqual([
      {
        title: 'Failed to connect to Outlook',
        description: 'Connecting did not complete. Please try again.',
        variant: 'destructive',
      },
    ]);
    await waitFor(() => location().search === '?tab=integrations');
  });

  it('leaves a Gmail result to the email panel beside it', async () => {
    const fetch = mockFetch(route('GET /api/calendar-integrations', { body: [] }));
    const { toasts, location } = renderScreen(<CalendarIntegrationsPanel />, {
      path: '/calendar?tab=integrations&error=gmail&reason=quota',
    });
    await waitFor(() => fetch.calls.length > 0 && !document.body.querySelector('.ant-skeleton'));
    expect(toasts).toEqual([]);
    expect(location().search).toBe('?tab=integrations&error=gmail&reason=quota');
  });
});
