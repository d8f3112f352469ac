import { isWatched } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/clock.ts';
import { availability, certificateDue, certificatesDue, memberProgress, pathFigures, progressPercent, progressState, streakDays } from './learning.rules.ts';

describe('watched and progress', () => {
  it('counts a video watched at 90%, not 89%', () => {
    expect(isWatched(89, 100)).toBe(false);
    expect(isWatched(90, 100)).toBe(true);
    expect(isWatched(1.79, 2)).toBe(false);
    expect(isWatched(1.8, 2)).toBe(true);
  });
  it('handles 0 and 1 videos', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(certificateDue(0, 0)).toBe(false);
    expect(progressPercent(0, 1)).toBe(0);
    expect(progressPercent(1, 1)).toBe(100);
    expect(certificateDue(1, 1)).toBe(true);
  });
  it('floors, caps at 100 and is 100 once the certificate exists', () => {
    expect(progressPercent(99, 100)).toBe(99);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(100, 100)).toBe(100);
    expect(progressPercent(5, 3)).toBe(100);
    expect(progressPercent(1, 3, true)).toBe(100);
    expect(progressState(0)).toBe('not_started');
    expect(progressState(1)).toBe('in_progress');
    expect(progressState(99)).toBe('in_progress');
    expect(progressState(100)).toBe('completed');
  });
});

describe('availability', () => {
  const c = (essential: number, progress: number, total = 3) => ({ essential, progress, total });
  it('opens the first category and blocks after an incomplete required one', () => {
    expect(availability([c(1, 50), c(1, 0), c(0, 0)])).toEqual([true, false, false]);
    expect(availability([c(1, 100), c(1, 20), c(0, 0)])).toEqual([true, true, false]);
  });
  it('never lets optional categories block, even between required ones', () => {
    expect(availability([c(1, 100), c(0, 0), c(1, 0), c(0, 0)])).toEqual([true, true, true, false]);
    expect(availability([c(1, 100), c(0, 10), c(0, 0), c(1, 100), c(1, 0)])).toEqual([true, true, true, true, true]);
  });
  it('handles a path whose first category is optional', () => {
    expect(availability([c(0, 0), c(1, 0), c(1, 0)])).toEqual([true, true, false]);
    expect(availability([c(0, 0), c(0, 0)])).toEqual([true, true]);
  });
  it('does not let an empty required category block', () => {
    expect(availability([c(1, 0, 0), c(1, 0)])).toEqual([true, true]);
  });
  it('counts completed categories, and the percent over the visible videos of the path, a certified category whole', () => {
    const c = (total: number, watched: number, certified = false) => ({ total, watched, certified, progress: progressPercent(watched, total, certified) });
    expect(pathFigures([])).toEqual({ done: 0, total: 0, percent: 0 });
    // 4 + 1 + 0 of 4 + 2 + 3 visible videos: 55%, though one category of three is completed.
    expect(pathFigures([c(4, 4), c(2, 1), c(3, 0)])).toEqual({ done: 1, total: 3, percent: 55 });
    // A certificate counts its category whole even when videos were added since (2 of 5 watched).
    expect(pathFigures([c(5, 2, true), c(5, 0)])).toEqual({ done: 1, total: 2, percent: 50 });
    expect(memberProgress([c(0, 0), c(2, 3)])).toBe(100);
  });
});

describe('streaks', () => {
  it('counts days in a row up to today, or up to yesterday when today has no watching yet', () => {
    expect(streakDays([], '2026-03-10')).toBe(0);
    expect(streakDays(['2026-03-10'], '2026-03-10')).toBe(1);
    expect(streakDays(['2026-03-08', '2026-03-09', '2026-03-10'], '2026-03-10')).toBe(3);
    expect(streakDays(['2026-03-08', '2026-03-09'], '2026-03-10')).toBe(2);
    expect(streakDays(['2026-03-07', '2026-03-09', '2026-03-10'], '2026-03-10')).toBe(2);
    expect(streakDays(['2026-03-07'], '2026-03-10')).toBe(0);
  });
  it('crosses month and year ends', () => {
    expect(streakDays(['2025-12-31', '2026-01-01'], '2026-01-01')).toBe(2);
    expect(streakDays(['2026-02-28', '2026-03-01'], '2026-03-01')).toBe(2);
  });
  it('uses the member time zone: the same instants make different days', () => {
    const late = Date.parse('2026-03-10T02:30:00Z');
    const next = Date.parse('2026-03-10T20:00:00Z');
    // In São Paulo (UTC-3) the first watch is still on the 9th: two days in a row.
    const sp = [dayIn(late, 'America/Sao_Paulo'), dayIn(next, 'America/Sao_Paulo')];
    expect(sp).toEqual(['2026-03-09', '2026-03-10']);
    expect(streakDays(sp, dayIn(next, 'America/Sao_Paulo'))).toBe(2);
    // In UTC both are on the 10th: one day.
    const utc = [dayIn(late, 'UTC'), dayIn(next, 'UTC')];
    expect(streakDays(utc, dayIn(next, 'UTC'))).toBe(1);
  });
});

describe('certificates due', () => {
  const subs = [
    { sub_category_id: 11, total: 2, watched: 2 },
    { sub_category_id: 12, total: 1, watched: 0 },
    { sub_category_id: 13, total: 0, watched: 0 },
  ];
  it('lists the complete sub-categories and the complete category not held yet', () => {
    expect(certificatesDue({ category_id: 1, total: 3, watched: 2 }, subs, [])).toEqual([
      { kind: 'sub_category', subjectId: 11, categoryId: 1, subCategoryId: 11 },
    ]);
    expect(certificatesDue({ category_id: 1, total: 3, watched: 3 }, [{ ...subs[1]!, watched: 1 }], [{ kind: 'sub_category', subject_id: 11 }])).toEqual([
      { kind: 'sub_category', subjectId: 12, categoryId: 1, subCategoryId: 12 },
      { kind: 'category', subjectId: 1, categoryId: 1, subCategoryId: null },
    ]);
  });
  it('lists nothing held already, nor anything without a visible video', () => {
    const held = [
      { kind: 'sub_category', subject_id: 11 },
      { kind: 'category', subject_id: 1 },
    ];
    expect(certificatesDue({ category_id: 1, total: 2, watched: 2 }, subs, held)).toEqual([]);
    expect(certificatesDue({ category_id: 2, total: 0, watched: 0 }, [subs[2]!], [])).toEqual([]);
  });
});
