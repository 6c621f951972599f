import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { finishedOnAnswer, outcomeOf, startWatch, syncOutcome, type SyncOutcome, type SyncWatch } from './syncOutcome';
import { INTEGRATIONS_QUERY_KEY, type EmailAccount } from './useEmailIntegrations';

/**
 * Syncs asked for in this page, by account id. Module-wide, so a sync asked for on /email still
 * reports when the user has moved to the calendar's Integrations tab meanwhile.
 */
const watches = new Map<number, SyncWatch>();

export type SyncReport = (
  account: EmailAccount,
  outcome: Exclude<SyncOutcome, { kind: 'pending' } | { kind: 'gone' }>,
) => void;

/**
 * Reports once how each Sync Now asked for here ended: on each fresh list of accounts (the live
 * stream refetches it when the sync job ends), and on the API's answer when that is already final.
 */
export function useSyncWatcher(accounts: EmailAccount[] | undefined, report: SyncReport) {
  const queryClient = useQueryClient();
  // The latest `report`, for settle(), which runs from effects and from the caller's handlers.
  const reportRef = useRef(report);
  useLayoutEffect(() => {
    reportRef.current = report;
  });

  const settle = (list: EmailAccount[] | undefined) => {
    if (!list) return;
    for (const [id, watch] of [...watches]) {
      const account = list.find((a) => a.id === id);
      const outcome = syncOutcome(watch, account);
      if (outcome.kind === 'pending') {
        if (account?.syncing) watch.sawSyncing = true;
        continue;
      }
      watches.delete(id);
      if (account && outcome.kind !== 'gone') reportRef.current(account, outcome);
    }
  };

  useEffect(() => settle(accounts), [accounts]);

  return {
    /** Before asking the API: remember the account as it is. */
    begin: (before: EmailAccount) => watches.set(before.id, startWatch(before, undefined)),
    /** The API accepted the sync with this answer (202 and the account, usually `syncing: true`). */
    answered: (before: EmailAccount, answer: EmailAccount | undefined) => {
      const watch = watches.get(before.id);
      if (!watch) return;
      if (answer && finishedOnAnswer(answer)) {
        watches.delete(before.id);
        reportRef.current(answer, outcomeOf(answer) as Parameters<SyncReport>[1]);
        return;
      }
      if (answer?.syncing) watch.sawSyncing = true;
      // The job may have ended before this answer was read: look at the list we already have.
      settle(queryClient.getQueryData<EmailAccount[]>(INTEGRATIONS_QUERY_KEY));
    },
    /** The API refused the sync. */
    cancel: (id: number) => watches.delete(id),
  };
}
