import { act, byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { ResearchCard, ResearchReportsStat } from './widgets';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const dashboard = (pendingReview: number) =>
  route('GET /api/dashboard', { body: { modules: { research: { reports: 7, pendingReview, recent: [] } } } });

describe('the dashboard widgets in another language', () => {
  it("pluralises 'pending review' in German", async () => {
    mockFetch(dashboard(1));
    renderScreen(<ResearchReportsStat />);
    await waitFor(() => byText('1 pending review'));
    await act(() => setLocale('de'));
    await waitFor(() => byText('1 zur Durchsicht'));
    expect(byText('Rechercheberichte')).toBeTruthy();
  });

  it('says there is no research yet in Chinese', async () => {
    mockFetch(dashboard(0));
    await act(() => setLocale('zh'));
    renderScreen(<ResearchCard />);
    await waitFor(() => byText('还没有研究报告'));
    expect(byText('最近的研究')).toBeTruthy();
  });
});
