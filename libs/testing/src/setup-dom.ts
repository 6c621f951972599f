// What antd, React Router and rc-select expect of a browser and jsdom lacks (every remote's setupFiles).
if (typeof window !== 'undefined') {
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
}

// React Router reads TextEncoder at load; jsdom's window lacks it (Node has it).
import { TextDecoder, TextEncoder } from 'node:util';
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
// rc-select schedules its open/close as a macrotask through MessageChannel, which jsdom lacks (Node's
// would keep the test process alive): a timer is the same macrotask.
class TimerMessageChannel {
  readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data })) };
}
globalThis.MessageChannel ??= TimerMessageChannel as unknown as typeof globalThis.MessageChannel;
// jsdom's getComputedStyle matches the element, and for the inherited properties each of its ancestors,
// against every rule of every style sheet: with antd's CSS-in-JS sheets in the document a call takes
// milliseconds, and rc-trigger (popups, selects, pickers) and rc-dialog call it for every ancestor on
// each render, which made half of a screen test's time. jsdom lays nothing out, so no rule changes what
// a test can see: answer the element's own (inline) style, live as a browser's answer is. This also
// ignores the pseudo-element antd's scroll lock asks for (jsdom would log "not implemented").
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? getComputedStyle(element);
}
