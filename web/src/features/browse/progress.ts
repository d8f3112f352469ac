/** How far the caller is into one video, 0 to 100. */
export function videoProgressPercent(progressSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0 || progressSeconds <= 0) return 0;
  return Math.min(100, Math.round((100 * progressSeconds) / durationSeconds));
}
