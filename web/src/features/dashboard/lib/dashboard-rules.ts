/** Pure rules of the team dashboard (administration spec, sections 4 and 9). */

import { csvLine } from '@mm/contract';

export type RuleColor = 'red' | 'orange' | 'green';

/** Performance colour: 30 or below red, 31 to 70 orange, above 70 green. */
export function performanceColor(percentage: number): RuleColor {
  if (percentage <= 30) return 'red';
  if (percentage <= 70) return 'orange';
  return 'green';
}

/** Colour by days since start: 7 or fewer green, 8 to 14 orange, above 14 red. */
export function ageColor(days: number): RuleColor {
  if (days <= 7) return 'green';
  if (days <= 14) return 'orange';
  return 'red';
}

const DAY = 86_400_000;

/** Whole days between a start (ISO) and now. */
export function daysSince(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY));
}

/** Progress bar ticks (section 9). */
export const PROGRESS_TICKS = [0, 25, 50, 75, 100] as const;

/** team-data.csv: header Name,Progress then one line per member, lines ended by \n (the shared writer keeps it spreadsheet-safe). */
export function teamCsv(rows: { name: string; progress: number }[]): string {
  return [csvLine(['Name', 'Progress'], '\n'), ...rows.map((r) => csvLine([r.name, r.progress], '\n'))].join('');
}

export const CSV_FILE_NAME = 'team-data.csv';
