import type { Kysely } from 'kysely';

/**
 * Notices in their reader's language (issue 40): a platform-written notice keeps its text's name in the server's
 * `notices` catalog and the values put into it (JSON), and is written out in the reader's language on every read, so
 * a member who changes language reads their old notices in the new one. `message` keeps the English text as written;
 * rows without a key (written before this) are read as that text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('message_key', 'varchar(64)').execute();
  await db.schema.alterTable('notices').addColumn('message_values', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('message_values').execute();
  await db.schema.alterTable('notices').dropColumn('message_key').execute();
}
