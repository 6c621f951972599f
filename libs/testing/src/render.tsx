import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// React warns unless told this is a test environment that wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders into a fresh container in the document; unmounted by cleanup(). */
export function render(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  mounted.push({ root, container });
  return container;
}

/** Like render, and answers a rerender that updates the same tree (props change, no remount). */
export function renderTree(ui: ReactNode): { container: HTMLElement; rerender: (next: ReactNode) => void } {
  const container = render(ui);
  const { root } = mounted[mounted.length - 1];
  return { container, rerender: (next) => act(() => root.render(next)) };
}

export function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}

export { act };
