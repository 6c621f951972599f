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
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** [1, 2, 3, 4, 5] by 2 → [[1, 2], [3, 4], [5]]. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
