import { useEffect, useEffectEvent } from 'react';
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
  // Only the arrival matters: `trigger` (a fresh closure each render) is read, not watched.
  const arrived = useEffectEvent(() => {
    trigger();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(QUICK_ACTION_PARAM);
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (!requested) return;
    const timer = setTimeout(() => arrived(), QUICK_ACTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested]);
}
