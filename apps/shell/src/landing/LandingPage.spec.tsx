/**
 * @jest-environment jsdom
 */
// First: the browser pieces jsdom lacks, before React Router loads.
import { VisitorFrame } from '../pages/visitor-test-kit';
import { setLocale } from '@aide/i18n';
import { act, allByText, cleanup, click, render, waitFor } from '@aide/testing';
import LandingPage from './LandingPage';

jest.mock('./landing.css', () => ({}));

const h1 = () => document.querySelector('h1')?.textContent;
const prices = () => [...document.querySelectorAll('.aide-plan-price')].map((p) => p.textContent);

/** Opens the header's language list and picks `name`, as a visitor would. */
async function pickLanguage(name: string) {
  const select = document.querySelector('header .ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitFor(() => allByText(name, '.ant-select-item-option-content *').length > 0);
  const options = allByText(name, '.ant-select-item-option-content *');
  await click(options[options.length - 1]);
}

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('LandingPage', () => {
  it('reads as the spec says in English, with one h1 and the prices in dollars', () => {
    render(
      <VisitorFrame>
        <LandingPage />
      </VisitorFrame>,
    );
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(h1()).toBe('One assistant for your work and life');
    expect(prices()).toEqual(['$0', '$19', 'Contact']);
    expect(document.body.textContent).toContain('10,000+');
    expect(document.body.textContent).toContain('99.9%');
    expect(document.body.textContent).toContain('Most Popular');
  });

  it('speaks Spanish after setLocale("es"): translated heading, euro-style money and numbers', async () => {
    render(
      <VisitorFrame>
        <LandingPage />
      </VisitorFrame>,
    );
    await act(() => setLocale('es'));
    expect(h1()).toBe('Un solo asistente para tu trabajo y tu vida');
    // es-ES writes the amount first and the currency after it, with a (non-breaking) space.
    expect(prices()).toEqual(['0\u00a0US$', '19\u00a0US$', 'A consultar']);
    expect(document.body.textContent).toContain('10.000+');
    expect(document.body.textContent).toContain('99,9\u00a0%');
    expect(document.body.textContent).toContain('El más popular');
    expect(document.body.textContent).not.toContain('Most Popular');
  });

  it('speaks Japanese after setLocale("ja")', async () => {
    render(
      <VisitorFrame>
        <LandingPage />
      </VisitorFrame>,
    );
    await act(() => setLocale('ja'));
    expect(h1()).toBe('仕事も暮らしも、ひとつのアシスタントで');
    expect(prices()).toEqual(['$0', '$19', 'お問い合わせ']);
    expect(document.body.textContent).toContain('一番人気');
  });

  it("the header's language switcher changes the page's language and <html lang> at once", async () => {
    render(
      <VisitorFrame>
        <LandingPage />
      </VisitorFrame>,
    );
    const switcher = document.querySelector('header .ant-select input')!;
    expect(switcher.getAttribute('aria-label')).toBe('Language');

    await pickLanguage('Deutsch');
    await waitFor(() => document.documentElement.lang === 'de');
    expect(h1()).toBe('Ein Assistent für Arbeit und Alltag');
    expect(prices()).toEqual(['0\u00a0$', '19\u00a0$', 'Auf Anfrage']);
    expect(document.querySelector('header .ant-select input')!.getAttribute('aria-label')).toBe('Sprache');

    await pickLanguage('中文');
    await waitFor(() => document.documentElement.lang === 'zh');
    expect(h1()).toBe('一个助手，打理你的工作与生活');
  });
});
