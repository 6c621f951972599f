import { cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import { emailEndpoints, planQuotaMessage } from '@aide/contracts';
import { ADD_TEXT } from './AddIntegrationDialog';
import EmailIntegrationsPanel, { PANEL_TEXT } from './EmailIntegrationsPanel';

afterEach(cleanup);

/** The panel as it opens when /api/auth/gmail (or its callback) sends the browser back to `path`. */
async function backFromGmail(path: string) {
  mockFetch(
    route(`GET ${emailEndpoints.integrations.path}`, { body: [] }),
    route(`GET ${emailEndpoints.oauthAvailability.path}`, { body: { gmail: true } }),
  );
  const screen = renderScreen(<EmailIntegrationsPanel />, { path });
  await waitFor(() => screen.toasts.length > 0);
  return screen;
}

describe('EmailIntegrationsPanel: back from connecting Gmail', () => {
  it("shows the plan's email account limit when the plan had no room (&reason=quota), then clears the address", async () => {
    const { toasts, location } = await backFromGmail('/email?tab=integrations&error=gmail&reason=quota');
    expect(toasts).toEqual([
      {
        title: ADD_TEXT.createFailed,
        description: planQuotaMessage(testUser.plan, 'emailAccounts'),
        variant: 'destructive',
      },
    ]);
    expect(toasts[0].description).toBe(
      'The Free plan allows up to 3 email accounts. Remove one, or upgrade to Premium for up to 10.',
    );
    await waitFor(() => location().search === '?tab=integrations');
  });

  it('shows the generic failure for any other error', async () => {
    const { toasts, location } = await backFromGmail('/email?tab=integrations&error=gmail');
    expect(toasts).toEqual([
      { title: ADD_TEXT.createFailed, description: PANEL_TEXT.oauthFailed, variant: 'destructive' },
    ]);
    await waitFor(() => location().search === '?tab=integrations');
  });
});
