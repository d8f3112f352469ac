/* The one watched threshold: playback, learning, the training records of qualifications and a toolbox talk's clip all decide by it, on the server and on the toolbox screen. */

const WATCHED_TENTHS = 9;
/**
 * Watched at 90% of the duration, compared as seconds x 10 >= duration x 9: never against duration x 0.9, which
 * floating point rounds up (13 x 0.9 is 11.700000000000001, so 11.7 s of a 13-second video would not count).
 * SQL that decides the same crossing compares `seconds * 10 >= watchedTenthsOf(duration)`, the very same numbers.
 */
export const isWatched = (seconds: number, durationSeconds: number): boolean => seconds * 10 >= durationSeconds * WATCHED_TENTHS;
/** The right-hand side of isWatched, for SQL that decides the crossing in the statement that adds the seconds. */
export const watchedTenthsOf = (durationSeconds: number): number => durationSeconds * WATCHED_TENTHS;
