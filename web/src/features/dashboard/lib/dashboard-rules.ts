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

/**
 * The tracker's content filter: 'all' (each member's whole path: the progress home shows them), 'optional', 'required'
 * (the required categories and the path's own lessons), a category's id, or one own lesson of the path.
 */
export type TrackerFilter = 'all' | 'optional' | 'required' | number | { lesson: number };

/** The filter menu's value of an own lesson (a category's value is its id). */
export const ownLessonFilterValue = (lessonId: number) => `lesson-${lessonId}`;

/** The filter a menu value stands for: a content kind, an own lesson ('lesson-<id>'), else a category's id. */
export function trackerFilterOf(value: string): TrackerFilter {
  if (value === 'all' || value === 'optional' || value === 'required') return value;
  const lesson = /^lesson-(\d+)$/.exec(value);
  return lesson ? { lesson: Number(lesson[1]) } : Number(value);
}

/** Whether a menu value is a content kind, kept when the team changes (a category or a lesson may not be in its path). */
export const isContentKind = (value: string): value is 'all' | 'optional' | 'required' => value === 'all' || value === 'optional' || value === 'required';

/** The tracker's query for a filter: categoryId, lessonId or onlyEssentials (none for the whole path). */
export function filterQuery(filter: TrackerFilter): { categoryId?: number; lessonId?: number; onlyEssentials?: 0 | 1 } {
  if (typeof filter === 'number') return { categoryId: filter };
  if (typeof filter === 'object') return { lessonId: filter.lesson };
  if (filter === 'required') return { onlyEssentials: 1 };
  if (filter === 'optional') return { onlyEssentials: 0 };
  return {};
}
