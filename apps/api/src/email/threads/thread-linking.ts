import { isReplySubject, normaliseSubject, participants } from './thread-subject';

/** The fields threading reads from a stored email. */
export interface ThreadMessage {
  id: number;
  /** null: not threaded yet (a fresh row, or one stored by code that does not thread). */
  threadId: number | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: string;
  to: string;
  cc: string | null;
  receivedAt: Date;
}

/** What to write: each unthreaded row's thread, and the threads merged into another. */
export interface ThreadLinks {
  assign: Map<number, number>;
  merge: Map<number, number>;
}

/** How far apart in time two messages joined by subject alone may be. */
export const SUBJECT_FALLBACK_DAYS = 30;
const SUBJECT_FALLBACK_MS = SUBJECT_FALLBACK_DAYS * 86_400_000;

/** A message's Message-IDs: its own, its In-Reply-To and its References. Two messages sharing one are in one thread. */
export function threadKeys(message: Pick<ThreadMessage, 'messageId' | 'inReplyTo' | 'references'>): string[] {
  const keys = [...message.references];
  if (message.inReplyTo) keys.push(message.inReplyTo);
  if (message.messageId) keys.push(message.messageId);
  return keys;
}

/** One participant set within the other, with at least two people in the smaller (a reply may drop a Cc). */
function sameParticipants(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < 2) return false;
  for (const address of small) if (!large.has(address)) return false;
  return true;
}

/**
 * JWZ-style threading of `fresh` (unthreaded) messages against `known` ones (threaded or not):
 * messages sharing a Message-ID key (one is the other's parent, ancestor or sibling, or the same
 * message in two mailboxes) are one thread, so a late parent joins the threads of its replies.
 * A message with neither In-Reply-To nor References (a client that drops them) joins, by subject,
 * messages with the same normalised subject, the same participants, within 30 days, when at least
 * one of the two is a reply or forward ("Re: Hello" follows "Hello"; two unrelated "Hello"s from
 * the same person do not merge, nor do "Hello"s between other people).
 * A thread keeps its id; merged threads keep the smallest; a new thread takes its smallest message id.
 */
export function linkThreads(fresh: ThreadMessage[], known: ThreadMessage[]): ThreadLinks {
  const freshIds = new Set(fresh.map((message) => message.id));
  const all = [...fresh, ...known.filter((message) => !freshIds.has(message.id))];
  // Union-find over nodes: a threaded message is its thread ("t:"), an unthreaded one itself ("m:").
  const parent = new Map<string, string>();
  const node = (message: ThreadMessage) => (message.threadId === null ? `m:${message.id}` : `t:${message.threadId}`);
  const find = (key: string): string => {
    let root = key;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(key, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const message of all) find(node(message));

  const byKey = new Map<string, string>();
  for (const message of all) {
    for (const key of threadKeys(message)) {
      const other = byKey.get(key);
      if (other) union(node(message), other);
      else byKey.set(key, node(message));
    }
  }

  const subjects = new Map(all.map((m) => [m.id, normaliseSubject(m.subject)]));
  const people = new Map(all.map((m) => [m.id, participants(m)]));
  for (const message of fresh) {
    if (message.inReplyTo || message.references.length > 0) continue;
    const subject = subjects.get(message.id)!;
    if (!subject) continue;
    for (const other of all) {
      if (
        other.id !== message.id &&
        subjects.get(other.id) === subject &&
        Math.abs(other.receivedAt.getTime() - message.receivedAt.getTime()) <= SUBJECT_FALLBACK_MS &&
        (isReplySubject(message.subject) || isReplySubject(other.subject)) &&
        sameParticipants(people.get(message.id)!, people.get(other.id)!)
      )
        union(node(message), node(other));
    }
  }

  // A thread keeps its id (the smallest, when threads merge); a new thread is named by its smallest message id.
  const kept = new Map<string, number>();
  const smallestNew = new Map<string, number>();
  for (const message of all) {
    const root = find(node(message));
    const [map, id] = message.threadId === null ? [smallestNew, message.id] : [kept, message.threadId];
    map.set(root, Math.min(map.get(root) ?? id, id));
  }
  const threadOf = (message: ThreadMessage) => {
    const root = find(node(message));
    return kept.get(root) ?? smallestNew.get(root)!;
  };
  const links: ThreadLinks = { assign: new Map(), merge: new Map() };
  for (const message of all) {
    const thread = threadOf(message);
    if (message.threadId === null) links.assign.set(message.id, thread);
    else if (message.threadId !== thread) links.merge.set(message.threadId, thread);
  }
  return links;
}
