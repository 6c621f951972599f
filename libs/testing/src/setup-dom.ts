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
// antd's scroll lock measures the scrollbar through a pseudo-element, which jsdom does not implement
// (it logs an error): measure the element itself.
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
