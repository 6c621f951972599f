/** @jest-environment jsdom */
import { whenIdle } from './whenIdle';

afterEach(() => {
  jest.useRealTimers();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
});

it('runs in the browser’s idle period, with the timeout given, and can be cancelled', () => {
  const idle: Array<[() => void, { timeout: number }]> = [];
  const cancelled: number[] = [];
  Object.assign(window, {
    requestIdleCallback: (callback: () => void, options: { timeout: number }) => idle.push([callback, options]),
    cancelIdleCallback: (handle: number) => cancelled.push(handle),
  });
  const callback = jest.fn();
  const cancel = whenIdle(callback, { timeout: 1000, fallbackDelay: 0 });
  expect(callback).not.toHaveBeenCalled();
  expect(idle[0][1]).toEqual({ timeout: 1000 });
  idle[0][0]();
  expect(callback).toHaveBeenCalledTimes(1);
  cancel();
  expect(cancelled).toEqual([1]);
});

it('without requestIdleCallback (Safari), runs after the fallback delay unless cancelled', () => {
  jest.useFakeTimers();
  const ran = jest.fn();
  whenIdle(ran, { timeout: 5000, fallbackDelay: 1000 });
  jest.advanceTimersByTime(999);
  expect(ran).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(ran).toHaveBeenCalledTimes(1);

  const cancelledOne = jest.fn();
  whenIdle(cancelledOne, { timeout: 5000, fallbackDelay: 0 })();
  jest.advanceTimersByTime(10);
  expect(cancelledOne).not.toHaveBeenCalled();
});
