/**
 * Weighted PageRank over a symmetric graph given as an adjacency matrix (TextRank's ranking step,
 * Mihalcea & Tarau 2004). Deterministic: fixed start, fixed damping, stops when no score moves by
 * more than `tolerance` or after `maxIterations`.
 */
export function pageRank(
  weights: number[][],
  { damping = 0.85, maxIterations = 100, tolerance = 1e-6 } = {},
): number[] {
  const n = weights.length;
  const outSum = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const next = new Array<number>(n).fill(1 - damping);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) continue;
      const share = (damping * scores[j]) / outSum[j];
      const row = weights[j];
      for (let i = 0; i < n; i++) if (row[i] !== 0) next[i] += row[i] * share;
    }
    const moved = next.reduce((max, s, i) => Math.max(max, Math.abs(s - scores[i])), 0);
    scores = next;
    if (moved < tolerance) break;
  }
  return scores;
}
