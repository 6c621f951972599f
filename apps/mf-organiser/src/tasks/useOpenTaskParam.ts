import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Task } from '@aide/contracts';

/** '/tasks?open=<id>': a time block's "Open in Tasks" link (calendar/TaskBlockLink.tsx). */
export const OPEN_TASK_PARAM = 'open';

/**
 * Opens the task named by `?open=<id>` once the list has loaded, then drops the parameter so a
 * reload or Back does not open it again. A task no longer there (deleted since) just leaves the list.
 */
export function useOpenTaskParam(tasks: readonly Task[] | undefined, open: (task: Task) => void) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(OPEN_TASK_PARAM);
  const arrived = useEffectEvent((list: readonly Task[]) => {
    const task = list.find((t) => String(t.id) === requested);
    if (task) open(task);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_TASK_PARAM);
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (requested !== null && tasks) arrived(tasks);
  }, [requested, tasks]);
}
