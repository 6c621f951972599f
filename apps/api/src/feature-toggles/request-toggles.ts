import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserPlan } from '@aide/contracts';

/** What a toggle decision reads of a toggle row. */
export interface ToggleRow {
  name: string;
  enabled: boolean;
  adminOnly: boolean;
  planRequired: UserPlan;
}

/**
 * Every feature toggle as one request's session lookup read them (the same statement, see
 * SessionService), so the toggle checks of that request (module access, required two-factor)
 * need no round trip of their own. Null once the request itself has changed a toggle: later
 * checks of that request read the table again.
 */
interface RequestToggles {
  byName: ReadonlyMap<string, ToggleRow> | null;
}

const storage = new AsyncLocalStorage<RequestToggles>();

/**
 * Runs `next` (the rest of the request) with `rows` as the request's toggles, until `response`
 * closes: a timer or socket the request started carries its context on, and must read the table.
 */
export function withRequestToggles<T>(
  rows: readonly ToggleRow[],
  response: { once(event: 'close', listener: () => void): unknown },
  next: () => T,
): T {
  const toggles: RequestToggles = { byName: new Map(rows.map((row) => [row.name, row])) };
  response.once('close', () => {
    toggles.byName = null;
  });
  return storage.run(toggles, next);
}

/**
 * The request's toggles, or undefined outside a request that read them (background jobs, a
 * request that changed a toggle): then the caller asks the database.
 */
export function requestToggles(): ReadonlyMap<string, ToggleRow> | undefined {
  return storage.getStore()?.byName ?? undefined;
}

/** A toggle was written: this request's later checks must see the table, not the snapshot. */
export function forgetRequestToggles(): void {
  const current = storage.getStore();
  if (current) current.byName = null;
}
