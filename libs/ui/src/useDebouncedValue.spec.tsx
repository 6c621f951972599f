import { act, cleanup, renderTree } from '@aide/testing';
import { useDebouncedValue } from './useDebouncedValue';

function Shows({ value, delay }: { value: string; delay?: number }) {
  return <output>{useDebouncedValue(value, delay)}</output>;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const shown = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('useDebouncedValue', () => {
  it('answers the first value at once, and a new one only once it has stood for 300 ms', () => {
    const { container, rerender } = renderTree(<Shows value="r" />);
    expect(shown(container)).toBe('r');
    rerender(<Shows value="re" />);
    act(() => jest.advanceTimersByTime(200));
    rerender(<Shows value="rep" />);
    act(() => jest.advanceTimersByTime(299));
    expect(shown(container)).toBe('r');
    act(() => jest.advanceTimersByTime(1));
    expect(shown(container)).toBe('rep');
  });

  it('takes another delay', () => {
    const { container, rerender } = renderTree(<Shows value="a" delay={50} />);
    rerender(<Shows value="ab" delay={50} />);
    act(() => jest.advanceTimersByTime(50));
    expect(shown(container)).toBe('ab');
  });
});
