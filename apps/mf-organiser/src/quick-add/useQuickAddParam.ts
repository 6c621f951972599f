import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The query parameter the shell's Ctrl/⌘+K command opens the quick add with, e.g.
 * '/tasks?add=Call%20mum%20Friday' (the shell links to a screen; it never loads the reader itself).
 */
export const QUICK_ADD_PARAM = 'add';

/** Hands the text of '?add=<text>' to `fill` once on arrival, then drops the parameter (so Back or a reload do not refill). */
export function useQuickAddParam(enabled: boolean, fill: (text: string) => void) {
  const [params, setParams] = useSearchParams();
  const text = enabled ? params.get(QUICK_ADD_PARAM) : null;
  const arrived = useEffectEvent((typed: string) => {
    fill(typed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(QUICK_ADD_PARAM);
        return next;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (text !== null) arrived(text);
  }, [text]);
}
