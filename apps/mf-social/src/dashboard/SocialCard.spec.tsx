import type { SocialDashboard } from '@aide/contracts';
import { byText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import SocialCard from './SocialCard';

afterEach(cleanup);

const social: SocialDashboard = {
  performance: {
    linkedin: { scheduled: 3, growthRate: 12.34 },
    twitter: { scheduled: 1, growthRate: -4 },
    facebook: { scheduled: 0, growthRate: 0 },
    instagram: { scheduled: 2, growthRate: 5 },
  },
};

describe('Social Media (card)', () => {
  it('shows each platform with posts scheduled and the growth this week; the button goes to /social', async () => {
    mockFetch(route('GET /api/dashboard', { body: { modules: { social } } }));
    const navigate = jest.fn();
    const { container } = renderScreen(<SocialCard />, { host: { navigate } });
    await waitFor(() => byText('LinkedIn'));
    const rows = Array.from(container.querySelectorAll('ul[aria-label="Social platforms"] li')).map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toEqual([
      'LinkedIn3 scheduled +12.3% this week',
      'Twitter1 scheduled -4% this week',
      'Facebook0 scheduled +0% this week',
      'Instagram2 scheduled +5% this week',
    ]);
    await click(button('View Full Analytics'));
    expect(navigate).toHaveBeenCalledWith('/social');
  });

  it("shows the spec's error when social's part is missing a platform's figures", async () => {
    mockFetch(route('GET /api/dashboard', { body: { modules: { social: { performance: { linkedin: {} } } } } }));
    const { container } = renderScreen(<SocialCard />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
    expect(container.querySelector('ul[aria-label="Social platforms"]')).toBeNull();
  });
});
