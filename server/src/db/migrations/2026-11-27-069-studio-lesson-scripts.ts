import type { Kysely } from 'kysely';

/**
 * A lesson from a script (issue 37): `studio_lesson_scripts` keeps the steps an author typed for a lesson (a JSON
 * array of strings, 3 to 10), what the slide-lesson generator renders and the author edits to render it again.
 * One row a lesson: the lesson's title and description come from the lesson itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_lesson_scripts')
    .addColumn('lesson_id', 'integer', (c) => c.primaryKey().references('studio_lessons.id'))
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_lesson_scripts').execute();
}
