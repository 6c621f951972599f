// The theme store reads the saved preference and the OS setting; give it what a browser would.
const stored = new Map<string, string>();
let osPrefersDark = false;
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  },
  window: { matchMedia: () => ({ matches: osPrefersDark, addEventListener() {}, removeEventListener() {} }) },
});

/** A fresh copy of the provider and store, as a page load would create them. */
async function load() {
  let module!: typeof import('./ThemeProvider');
  let server!: typeof import('react-dom/server');
  await jest.isolateModulesAsync(async () => {
    // The renderer and the components must share one React: load both in the fresh registry.
    server = await import('react-dom/server');
    module = await import('./ThemeProvider');
  });
  const { ThemeProvider, useTheme } = module;
  function Probe() {
    const { preference, mode } = useTheme();
    return <output>{`${preference}/${mode}`}</output>;
  }
  return { ThemeProvider, Probe, renderToString: server.renderToString };
}

beforeEach(() => {
  stored.clear();
  osPrefersDark = false;
});

describe('useTheme', () => {
  it("throws 'useTheme must be used within a ThemeProvider' outside its provider", async () => {
    const { Probe, renderToString } = await load();
    expect(() => renderToString(<Probe />)).toThrow(new Error('useTheme must be used within a ThemeProvider'));
  });

  // (Following the OS live under 'system' needs a browser: apps/e2e/tests/session-and-theme.spec.ts.)
  it('defaults to system when nothing is stored', async () => {
    const { ThemeProvider, Probe, renderToString } = await load();
    expect(
      renderToString(
        <ThemeProvider>
          <Probe />
        </ThemeProvider>,
      ),
    ).toContain('system/light');
  });

  it("reads the choice stored under 'aide-theme', which wins over the OS", async () => {
    stored.set('aide-theme', 'light');
    osPrefersDark = true;
    const { ThemeProvider, Probe, renderToString } = await load();
    expect(
      renderToString(
        <ThemeProvider>
          <Probe />
        </ThemeProvider>,
      ),
    ).toContain('light/light');
  });
});
