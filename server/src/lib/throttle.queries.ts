import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/** The throttle_counters table (lib/throttle.ts): one row per limit kind and subject. */

/**
 * Adds `amount` to the subject's count in one upsert, starting a new window at `t` when the current one opened at
 * or before `expired`; answers the new count and when its window opened.
 */
export async function countAttempt(db: Db, kind: string, subject: string, amount: number, t: number, expired: number) {
  const { rows } = await sql<{ count: number; window_start: number | string }>`
    insert into throttle_counters (kind, subject, window_start, count)
    values (${kind}, ${subject}, ${t}, ${amount})
    on conflict (kind, subject) do update set
      count = case when throttle_counters.window_start <= ${expired} then ${amount} else throttle_counters.count + ${amount} end,
      window_start = case when throttle_counters.window_start <= ${expired} then ${t} else throttle_counters.window_start end
    returning count, window_start`.execute(db);
  const row = rows[0];
  return row ? { count: row.count, windowStart: Number(row.window_start) } : null;
}

export async function decrementCount(db: Db, kind: string, subject: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCount(db: Db, kind: string, subject: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('kind', '=', kind).where('subject', '=', subject).execute();
}
