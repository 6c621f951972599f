/**
 * @jest-environment jsdom
 */
// First: the browser pieces jsdom lacks, before React Router loads.
import { VisitorFrame } from './visitor-test-kit';
import type { LockedModuleEntry } from '@aide/contracts';
import { setLocale } from '@aide/i18n';
import { act, cleanup, render } from '@aide/testing';
import { RemoteFallback } from '../federation/RemoteFallback';
import { useRemoteModules } from '../federation/remote-modules';
import { LockedModulePage } from './LockedModulePage';
import { NotFoundPage } from './NotFoundPage';

// The store imports the federation runtime; these tests set the store's state themselves.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const locked = (reason: LockedModuleEntry['reason'], requiredPlan: LockedModuleEntry['requiredPlan'] = null) => ({
  id: 'research',
  title: 'Research Hub',
  routes: ['/research'],
  reason,
  requiredPlan,
});

const h1s = () => [...document.querySelectorAll('h1')].map((h) => h.textContent);
const subtitle = () => document.querySelector('.ant-result-subtitle')?.textContent;
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent);

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('LockedModulePage', () => {
  it('a module above the plan: the plan headline, and the plan that would include it', () => {
    render(
      <VisitorFrame path="/research">
        <LockedModulePage entry={locked('plan', 'premium')} />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Research Hub is not available on your plan']);
    expect(subtitle()).toBe('Upgrade to Premium to use it.');
    expect(buttons()).toEqual(['Go Home']);
  });

  it('a module an administrator switched off: the headline says it is switched off, not a plan matter', () => {
    render(
      <VisitorFrame path="/research">
        <LockedModulePage entry={locked('disabled')} />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Research Hub is switched off']);
    expect(subtitle()).toBe('An administrator has switched this module off.');
    expect(document.body.textContent).not.toContain('plan');
  });

  it('an admin-only module: the headline says it is for administrators', () => {
    render(
      <VisitorFrame path="/research">
        <LockedModulePage entry={locked('admin-only')} />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Research Hub is for administrators only']);
    expect(subtitle()).toBe('Only administrators can use this module.');
  });

  it("the organiser (Home's module) locked: the way out is the Profile", () => {
    render(
      <VisitorFrame>
        <LockedModulePage
          entry={{ id: 'organiser', title: 'Organiser', routes: ['/', '/tasks'], reason: 'plan', requiredPlan: null }}
        />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Organiser is not available on your plan']);
    expect(subtitle()).toBe('Upgrade your plan to use it.');
    expect(buttons()).toEqual(['Go to Profile']);
  });

  it('in Spanish, names the module in Spanish and keeps the reason', async () => {
    render(
      <VisitorFrame path="/research">
        <LockedModulePage entry={locked('disabled')} />
      </VisitorFrame>,
    );
    await act(() => setLocale('es'));
    expect(h1s()).toEqual(['El módulo Centro de investigación está desactivado']);
    expect(subtitle()).toBe('Un administrador ha desactivado este módulo.');
    expect(buttons()).toEqual(['Ir al inicio']);
  });
});

describe('NotFoundPage', () => {
  it("is the page's h1, with the spec's hint", () => {
    render(
      <VisitorFrame path="/nowhere">
        <NotFoundPage />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['404 Page Not Found']);
    expect(subtitle()).toBe('Did you forget to add the page to the router?');
  });

  it('in French', async () => {
    render(
      <VisitorFrame path="/nowhere">
        <NotFoundPage />
      </VisitorFrame>,
    );
    await act(() => setLocale('fr'));
    expect(h1s()).toEqual(['404 Page introuvable']);
    expect(buttons()).toEqual(['Retour à l’accueil']);
  });
});

describe('RemoteFallback', () => {
  it("names the failed module as the registry does in English, in the reader's language otherwise", async () => {
    act(() =>
      useRemoteModules.setState({
        registry: [
          { id: 'travel', title: 'Travel Planner', routes: ['/travel'], manifestUrl: '/remotes/travel/m.json' },
        ],
      }),
    );
    render(
      <VisitorFrame path="/travel">
        <RemoteFallback title="Travel Planner" onRetry={() => undefined} />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Travel Planner is unavailable right now']);
    expect(buttons()).toEqual(['Retry']);

    await act(() => setLocale('de'));
    expect(h1s()).toEqual(['Reiseplaner ist gerade nicht verfügbar']);
    expect(buttons()).toEqual(['Erneut versuchen']);
  });
});
