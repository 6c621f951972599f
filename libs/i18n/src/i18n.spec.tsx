import { Component, Suspense, startTransition, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { act, cleanup, render } from '@aide/testing';
import en from './__fixtures__/en.json';
import {
  DATE_STYLES,
  RichText,
  defineNamespace,
  formatCurrency,
  formatDate,
  formatDateStyle,
  formatFileSize,
  getLocale,
  localeFromBrowser,
  registerLocaleResource,
  setLocale,
} from '.';

// A namespace as an app defines one; only Spanish exists beside English, like a catalog mid-translation.
let spanishDownloads = 0;
const missing = () => Promise.reject(new Error('no catalog'));
const inbox = defineNamespace('fixture', en, {
  es: () => {
    spanishDownloads += 1;
    return import('./__fixtures__/es.json');
  },
  fr: missing,
  de: missing,
  ja: missing,
  zh: missing,
});

function Inbox({ count }: { count: number }) {
  const t = inbox.useT();
  return (
    <h1>
      {t('title')}: {t('unread', { count })}
    </h1>
  );
}

afterEach(async () => {
  jest.restoreAllMocks();
  cleanup();
  await act(() => setLocale('en'));
});

describe('@aide/i18n', () => {
  it('speaks the English catalog, with ICU plurals, before any language is chosen', () => {
    const view = render(<Inbox count={1} />);
    expect(view.textContent).toBe('Inbox: 1 unread email');
    expect(inbox.t('unread', { count: 3 })).toBe('3 unread emails');
  });

  it('switches a rendered screen to Spanish without remounting it, and sets <html lang>, dayjs and formats', async () => {
    const view = render(<Inbox count={2} />);
    const heading = view.querySelector('h1');
    await act(() => setLocale('es'));
    expect(view.textContent).toBe('Bandeja de entrada: 2 correos sin leer');
    expect(view.querySelector('h1')).toBe(heading);
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('aide-language')).toBe('es');
    expect(dayjs('2026-11-22').format('dddd D [de] MMMM')).toBe('domingo 22 de noviembre');
    // Intl separates with no-break spaces.
    expect(formatCurrency(2000).replace(/\s/g, ' ')).toBe('2000,00 US$');
    expect(formatFileSize(1946)).toBe('1,9 KB');
    // A key the catalog lacks shows the English text, not the key.
    expect(inbox.t('only.english')).toBe('Only in English');
  });

  it('downloads a catalog once, and a later choice wins over an earlier one still loading', async () => {
    await act(() => setLocale('es'));
    const before = spanishDownloads;
    await act(async () => {
      const first = setLocale('en');
      const second = setLocale('es');
      await Promise.all([first, second]);
    });
    expect(getLocale()).toBe('es');
    expect(spanishDownloads).toBe(before);
  });

  it('keeps the current language when a download fails, and tries again on the next switch', async () => {
    await expect(setLocale('fr')).rejects.toThrow('no catalog');
    expect(getLocale()).toBe('en');
    await expect(setLocale('fr')).rejects.toThrow('no catalog');
  });

  it('waits for what the shell registers (antd locale) before switching', async () => {
    const seen: string[] = [];
    registerLocaleResource(async (locale) => {
      seen.push(locale);
    });
    await act(() => setLocale('es'));
    expect(seen).toContain('es');
  });

  it('suspends a screen whose catalog is not loaded yet, then shows it translated', async () => {
    const lazyNs = defineNamespace('fixture-lazy', en, {
      es: () => import('./__fixtures__/es.json'),
      fr: missing,
      de: missing,
      ja: missing,
      zh: missing,
    });
    await act(() => setLocale('es'));
    function Late() {
      const t = lazyNs.useT();
      return <p>{t('title')}</p>;
    }
    const view = render(
      <Suspense fallback={<span>loading</span>}>
        <Late />
      </Suspense>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(view.textContent).toBe('Bandeja de entrada');
  });

  it('shows a screen that reads two namespaces both loading at once (the calendar and its repeat texts)', async () => {
    await act(() => setLocale('es'));
    // Defined after the switch, as a remote's lazily loaded screen defines its parts: neither is loaded.
    const loader = () => ({
      es: () => import('./__fixtures__/es.json'),
      fr: missing,
      de: missing,
      ja: missing,
      zh: missing,
    });
    const first = defineNamespace('fixture-first', en, loader());
    const second = defineNamespace('fixture-second', en, loader());
    function Both() {
      const a = first.useT();
      const b = second.useT();
      return (
        <p>
          {a('title')} / {b('title')}
        </p>
      );
    }
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <Suspense fallback={<span>loading</span>}>
          <Both />
        </Suspense>,
      );
    });
    // One catalog after the other: the screen suspends once per namespace, and React holds a
    // revealed boundary back a moment (its fallback throttle), so this waits as a reader would.
    for (let turn = 0; turn < 40 && view.textContent === 'loading'; turn++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    expect(view.textContent).toBe('Bandeja de entrada / Bandeja de entrada');
  });

  it("shows a screen's error boundary when its catalog cannot be downloaded, and loads it on the retry", async () => {
    await act(() => setLocale('es'));
    let attempts = 0;
    const flaky = defineNamespace('fixture-flaky', en, {
      es: () => (++attempts === 1 ? Promise.reject(new Error('offline')) : import('./__fixtures__/es.json')),
      fr: missing,
      de: missing,
      ja: missing,
      zh: missing,
    });
    function Late() {
      return <p>{flaky.useT()('title')}</p>;
    }
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? (
          <button onClick={() => this.setState({ failed: false })}>retry</button>
        ) : (
          <Suspense fallback={<span>loading</span>}>{this.props.children}</Suspense>
        );
      }
    }
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <Boundary>
        <Late />
      </Boundary>,
    );
    // A person reads the failure, then presses the boundary's retry.
    for (let turn = 0; turn < 3; turn++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    expect(view.textContent).toBe('retry');
    await act(async () => {
      view.querySelector('button')!.click();
    });
    for (let turn = 0; turn < 40 && view.textContent !== 'Bandeja de entrada'; turn++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(view.textContent).toBe('Bandeja de entrada');
    expect(attempts).toBe(2);
    reported.mockRestore();
  });

  it('shows a screen reached in a transition whose namespaces arrive while React waits on them', async () => {
    await act(() => setLocale('es'));
    // As the shell navigates: a transition, so React waits on the download and replays the screen
    // when it arrives, instead of showing the fallback. Both catalogs arrive together.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const spanish = () => arrived.then(() => import('./__fixtures__/es.json'));
    const loader = { es: spanish, fr: missing, de: missing, ja: missing, zh: missing };
    const first = defineNamespace('fixture-replay-first', en, loader);
    const second = defineNamespace('fixture-replay-second', en, loader);
    function Screen() {
      const a = first.useT();
      const b = second.useT();
      const [count] = useState(2);
      return (
        <p>
          {a('title')} / {b('unread', { count })}
        </p>
      );
    }
    function App() {
      const [open, setOpen] = useState(false);
      return (
        <Suspense fallback={<span>loading</span>}>
          {open ? <Screen /> : <button onClick={() => startTransition(() => setOpen(true))}>home</button>}
        </Suspense>
      );
    }
    // In production a broken replay of the render crashed the screen (React error 467); the
    // development build recovers by rendering again, and says so here.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(<App />);
    expect(view.textContent).toBe('home');
    await act(async () => {
      view.querySelector('button')!.click();
      // React is rendering the transition and waiting on the first catalog; then both arrive.
      await new Promise((resolve) => setTimeout(resolve, 0));
      arrive();
    });
    for (let turn = 0; turn < 40 && view.textContent !== 'Bandeja de entrada / 2 correos sin leer'; turn++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(view.textContent).toBe('Bandeja de entrada / 2 correos sin leer');
    expect(reported).not.toHaveBeenCalled();
    reported.mockRestore();
  });
});

describe('formats', () => {
  it('writes English sizes with the spec units and one decimal above bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1946)).toBe('1.9 KB');
    expect(formatFileSize(1137)).toBe('1.1 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25.0 MB');
  });

  it('writes travel money in USD, en-US for English', () => {
    expect(formatCurrency(2000)).toBe('$2,000.00');
  });

  it('makes a date formatter once per language and options, and follows a change of language', async () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
    const days = () => [1, 2, 3].map((day) => formatDate(Date.UTC(2026, 2, day), options));
    expect(days()).toEqual(['March 1, 2026', 'March 2, 2026', 'March 3, 2026']);
    expect(made).toHaveBeenCalledTimes(1);
    await act(() => setLocale('es'));
    expect(days()).toEqual(['1 de marzo de 2026', '2 de marzo de 2026', '3 de marzo de 2026']);
    await act(() => setLocale('en'));
    expect(formatDate(Date.UTC(2026, 2, 4), options)).toBe('March 4, 2026');
    expect(made).toHaveBeenCalledTimes(2);
  });
});

describe('localeFromBrowser', () => {
  it('takes the first language we speak, by its base tag, else English', () => {
    expect(localeFromBrowser(['de-AT', 'en'])).toBe('de');
    expect(localeFromBrowser(['it-IT', 'zh-Hant-TW'])).toBe('zh');
    expect(localeFromBrowser(['it'])).toBe('en');
    expect(localeFromBrowser(undefined)).toBe('en');
  });
});

describe('RichText', () => {
  it('renders marked parts through the given components and keeps the words in one sentence', () => {
    const view = render(
      <p>
        <RichText
          text="Lee los <terms>términos</terms> antes."
          components={{ terms: (text) => <a href="/terms">{text}</a> }}
        />
      </p>,
    );
    expect(view.textContent).toBe('Lee los términos antes.');
    expect(view.querySelector('a')?.getAttribute('href')).toBe('/terms');
  });
});

describe('formatDateStyle', () => {
  it("keeps English's spec pattern and writes other languages their own way", async () => {
    const at = new Date(2026, 2, 3, 14, 5);
    expect(formatDateStyle(at, DATE_STYLES.longDateTime)).toBe('Tuesday, March 3, 2026 14:05');
    expect(formatDateStyle(at, DATE_STYLES.mediumDateTime)).toBe('Mar 3, 2026 14:05');
    await act(() => setLocale('es'));
    expect(formatDateStyle(at, DATE_STYLES.longDateTime)).toBe('martes, 3 de marzo de 2026, 14:05');
    expect(formatDateStyle(at, DATE_STYLES.weekdayMonthDay)).toBe('martes, 3 de marzo');
  });
});
