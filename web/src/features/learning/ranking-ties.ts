/**
 * Why two people with the same points hold different places: the ranking breaks ties by who reached the points first
 * (design.md, "Points and ranking"; decisions.md keeps one medal a place). Without this note, tied people showed a
 * gold and a silver medal beside the same points with nothing saying why. Zero points is no tie worth a note: those
 * members are ordered only by the tie-break (decisions.md, ranking sentence).
 */
export type TieNote = 'reachedFirst' | 'reachedLater';

type Ranked = { points: number };

/** The note for the row at `index` of a ranking (rows in ranking order), or null when it is not tied: a `home:ranking.*` key. */
export function tieNote(rows: readonly Ranked[], index: number): TieNote | null {
  const row = rows[index];
  if (!row || row.points === 0) return null;
  if (rows[index - 1]?.points === row.points) return 'reachedLater';
  if (rows[index + 1]?.points === row.points) return 'reachedFirst';
  return null;
}
