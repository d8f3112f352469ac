/**
 * Shares of a whole in whole percent that never sum above 100 (administration spec, section 4):
 * exact share = 100 x weight / sum of weights; every share is floored, then the points still missing
 * to 100 go one each to the largest remainders (ties: larger weight, then earlier item).
 * All weights 0 (or none): every share is 0.
 */
export function largestRemainderPercents(weights: number[]): number[] {
  const total = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (100 * Math.max(0, w)) / total);
  const floors = exact.map((e) => Math.floor(e));
  let missing = 100 - floors.reduce((a, f) => a + f, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e - floors[i]!, weight: weights[i]! }))
    .filter((x) => x.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || a.i - b.i);
  for (const x of order) {
    if (missing <= 0) break;
    floors[x.i]! += 1;
    missing--;
  }
  return floors;
}
