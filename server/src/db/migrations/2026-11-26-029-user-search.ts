import type { Kysely } from 'kysely';

/**
 * A frozen copy of lib/search-text.ts's `searchText` (and its `searchWords`) as they were when this migration landed:
 * a landed migration must do the same thing forever, so it imports nothing that may change (the one edit made to it
 * after it landed, replacing that import by this copy, keeps its behaviour identical).
 */
function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const searchText = (...parts: string[]): string => parts.flatMap(searchWords).join(' ');

/** Users backfilled per statement batch: a plant of 50,000 is done in a few hundred small updates. */
const BACKFILL_BATCH = 500;

/**
 * Manage users searches and pages on the server (a plant of thousands is not sent whole to a browser). A user's
 * name, last name, e-mail and role are kept normalized in `search_text` (lower case, accents and punctuation
 * removed, the form search-text.ts gives), written with the user by the users module; the list is read in name
 * order per organization, hence the index. Existing users are backfilled here with the normalizer as it is today.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('users_organization_name_idx').on('users').columns(['organization_id', 'name', 'last_name', 'id']).execute();
  let after = 0;
  for (;;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'last_name', 'email', 'role'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    const last = users.at(-1);
    if (last === undefined) return;
    await db.transaction().execute(async (trx) => {
      for (const user of users) {
        await trx
          .updateTable('users')
          .set({ search_text: searchText(user.name, user.last_name, user.email, user.role ?? '') })
          .where('id', '=', user.id)
          .execute();
      }
    });
    after = last.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_organization_name_idx').execute();
  await db.schema.alterTable('users').dropColumn('search_text').execute();
}
