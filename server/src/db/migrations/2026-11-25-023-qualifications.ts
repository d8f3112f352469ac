import { type Kysely, sql } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Qualifications (issue 16).
 * - Videos carry a revision (1 at creation; a re-import that changes the media or the playbook makes a new one,
 *   kept in video_revisions with whether it requires retraining).
 * - Training records: a member's completion of a video for qualification purposes, with the revision completed.
 *   At most one open record per member and video; retraining and recertification close it (superseded_at, the
 *   history stays) so the next watch opens a fresh one. Backfilled from the watch totals as revision 1.
 * - Stations, their requirements (category, sub-category or video), trainers; the kept qualification state per
 *   person and station; shifts; sign-offs with the checklist and the revisions watched; the evidence log, chained
 *   by SHA-256 per organization; the daily digest claims (one e-mail per recipient and local day).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('video_revisions'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('revision', 'integer', notNull)
    .addColumn('media_asset_id', 'integer', notNull)
    .addColumn('playbook_path', 'varchar(300)')
    .addColumn('requires_retraining', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('video_revisions_video_revision_key', ['video_id', 'revision'])
    .execute();
  await sql`insert into video_revisions (video_id, revision, media_asset_id, playbook_path, requires_retraining, created_at)
    select id, 1, media_asset_id, playbook_path, 0, created_at from videos`.execute(db);

  await withId(db, db.schema.createTable('training_records'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('revision', 'integer', notNull)
    .addColumn('seconds', 'double precision', notNull)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('completed_at', 'bigint')
    .addColumn('superseded_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('training_records_open_key')
    .on('training_records')
    .columns(['user_id', 'video_id'])
    .unique()
    .where(sql.ref('superseded_at'), 'is', null)
    .execute();
  await db.schema.createIndex('training_records_video_idx').on('training_records').columns(['video_id', 'superseded_at']).execute();
  await sql`insert into training_records (user_id, video_id, revision, seconds, started_at, completed_at, superseded_at)
    select user_id, video_id, 1, seconds, created_at, watched_at, null from video_watch`.execute(db);

  await withId(db, db.schema.createTable('stations'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('description', 'varchar(500)', notNull)
    .addColumn('checklist', 'text', notNull)
    .addColumn('validity_months', 'integer')
    .addColumn('warning_days', 'integer', notNull)
    .addColumn('due_days', 'integer', notNull)
    .addColumn('min_per_shift', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('retired_at', 'bigint')
    .execute();
  await db.schema.createIndex('stations_organization_idx').on('stations').columns(['organization_id', 'retired_at']).execute();

  await db.schema
    .createTable('station_requirements')
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('sort', 'integer', notNull)
    .addPrimaryKeyConstraint('station_requirements_pk', ['station_id', 'kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('station_trainers')
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('station_trainers_pk', ['station_id', 'user_id'])
    .execute();
  await db.schema.createIndex('station_trainers_user_idx').on('station_trainers').column('user_id').execute();

  await db.schema
    .createTable('qualifications')
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('required_count', 'integer', notNull)
    .addColumn('completed_count', 'integer', notNull)
    .addColumn('assigned_at', 'bigint', notNull)
    .addColumn('due_at', 'bigint')
    .addColumn('cycle_started_at', 'bigint', notNull)
    .addColumn('qualified_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('qualifications_pk', ['station_id', 'user_id'])
    .execute();
  await db.schema.createIndex('qualifications_user_idx').on('qualifications').column('user_id').execute();
  await db.schema.createIndex('qualifications_organization_idx').on('qualifications').columns(['organization_id', 'state']).execute();
  await db.schema.createIndex('qualifications_expiry_idx').on('qualifications').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('qualifications_due_idx').on('qualifications').columns(['due_at']).execute();

  await db.schema
    .createTable('person_shifts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('shift', 'varchar(20)', notNull)
    .execute();

  await withId(db, db.schema.createTable('signoffs'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signed_by_name', 'varchar(220)', notNull)
    .addColumn('signed_at', 'bigint', notNull)
    .addColumn('comment', 'varchar(1000)', notNull)
    .addColumn('checklist', 'text', notNull)
    .addColumn('evidence', 'text', notNull)
    .execute();
  await db.schema.createIndex('signoffs_person_idx').on('signoffs').columns(['station_id', 'user_id', 'signed_at']).execute();
  await db.schema.createIndex('signoffs_organization_idx').on('signoffs').columns(['organization_id', 'signed_at']).execute();

  await db.schema
    .createTable('evidence_chains')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('last_sequence', 'integer', notNull)
    .addColumn('last_hash', 'varchar(64)', notNull)
    .execute();

  await db.schema
    .createTable('evidence_records')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', notNull)
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('at', 'bigint', notNull)
    .addColumn('user_id', 'integer')
    .addColumn('station_id', 'integer')
    .addColumn('video_id', 'integer')
    .addColumn('revision', 'integer')
    .addColumn('detail', 'text', notNull)
    .addColumn('previous_hash', 'varchar(64)', notNull)
    .addColumn('hash', 'varchar(64)', notNull)
    .addPrimaryKeyConstraint('evidence_records_pk', ['organization_id', 'sequence'])
    .execute();
  await db.schema.createIndex('evidence_records_user_idx').on('evidence_records').columns(['organization_id', 'user_id']).execute();
  await db.schema.createIndex('evidence_records_station_idx').on('evidence_records').columns(['organization_id', 'station_id']).execute();

  await db.schema
    .createTable('qualification_digests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('sent_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('qualification_digests_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'qualification_digests',
    'evidence_records',
    'evidence_chains',
    'signoffs',
    'person_shifts',
    'qualifications',
    'station_trainers',
    'station_requirements',
    'stations',
    'training_records',
    'video_revisions',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('videos').dropColumn('revision').execute();
}
