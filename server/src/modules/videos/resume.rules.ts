/**
 * Resuming: a video starts where the member stopped, except when they stopped at the end (the last
 * 5% or the last 10 seconds, the credits): then it starts again from 0.
 */
const END_SHARE = 0.05;
const END_SECONDS = 10;

export function resumeSeconds(place: { position_seconds: number; duration_seconds: number } | null): number {
  if (!place) return 0;
  const position = Math.floor(Number(place.position_seconds));
  const remaining = place.duration_seconds - position;
  if (position <= 0 || remaining <= Math.max(END_SECONDS, place.duration_seconds * END_SHARE)) return 0;
  return position;
}
