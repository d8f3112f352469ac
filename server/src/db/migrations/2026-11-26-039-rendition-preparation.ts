import { type Kysely, sql } from 'kysely';

/**
 * A first start answers at once (issue 36): the catalog is recorded first and each media asset's renditions are
 * prepared afterwards, in the background. One row per asset says how far that is: `pending` (waiting, in
 * `priority` order, a member waiting on it since `wanted_at` first), `preparing` (`progress` percent, since
 * `started_at`), `ready` or `failed` (`error`). Written by modules/renditions only. Assets transcoded before this
 * migration were transcoded during their import: they are ready.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_preparations')
    .addColumn('media_asset_id', 'integer', (c) => c.primaryKey().references('media_assets.id').onDelete('cascade'))
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wanted_at', 'bigint')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('error', 'varchar(500)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_preparations_queue_idx').on('media_preparations').columns(['state', 'priority']).execute();
  await sql`insert into media_preparations (media_asset_id, state, priority, progress, updated_at)
            select id, 'ready', 0, 100, updated_at from media_assets`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_preparations').execute();
}
