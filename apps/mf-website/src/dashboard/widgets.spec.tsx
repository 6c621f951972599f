import type { WebsiteDashboard } from '@aide/contracts';
import { byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { WebsiteAnalyticsCard, WebsiteViewsStat } from './widgets';

afterEach(cleanup);

const website = (over: Partial<WebsiteDashboard> = {}): WebsiteDashboard => ({
  views: 12_345,
  viewsChangePercent: 18,
  analytics: { visitors: 820, pageViews: 12_345, blogPosts: 4, seoScore: 87, uptime: 99.954, uptimeSince: null },
  ...over,
});
const dashboard = (part: unknown) => route('GET /api/dashboard', { body: { modules: { website: part } } });

describe('Website Views (stat)', () => {
  it("shows the views in thousands and the spec's '+N% this week' with the real change", async () => {
    mockFetch(dashboard(website()));
    const { container } = renderScreen(<WebsiteViewsStat />);
    await waitFor(() => byText('+18% this week'));
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('12.3k');
  });

  it('says there is no change to show when last week had no views', async () => {
    mockFetch(dashboard(website({ views: 0, viewsChangePercent: null })));
    const { container } = renderScreen(<WebsiteViewsStat />);
    await waitFor(() => byText('No views last week'));
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('0.0k');
  });
});

describe('Website Analytics (card)', () => {
  it('shows visitors, page views, blog posts, the SEO score out of 100 and uptime', async () => {
    mockFetch(dashboard(website()));
    const { container } = renderScreen(<WebsiteAnalyticsCard />);
    await waitFor(() => byText('87/100'));
    const figures = Array.from(container.querySelectorAll('.ant-statistic')).map(
      (s) =>
        `${s.querySelector('.ant-statistic-title')?.textContent}: ${s.querySelector('.ant-statistic-content')?.textContent}`,
    );
    expect(figures).toEqual(['Visitors: 820', 'Page Views: 12,345', 'Blog Posts: 4']);
    expect(byText('99.95%')).toBeTruthy();
  });

  it('says since when the uptime counts while the checks cover less than 30 days', async () => {
    const since = new Date();
    since.setHours(12, 4, 0, 0);
    mockFetch(
      dashboard(website({ analytics: { ...website().analytics, uptime: 96, uptimeSince: since.toISOString() } })),
    );
    const { container } = renderScreen(<WebsiteAnalyticsCard />);
    await waitFor(() => container.querySelector('[data-testid="dashboard-uptime-since"]'));
    expect(container.querySelector('[data-testid="dashboard-uptime-since"]')!.textContent).toBe(' since 12:04 PM');
  });

  it("shows the spec's error when website's part breaks its schema", async () => {
    mockFetch(dashboard({ views: 3 }));
    renderScreen(<WebsiteAnalyticsCard />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
  });
});
