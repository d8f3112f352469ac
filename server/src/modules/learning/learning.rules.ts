import { toIso } from '../../lib/clock.ts';

/* Learning-path rules as plain functions (design.md, "The spec's open points, decided"). */

export const POINTS = { video: 10, microCertificate: 50, certificate: 100 } as const;

/** floor(100 x watched / total), capped at 100; 100 once the certificate exists; 0 when nothing is visible. */
export function progressPercent(watched: number, total: number, hasCertificate = false): number {
  if (hasCertificate) return 100;
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((100 * watched) / total));
}

export type ProgressState = 'not_started' | 'in_progress' | 'completed';

export const progressState = (progress: number): ProgressState => (progress >= 100 ? 'completed' : progress <= 0 ? 'not_started' : 'in_progress');

/** A certificate is due when every visible video is watched (and there is at least one). */
export const certificateDue = (watched: number, total: number): boolean => total > 0 && watched >= total;

/** The member's certificate of a category or a sub-category among theirs, if they hold one. */
export function certificateFor<Cert extends { kind: string; subject_id: number }>(
  certs: Cert[],
  kind: 'category' | 'sub_category',
  subjectId: number,
): Cert | undefined {
  return certs.find((c) => c.kind === kind && c.subject_id === subjectId);
}

export type DueCertificate = { kind: 'category' | 'sub_category'; subjectId: number; categoryId: number; subCategoryId: number | null };

/**
 * The certificates of a category and of the given sub-categories of it that are due and not held yet. The watch
 * report asks it for its video's sub-category, the path's reading for every sub-category.
 */
export function certificatesDue(
  category: { category_id: number; total: number; watched: number },
  subs: readonly { sub_category_id: number; total: number; watched: number }[],
  certs: { kind: string; subject_id: number }[],
): DueCertificate[] {
  const categoryId = category.category_id;
  const due: DueCertificate[] = subs
    .filter((s) => certificateDue(s.watched, s.total) && !certificateFor(certs, 'sub_category', s.sub_category_id))
    .map((s) => ({ kind: 'sub_category', subjectId: s.sub_category_id, categoryId, subCategoryId: s.sub_category_id }));
  if (certificateDue(category.watched, category.total) && !certificateFor(certs, 'category', categoryId)) {
    due.push({ kind: 'category', subjectId: categoryId, categoryId, subCategoryId: null });
  }
  return due;
}

/**
 * Availability along a path: the first category is available; a later one when every earlier required
 * category is complete. Optional categories never block; a category without visible videos never blocks.
 */
export function availability(path: Array<{ essential: number; progress: number; total: number }>): boolean[] {
  let blocked = false;
  return path.map((c, i) => {
    const available = i === 0 || !blocked;
    if (c.essential === 1 && c.total > 0 && c.progress < 100) blocked = true;
    return available;
  });
}

/** The day before 'YYYY-MM-DD'. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Days in a row with watching, ending today (member's calendar). A streak that ended yesterday still
 * counts until the end of today, so the morning does not reset it before the member had a chance to watch.
 */
export function streakDays(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  let day = set.has(today) ? today : previousDay(today);
  let n = 0;
  while (set.has(day)) {
    n++;
    day = previousDay(day);
  }
  return n;
}

/** What a member has of one category of their path: its visible videos, those watched, and whether its certificate is held. */
export type CategoryStanding = { total: number; watched: number; certified: boolean };

/** The visible videos of a category a member is credited with: all of them once certified, else those watched (never more). */
export const creditedVideos = (c: CategoryStanding): number => (c.certified ? c.total : Math.min(c.watched, c.total));

/**
 * A member's progress (issue 33: one number wherever it shows) over some categories of the learning path they follow
 * (their team's when saved, else the organization's): floor(100 x credited / visible videos), summed over those
 * categories. For one category with visible videos it is the spec's category progress (100 once certified); the dashboard computes the
 * same credited and visible sums in SQL (learning/member-progress.queries.ts) and floors them with progressPercent, as
 * this function does.
 */
export const memberProgress = (categories: readonly CategoryStanding[]): number =>
  progressPercent(
    categories.reduce((n, c) => n + creditedVideos(c), 0),
    categories.reduce((n, c) => n + c.total, 0),
  );

/** The home figures: completed categories of the path, the path's size, and the member's progress over the path. */
export function pathFigures(categories: readonly (CategoryStanding & { progress: number })[]): { done: number; total: number; percent: number } {
  return { done: categories.filter((c) => c.progress >= 100).length, total: categories.length, percent: memberProgress(categories) };
}

/** A stored time (milliseconds; PostgreSQL's bigint arrives as text) as the ISO date-time the answers carry. */
export const isoTime = (ms: number | string) => toIso(Number(ms)) as string;
