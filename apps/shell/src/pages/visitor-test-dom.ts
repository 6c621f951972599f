// The browser pieces jsdom lacks, for the shell's jsdom specs (visitor-test-kit.tsx imports it first,
// before React Router, which reads TextEncoder as it loads).
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
// rc-select opens through MessageChannel, which jsdom lacks: a timer is the same macrotask.
class TimerMessageChannel {
  readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data })) };
}
globalThis.MessageChannel ??= TimerMessageChannel as unknown as typeof globalThis.MessageChannel;
// jsdom matches every antd style rule on each getComputedStyle call; nothing is laid out, so the inline style will do.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? computed(element);
