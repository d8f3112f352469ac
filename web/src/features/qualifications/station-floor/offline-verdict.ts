import type { QualificationState } from '@mm/contract';

type Saved = { state: QualificationState | null; savedAt: string | null };

/**
 * Whether a station verdict read from the device is older than the operator's state beside it (their qualifications
 * list, saved later and saying something else): then the verdict is out of date and must not be shown as current.
 * Answers the newer state, or null when the verdict stands (read online, or the newest the device has).
 */
export function newerStateThan(floor: Saved, list: Saved | null): QualificationState | null {
  if (floor.savedAt === null || list === null || list.savedAt === null || list.state === null) return null;
  if (Date.parse(list.savedAt) <= Date.parse(floor.savedAt)) return null;
  return list.state === floor.state ? null : list.state;
}
