/**
 * What the shell gives a remote's screen (host, router, QueryClient, antd App), with `fetch` mocked
 * where the api-client meets it, and helpers to find and use elements as a user would.
 */
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { createQueryClient } from '@aide/api-client';
import type { AuthUser } from '@aide/contracts';
import { HostContext, type HostApi, type ToastInput } from '@aide/module-kit';
import { act, render } from './render';

// ---- fetch ----

export interface Call {
  method: string;
  /** Path and query, e.g. '/api/documents?folderId=root'. */
  url: string;
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

/** A handler answers a call it knows (status 200 by default), or undefined to let the next one try. */
export type Handler = (call: Call) => Answer | undefined;

/** 'GET /api/documents' matches that path with any query; ' ?' in the pattern matches the query exactly. */
export function route(pattern: string, answer: Answer | ((call: Call) => Answer)): Handler {
  const [method, path] = pattern.split(' ');
  return (call) => {
    if (call.method !== method) return undefined;
    const matches = path.includes('?') ? call.url === path : call.url.split('?')[0] === path;
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };
}

/** Replaces fetch; answers 404 `{message: 'Not found'}` to what no handler knows. Returns the calls seen. */
export function mockFetch(...handlers: Handler[]): { calls: Call[]; use: (...more: Handler[]) => void } {
  const calls: Call[] = [];
  const all = [...handlers];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    // Newest handlers first, so a test can change an answer midway.
    const answer = all
      .slice()
      .reverse()
      .reduce<Answer | undefined>((found, handler) => found ?? handler(call), undefined) ?? {
      status: 404,
      body: { message: 'Not found' },
    };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    // What apiRequest reads of a Response.
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as Response;
  }) as typeof fetch;
  return { calls, use: (...more) => all.push(...more) };
}

// ---- rendering ----

export const testUser: AuthUser = {
  id: 1,
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  role: 'user',
  plan: 'free',
  status: 'active',
  emailVerified: true,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

interface ProbedLocation {
  pathname: string;
  search: string;
}

/** Reports the router's address after each commit (render itself must stay free of side effects). */
function LocationProbe({ onChange }: { onChange: (location: ProbedLocation) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => onChange({ pathname, search }), [onChange, pathname, search]);
  return null;
}

/** Renders `ui` as the shell would at `path`; answers the toasts shown and the current address. */
export function renderScreen(
  ui: ReactNode,
  { path = '/', host: hostOverrides = {} }: { path?: string; host?: Partial<HostApi> } = {},
) {
  const toasts: ToastInput[] = [];
  const host: HostApi = {
    user: testUser,
    toast: (t) => toasts.push(t),
    navigate: jest.fn(),
    theme: { mode: 'light' },
    // No other modules in a screen test: slots stay empty and the dashboard has no widgets.
    Slot: () => null,
    dashboard: { visible: [], all: [], hidden: [], saveLayout: () => Promise.resolve() },
    ...hostOverrides,
  };
  const client = createQueryClient();
  let currentLocation: ProbedLocation = { pathname: '/', search: '' };
  const container = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <HostContext.Provider value={host}>
          {/* No motion: dialogs open and close at once. No runtime styles: antd would generate and
              inject its CSS for each component a test mounts, which jsdom (laying nothing out) never
              uses; that was about a quarter of a screen test's time. */}
          <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
            <App>{ui}</App>
          </ConfigProvider>
        </HostContext.Provider>
      </QueryClientProvider>
      <LocationProbe
        onChange={(location) => {
          currentLocation = location;
        }}
      />
    </MemoryRouter>,
  );
  return { container, toasts, client, location: () => currentLocation };
}

// ---- interacting ----

/** Lets pending promises, timers of `ms` and React updates run. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Waits until `check` passes, running timers, promises and React updates in between. Up to 5 s: a
 * condition holds within a few hundred ms on an idle machine, but a CPU shared with other work (CI's
 * two cores, a CPU hog) stretches that several times, and a wait must not be what fails then.
 */
export async function waitFor<T>(check: () => T, timeout = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const result = check();
      if (result !== false && result !== undefined && result !== null) return result;
      throw new Error('condition not met');
    } catch (error) {
      if (Date.now() - started > timeout) throw error;
      await settle(10);
    }
  }
}

/** Every element whose own text (trimmed) is `text`, in the whole document (dialogs are portals). */
export function allByText(text: string | RegExp, selector = '*'): HTMLElement[] {
  return Array.from(document.body.querySelectorAll<HTMLElement>(selector)).filter((el) => {
    const own = Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
    const full = el.textContent?.trim() ?? '';
    const test = (value: string) => (typeof text === 'string' ? value === text : text.test(value));
    return test(own) || (el.children.length === 0 && test(full));
  });
}

export function byText(text: string | RegExp, selector = '*'): HTMLElement {
  const found = allByText(text, selector);
  if (!found.length) throw new Error(`No element with text ${String(text)}`);
  return found[0];
}

/** A button by its visible text or aria-label. */
export function button(name: string | RegExp): HTMLButtonElement {
  const test = (value: string | null | undefined) =>
    value ? (typeof name === 'string' ? value.trim() === name : name.test(value)) : false;
  const found = Array.from(document.body.querySelectorAll<HTMLButtonElement>('button, [role="button"], a')).find(
    (el) => test(el.getAttribute('aria-label')) || test(el.textContent),
  );
  if (!found) throw new Error(`No button ${String(name)}`);
  return found;
}

export async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Types into an input or textarea the way React hears it. */
export async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens a card's "Actions for …" menu and picks an item. */
export async function pickMenuItem(menuButtonLabel: string, item: string) {
  await click(button(menuButtonLabel));
  await waitFor(() => allByText(item, '.ant-dropdown-menu-title-content').length > 0);
  const items = allByText(item, '.ant-dropdown-menu-title-content');
  await click(items[items.length - 1]);
}
