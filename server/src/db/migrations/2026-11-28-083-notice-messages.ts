import type { Kysely } from 'kysely';

/**
 * Notices in their reader's language (issue 40): a platform-written notice keeps its text's name in the server's
 * `notices` catalog and the values put into it (JSON), and is written out in the reader's language on every read, so
 * a member who changes language reads their old notices in the new one. `message` keeps the English text as written.
 * The team dashboard's alerts and broadcasts already written get their key and values back from their one English
 * sentence; any other row without a key is read as its English text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('message_key', 'varchar(64)').execute();
  await db.schema.alterTable('notices').addColumn('message_values', 'text').execute();
  for (let after = 0; ; ) {
    const rows: { id: number; message: string }[] = await db
      .selectFrom('notices')
      .select(['id', 'message'])
      .where('kind', 'in', ['alert', 'broadcast'])
      .where('category_id', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(ROWS_PER_READ)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const alert = ALERT_SENTENCE.exec(row.message);
      if (!alert) continue;
      const values = { supervisor: alert[1], category: alert[2], percentage: Number(alert[3]) };
      await db
        .updateTable('notices')
        .set({ message_key: 'progressAlert', message_values: JSON.stringify(values) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The alert's English sentence as the dashboard wrote it before this migration (the category's English name in it). */
const ALERT_SENTENCE = /^(.+) asks you to continue "(.*)" \((\d+)% watched so far\)\.$/s;
const ROWS_PER_READ = 500;

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('message_values').execute();
  await db.schema.alterTable('notices').dropColumn('message_key').execute();
}
