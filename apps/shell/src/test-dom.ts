/**
 * For the shell's screen specs (jsdom, `@jest-environment jsdom`): what antd, React Router and
 * rc-select expect of a browser and jsdom lacks, as libs/testing's setup gives the remotes. Import it
 * first. `setScreenWidth` makes antd's breakpoints (Grid.useBreakpoint) answer as on that screen.
 */
import { TextDecoder, TextEncoder } from 'node:util';

let screenWidth = 1366;

/** The width antd's breakpoint queries ('(min-width: 768px)') are answered for. */
export function setScreenWidth(width: number) {
  screenWidth = width;
}

window.matchMedia = ((query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const matches = (!min || screenWidth >= Number(min[1])) && (!max || screenWidth <= Number(max[1]));
  return {
    matches: Boolean(min || max) && matches,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  };
}) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
class TimerMessageChannel {
  readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data })) };
}
globalThis.MessageChannel ??= TimerMessageChannel as unknown as typeof globalThis.MessageChannel;
// jsdom matches every CSS rule per call; antd and rc-trigger call it for each ancestor (see libs/testing).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? getComputedStyle(element);
