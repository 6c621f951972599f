import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter the dashboard's quick actions add, e.g. '/tasks?new=1'. */
export const QUICK_ACTION_PARAM = 'new';
/** Spec §9: the quick action's click is delayed 100 ms after navigation. */
const QUICK_ACTION_DELAY_MS = 100;

/**
 * Runs `trigger` (open the add dialog) 100 ms after arriving with `?new=1`, then drops the
 * parameter so a reload or Back does not open it again.
 */
export function useQuickActionTrigger(trigger: () => void) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(QUICK_ACTION_PARAM) === '1';
  useEffect(() => {
    if (!requested) return;
    const timer = setTimeout(() => {
      trigger();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(QUICK_ACTION_PARAM);
          return next;
        },
        { replace: true },
      );
    }, QUICK_ACTION_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the arrival matters; `trigger` is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);
}
