import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isUnauthorizedError } from '@aide/api-client';

/**
 * Opens the row named in the address (`?<param>=<id>`, a link from another module: the message an
 * event came from, the event a message became) once `load` has fetched it, then drops the parameter
 * so a reload or Back does not open it again. A row no longer there (or not the user's) opens nothing.
 */
export function useOpenFromAddress<T>(param: string, load: (id: number) => Promise<T>, open: (item: T) => void) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get(param));
  const arrived = useEffectEvent((item: T | null) => {
    if (item !== null) open(item);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  });
  const fetchOne = useEffectEvent(load);
  useEffect(() => {
    if (!Number.isInteger(requested) || requested <= 0) return;
    let current = true;
    fetchOne(requested).then(
      (item) => current && arrived(item),
      (error: unknown) => current && !isUnauthorizedError(error) && arrived(null),
    );
    return () => {
      current = false;
    };
  }, [requested]);
}
