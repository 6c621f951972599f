/**
 * @jest-environment jsdom
 */
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { isLazyScreen, lazyScreen } from './lazy-screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Screen = () => <h1>Tasks</h1>;

describe('lazyScreen', () => {
  it('loads the code once: a preload, then the render that uses it', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Screen }));
    const Tasks = lazyScreen(load);
    await Tasks.preload();
    await Tasks.preload();
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <Suspense fallback="Loading">
          <Tasks />
        </Suspense>,
      ),
    );
    expect(container.textContent).toBe('Tasks');
    act(() => root.unmount());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a dropped connection during a hover)', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Screen }>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue({ default: Screen });
    const Tasks = lazyScreen(load);
    await expect(Tasks.preload()).rejects.toThrow('Failed to fetch');
    await Tasks.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is told apart from a plain component', () => {
    expect(isLazyScreen(lazyScreen(() => Promise.resolve({ default: Screen })))).toBe(true);
    expect(isLazyScreen(Screen)).toBe(false);
  });
});
