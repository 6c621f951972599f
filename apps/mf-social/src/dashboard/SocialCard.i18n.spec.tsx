import { act, byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import SocialCard from './SocialCard';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('the Social Media card in another language', () => {
  it('pluralises and writes the growth in Spanish', async () => {
    mockFetch(
      route('GET /api/dashboard', {
        body: {
          modules: {
            social: {
              performance: {
                linkedin: { scheduled: 1, growthRate: 12.34 },
                twitter: { scheduled: 3, growthRate: -4 },
                facebook: { scheduled: 0, growthRate: 0 },
                instagram: { scheduled: 2, growthRate: 5 },
              },
            },
          },
        },
      }),
    );
    renderScreen(<SocialCard />);
    await waitFor(() => byText('1 scheduled'));
    await act(() => setLocale('es'));
    await waitFor(() => byText('1 programada'));
    expect(byText('3 programadas')).toBeTruthy();
    expect(byText('+12,3 % esta semana')).toBeTruthy();
    expect(byText('Ver analítica completa')).toBeTruthy();
  });
});
