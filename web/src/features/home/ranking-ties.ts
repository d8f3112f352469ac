/**
 * Why two people with the same points hold different places: the ranking breaks ties by who reached the points first
 * (design.md, "Points and ranking"; decisions.md keeps one medal a place). Without this note, tied people showed a
 * gold and a silver medal beside the same points with nothing saying why. Zero points is no tie worth a note: those
 * members are ordered only by the tie-break (decisions.md, ranking sentence).
 */
export const REACHED_FIRST = 'tied, reached them first';
export const REACHED_LATER = 'tied, reached them later';

type Ranked = { points: number };

/** The note for the row at `index` of a ranking (rows in ranking order), or null when it is not tied. */
export function tieNote(rows: readonly Ranked[], index: number): string | null {
  const row = rows[index];
  if (!row || row.points === 0) return null;
  if (rows[index - 1]?.points === row.points) return REACHED_LATER;
  if (rows[index + 1]?.points === row.points) return REACHED_FIRST;
  return null;
}
