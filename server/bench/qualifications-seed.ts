import type { Db } from '../src/db/client.ts';
import { DAY } from '../src/lib/clock.ts';

/**
 * Qualifications for the matrix bench: `stations` stations of the bench organization, each requiring one
 * category, every member assigned to every one of them (5,000 x 50 = 250,000 kept rows) in a spread of states,
 * and each member on one of the three shifts.
 */

const STATES = ['qualified', 'qualified', 'qualified', 'expiring', 'in_training', 'awaiting_signoff', 'not_started', 'expired', 'retraining_due'] as const;
const SHIFT_NAMES = ['day', 'evening', 'night'] as const;

export async function seedQualifications(
  db: Db,
  r: { organizationId: number; userIds: number[]; categoryIds: number[]; stations: number; t: number; rnd: () => number },
): Promise<number> {
  const stationIds = (
    await db
      .insertInto('stations')
      .values(
        Array.from({ length: r.stations }, (_, i) => ({
          organization_id: r.organizationId,
          name: `Station ${String(i + 1).padStart(2, '0')}`,
          description: '',
          checklist: JSON.stringify(i % 2 ? ['Guards in place', 'Lockout demonstrated'] : []),
          validity_months: i % 3 ? 12 : null,
          warning_days: 30,
          due_days: 14,
          min_per_shift: 2,
          created_at: r.t,
          updated_at: r.t,
          retired_at: null,
        })),
      )
      .returning('id')
      .execute()
  ).map((s) => s.id);
  await db
    .insertInto('station_requirements')
    .values(stationIds.map((id, i) => ({ station_id: id, kind: 'category', ref_id: r.categoryIds[i % r.categoryIds.length]!, sort: 0 })))
    .execute();
  const rows = r.userIds.flatMap((userId, person) =>
    stationIds.map((stationId) => {
      const state = STATES[Math.floor(r.rnd() * STATES.length)]!;
      const assignedAt = r.t - Math.floor(r.rnd() * 300) * DAY;
      const held = state === 'qualified' || state === 'expiring' || state === 'expired' || state === 'retraining_due';
      return {
        station_id: stationId,
        user_id: userId,
        organization_id: r.organizationId,
        state,
        required_count: 12,
        completed_count: held ? 12 : Math.floor(r.rnd() * 12),
        assigned_at: assignedAt,
        due_at: held ? null : assignedAt + 14 * DAY,
        cycle_started_at: assignedAt,
        qualified_at: held ? assignedAt + 10 * DAY : null,
        expires_at: held ? assignedAt + 375 * DAY : null,
        updated_at: r.t,
        shift: SHIFT_NAMES[person % 3]!,
        checks_required_count: 0,
        checks_passed_count: 0,
      };
    }),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('qualifications')
      .values(rows.slice(i, i + 1000))
      .execute();
  for (let i = 0; i < r.userIds.length; i += 1000)
    await db
      .insertInto('person_shifts')
      .values(r.userIds.slice(i, i + 1000).map((userId, k) => ({ user_id: userId, organization_id: r.organizationId, shift: SHIFT_NAMES[(i + k) % 3]! })))
      .execute();
  return rows.length;
}
