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

/**
 * Counts one attempt as countAttempt does, unless the subject is held back (`blocked_until` after `t`): then nothing
 * is written and null is answered. The same statement holds the subject back until `t` plus the delay its new count
 * earns (`delaysMs[count - 1]`, the last entry beyond), so parallel attempts cannot slip between the check and the write.
 */
export async function countSpacedAttempt(db: Db, kind: string, subject: string, t: number, expired: number, delaysMs: readonly number[]) {
  const newCount = sql<number>`case when throttle_counters.window_start <= ${expired} then 1 else throttle_counters.count + 1 end`;
  // The delays are the code's own constants, written into the statement as literals (typed the same on both databases).
  const delayOf = (count: typeof newCount) =>
    sql<number>`case ${count} ${sql.join(
      delaysMs.slice(0, -1).map((ms, i) => sql`when ${sql.lit(i + 1)} then ${sql.lit(ms)}`),
      sql` `,
    )} else ${sql.lit(delaysMs.at(-1) ?? 0)} end`;
  const { rows } = await sql<{ count: number; window_start: number | string; blocked_until: number | string }>`
    insert into throttle_counters (kind, subject, window_start, count, blocked_until)
    values (${kind}, ${subject}, ${t}, 1, ${t + (delaysMs[0] ?? 0)})
    on conflict (kind, subject) do update set
      count = ${newCount},
      window_start = case when throttle_counters.window_start <= ${expired} then ${t} else throttle_counters.window_start end,
      blocked_until = cast(${t} as bigint) + ${delayOf(newCount)}
    where throttle_counters.blocked_until <= ${t}
    returning count, window_start, blocked_until`.execute(db);
  const row = rows[0];
  return row ? { count: row.count, windowStart: Number(row.window_start), blockedUntil: Number(row.blocked_until) } : null;
}

export async function findCounter(db: Db, kind: string, subject: string) {
  const row = await db
    .selectFrom('throttle_counters')
    .select(['count', 'window_start', 'blocked_until'])
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row && { count: row.count, windowStart: Number(row.window_start), blockedUntil: Number(row.blocked_until) };
}

/** The subjects whose count reached `max` (their next attempt is refused) in a window that opened after `expired` (few: the locked ones). */
export async function listLockedCounters(db: Db, kind: string, max: number, expired: number) {
  const rows = await db
    .selectFrom('throttle_counters')
    .select(['subject', 'window_start'])
    .where('kind', '=', kind)
    .where('count', '>=', max)
    .where('window_start', '>', expired)
    .execute();
  return rows.map((r) => ({ subject: r.subject, windowStart: Number(r.window_start) }));
}
