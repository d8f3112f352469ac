import { describe, expect, it } from 'vitest';
import { newerStateThan } from './offline-verdict.ts';

describe('newerStateThan', () => {
  const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('defers to a qualifications list saved after the station verdict that says something else', () => {
    expect(newerStateThan({ state: 'in_training', savedAt: at(40) }, { state: 'qualified', savedAt: at(42) })).toBe('qualified');
  });

  it('keeps the verdict when it is the newer copy, the same state, or read online', () => {
    expect(newerStateThan({ state: 'in_training', savedAt: at(42) }, { state: 'qualified', savedAt: at(40) })).toBeNull();
    expect(newerStateThan({ state: 'qualified', savedAt: at(40) }, { state: 'qualified', savedAt: at(42) })).toBeNull();
    expect(newerStateThan({ state: 'in_training', savedAt: null }, { state: 'qualified', savedAt: at(42) })).toBeNull();
    expect(newerStateThan({ state: 'in_training', savedAt: at(40) }, null)).toBeNull();
  });
});
