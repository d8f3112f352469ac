import { describe, expect, it } from 'vitest';
import { ageColor, daysSince, filterQuery, ownLessonFilterValue, performanceColor, teamCsv, trackerFilterOf } from './dashboard-rules.ts';

describe('dashboard rules', () => {
  it('colours performance at its edges', () => {
    expect([0, 30, 31, 70, 71, 100].map(performanceColor)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });
  it('colours days since start at its edges', () => {
    expect([0, 7, 8, 14, 15].map(ageColor)).toEqual(['green', 'green', 'orange', 'orange', 'red']);
  });
  it('counts whole days since a start', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(daysSince('2026-11-14T12:00:00Z', now)).toBe(7);
    expect(daysSince('2026-11-14T12:00:01Z', now)).toBe(6);
  });
  it('builds the CSV bytes', () => {
    expect(teamCsv([])).toBe('Name,Progress\n');
    expect(
      teamCsv([
        { name: 'Mia Member', progress: 50 },
        { name: 'Doe, "J"', progress: 0 },
        { name: '=cmd', progress: 100 },
        { name: 'Semi;=3+4', progress: 10 },
        { name: '\t=1+2', progress: 20 },
      ]),
    ).toBe('Name,Progress\nMia Member,50\n"Doe, ""J""",0\n\'=cmd,100\n"Semi;=3+4",10\n"\'\t=1+2",20\n');
  });
  it("reads the tracker's filter menu: content kinds, categories and own lessons", () => {
    expect(trackerFilterOf('all')).toBe('all');
    expect(trackerFilterOf('required')).toBe('required');
    expect(trackerFilterOf('12')).toBe(12);
    expect(trackerFilterOf(ownLessonFilterValue(7))).toEqual({ lesson: 7 });
    expect(filterQuery(trackerFilterOf('lesson-7'))).toEqual({ lessonId: 7 });
    expect(filterQuery(12)).toEqual({ categoryId: 12 });
    expect(filterQuery('required')).toEqual({ onlyEssentials: 1 });
    expect(filterQuery('optional')).toEqual({ onlyEssentials: 0 });
    expect(filterQuery('all')).toEqual({});
  });
});
