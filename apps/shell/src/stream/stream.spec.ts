import { notificationsEndpoints, type StreamEvent, tasksEndpoints } from '@aide/contracts';
import { createInvalidationBatch } from './invalidation-batch';
import { StreamListeners } from './stream-listeners';

// Paths as the API names them in an event's `invalidate`.
const TASKS = tasksEndpoints.list.path;
const NOTIFICATIONS = notificationsEndpoints.list.path;

const event: StreamEvent = { type: 'entity.changed', entity: { type: 'task', id: 1 }, invalidate: [TASKS] };

describe('createInvalidationBatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refetches each path once for events arriving within a frame', () => {
    const flushed: string[] = [];
    const batch = createInvalidationBatch((path) => flushed.push(path));
    batch.add([TASKS]);
    batch.add([NOTIFICATIONS, TASKS]);
    expect(flushed).toEqual([]);
    jest.advanceTimersByTime(16);
    expect(flushed).toEqual([TASKS, NOTIFICATIONS]);
    batch.add([TASKS]);
    jest.advanceTimersByTime(16);
    expect(flushed).toEqual([TASKS, NOTIFICATIONS, TASKS]);
  });

  it('drops what is pending when cancelled (signed out)', () => {
    const flush = jest.fn();
    const batch = createInvalidationBatch(flush);
    batch.add([TASKS]);
    batch.cancel();
    jest.advanceTimersByTime(100);
    expect(flush).not.toHaveBeenCalled();
  });
});

describe('StreamListeners', () => {
  it('hands each event to every listener until it unsubscribes, even if another throws', () => {
    const listeners = new StreamListeners();
    const seen = jest.fn();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    listeners.subscribe(() => {
      throw new Error('boom');
    });
    const unsubscribe = listeners.subscribe(seen);
    listeners.emit(event);
    unsubscribe();
    listeners.emit(event);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith(event);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
