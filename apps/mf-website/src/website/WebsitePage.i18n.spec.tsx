import { act, byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import { websitesEndpoints, type Website } from '@aide/contracts';
import { setLocale } from '@aide/i18n';
import { aSite, someAnalytics, someDays } from '../../test/factories';
import WebsitePage from './WebsitePage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const LIST = `GET ${endpointUrl(websitesEndpoints.list)}`;
/** Intl may write no-break spaces: compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const tile = (title: string) =>
  plain(
    byText(title, '.ant-statistic-title').closest('.ant-statistic')!.querySelector('.ant-statistic-content')!
      .textContent,
  );
const cardOf = (site: Website) => document.body.querySelector<HTMLElement>(`[data-testid="website-${site.id}"]`)!;

async function screen(sites: Website[]) {
  mockFetch(route(LIST, { body: sites }), (call) =>
    call.method === 'GET' && /\/analytics\?days=30$/.test(call.url) ? { body: someDays(30) } : undefined,
  );
  renderScreen(<WebsitePage />, { path: '/website' });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
}

const blog = () =>
  aSite({
    name: 'Blog',
    seoScore: 87,
    lastBackup: '2026-03-03T12:00:00.000Z',
    analytics: someAnalytics({
      visitors: { today: 1234, thisMonth: 12345 },
      pageViews: { today: 2, thisMonth: 54321 },
    }),
  });

describe('WebsitePage in another language', () => {
  it('switches without a reload: heading, tiles, plurals, numbers and dates', async () => {
    const site = blog();
    await screen([site]);
    expect(tile('Monthly Visitors')).toBe('12,345');
    expect(byText('Over 1 audited site')).toBeTruthy();

    await act(() => setLocale('de'));
    await waitFor(() => byText('Website-Manager', 'h1'));
    expect(tile('Besucher im Monat')).toBe('12.345');
    expect(tile('Seitenaufrufe')).toBe('54.321');
    expect(byText('Über 1 geprüfte Website')).toBeTruthy();
    expect(plain(cardOf(site).querySelector('[data-testid="visitors-today"]')!.textContent)).toBe('1.234');
    expect(cardOf(site).querySelector('[data-testid="active"]')!.textContent).toBe('Aktiv');

    await act(() => setLocale('ja'));
    await waitFor(() => byText('ウェブサイト管理', 'h1'));
    expect(byText('監査済みの 1 サイトの平均')).toBeTruthy();
  });

  it('writes the last backup date the reader’s way', async () => {
    const site = blog();
    await screen([site]);
    await act(() => setLocale('fr'));
    await waitFor(() => byText('Gestionnaire de sites web', 'h1'));
    const performance = Array.from(cardOf(site).querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')).find(
      (tab) => tab.textContent === 'Performances',
    )!;
    await act(async () => performance.click());
    await waitFor(() => cardOf(site).querySelector('[data-testid="last-backup"]'));
    expect(plain(cardOf(site).querySelector('[data-testid="last-backup"]')!.textContent)).toMatch(/^[34] mars 2026$/);
    // Issue 30: the backups' rule, in the reader's language.
    expect(plain(cardOf(site).querySelector('[data-testid="backup-rule"]')!.textContent)).toBe(
      'Les sauvegardes ne comptent pas dans la limite de 5 documents de la formule Free. Chaque site conserve sa dernière sauvegarde avec Free et ses 10 dernières avec Premium et Enterprise ; les plus anciennes sont supprimées dès qu’une nouvelle est enregistrée.',
    );
  });
});

describe('WebsitePage on a phone', () => {
  it('puts the four summary tiles two a row (xs=12), so the sites start on the first screen', async () => {
    await screen([blog()]);
    const columns = Array.from(document.body.querySelectorAll('section[aria-label="Website statistics"] .ant-col'));
    expect(columns).toHaveLength(4);
    for (const column of columns) expect(column.classList).toContain('ant-col-xs-12');
  });
});
