/** The top self-time functions of a V8 .cpuprofile (what `node --cpu-prof` writes). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface ProfileLine {
  name: string;
  where: string;
  selfMs: number;
  /** Of the profile's busy time ((idle) left out). */
  percent: number;
}

export function topSelfTime(file: string, count = 15): { lines: ProfileLine[]; busyMs: number; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
  };
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const totalHits = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const msPerHit = totalMs / Math.max(1, totalHits);
  const byFunction = new Map<string, { name: string; where: string; hits: number }>();
  const root = path.resolve(__dirname, '..', '..');
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url
          .replace(/^file:\/\//, '')
          .replace(`${root}/`, '')
          .replace(/^bench\/dist\/api-\d+\//, '')}:${lineNumber + 1}`
      : '';
    const key = `${functionName}@${where}`;
    const entry = byFunction.get(key) ?? { name: functionName || '(anonymous)', where, hits: 0 };
    entry.hits += node.hitCount;
    byFunction.set(key, entry);
  }
  const idleHits = [...byFunction.values()].filter((e) => e.name === '(idle)').reduce((n, e) => n + e.hits, 0);
  const busyHits = totalHits - idleHits;
  const lines = [...byFunction.values()]
    .filter((e) => e.name !== '(idle)')
    .sort((a, b) => b.hits - a.hits)
    .slice(0, count)
    .map((e) => ({
      name: e.name,
      where: e.where,
      selfMs: Math.round(e.hits * msPerHit),
      percent: Math.round((e.hits / busyHits) * 1000) / 10,
    }));
  return { lines, busyMs: Math.round(busyHits * msPerHit), totalMs: Math.round(totalMs) };
}
