import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

/**
 * The stored value of a server setting; the first caller stores `initial()`. Insert-if-absent then
 * read, so concurrent first calls (two processes on one database) agree on one value.
 */
export async function settingOrCreate(db: Db, key: string, initial: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: initial(), created_at: now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The setting's value, or null when never stored. */
export async function findSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores a new random value under `key`: a version every instance sees change (cache invalidation). */
export async function renewSetting(db: Db, key: string): Promise<void> {
  const value = randomBytes(8).toString('hex');
  await db
    .insertInto('settings')
    .values({ key, value, created_at: now() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
