/** Progress of a category or sub-category: floor(100 x watched / total), capped at 100 (member spec, section 4). */
export function progressPercent(watched: number, total: number): number {
  if (total <= 0 || watched <= 0) return 0;
  return Math.min(100, Math.floor((100 * watched) / total));
}

/** How far the caller is into one video, 0 to 100. */
export function videoProgressPercent(progressSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0 || progressSeconds <= 0) return 0;
  return Math.min(100, Math.round((100 * progressSeconds) / durationSeconds));
}
