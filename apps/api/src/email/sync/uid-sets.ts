/** IMAP sequence sets of UIDs (RFC 3501 §9 sequence-set), as sent in UID FETCH and returned by ESEARCH. */

/** '1:3,7,9:10' → [1, 2, 3, 7, 9, 10]; '' → []. A set with '*' cannot be expanded and throws. */
export function expandUidSet(set: string): number[] {
  const uids: number[] = [];
  for (const part of set.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const [first, last = first] = item.split(':').map((n) => {
      if (!/^\d+$/.test(n)) throw new Error(`Not a UID set: ${set}`);
      return Number(n);
    });
    for (let uid = Math.min(first, last); uid <= Math.max(first, last); uid++) uids.push(uid);
  }
  return uids;
}

/** [1, 2, 3, 7, 9, 10] (any order, duplicates allowed) → '1:3,7,9:10': short commands for long runs. */
export function compactUidSet(uids: Iterable<number>): string {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * Consecutive batches of messages, each at most `maxCount` messages and `maxBytes` bytes (a single
 * larger message makes a batch of its own), so a sync holds a bounded amount of mail in memory.
 */
export function batchBySize<T extends { size: number }>(items: T[], maxCount: number, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    if (batch.length > 0 && (batch.length >= maxCount || bytes + item.size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += item.size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
