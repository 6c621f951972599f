/** Conversations (issue 24): the remembered "Group by conversation" switch and a thread's messages. */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { type Email, emailEndpoints, emailThreadEndpoints } from '@aide/contracts';

const STORAGE_KEY = 'aide.email.groupByConversation';

function readPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** On by default; the choice is remembered in this browser. */
export function useGroupByConversation(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readPreference);
  const set = (next: boolean) => {
    setOn(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, String(next));
    } catch {
      // Private mode or storage full: the switch still works for this visit.
    }
  };
  return [on, set];
}

/** Whether a listed email stands for a conversation of more than one message. */
export const isConversation = (email: Email) => (email.thread?.size ?? 1) > 1;

/** GET /api/emails/threads/:threadId, oldest first. */
export function useEmailThread(threadId: number | undefined) {
  return useQuery({
    ...endpointQuery(emailThreadEndpoints.get, { params: { threadId: threadId ?? 0 } }),
    enabled: threadId !== undefined,
  });
}

/** Opening a conversation reads it: its unread messages are marked read once, then the lists refresh. */
export function useReadThread(emails: Email[] | undefined) {
  const queryClient = useQueryClient();
  const done = useRef(new Set<number>());
  useEffect(() => {
    const unread = (emails ?? []).filter((email) => !email.isRead && !done.current.has(email.id));
    if (unread.length === 0) return;
    for (const email of unread) done.current.add(email.id);
    void Promise.allSettled(
      unread.map((email) => callEndpoint(emailEndpoints.update, { params: { id: email.id }, body: { isRead: true } })),
    ).then(() => invalidateAfter(queryClient, emailEndpoints.update));
  }, [emails, queryClient]);
}
