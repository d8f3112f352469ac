import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * A member's watch rows stored together (issue 18). Every member call reads the member's own video_watch and
 * video_watch_days rows, and every watch report writes one of each. On SQLite both tables become WITHOUT ROWID, so
 * the rows sit in key order (member first) like member_category_stats: reading a member's hundred-odd rows is one
 * range of pages instead of a lookup per row, and a report updates one b-tree less per table. With the member's
 * rows in key order, the two per-member indexes of video_watch (last watched, watched) add nothing to the primary
 * key but a write on every report; they go on both databases (on PostgreSQL an update touching no indexed column can
 * stay on its page, and the primary key already starts with the member).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('video_watch_user_last_idx').execute();
    await db.schema.dropIndex('video_watch_user_watched_idx').execute();
    return;
  }
  // One transaction: a failure leaves the tables as they were (SQLite migrations run outside one). The old tables
  // go with their indexes; the new ones get only those still wanted.
  await db.transaction().execute(async (trx) => {
    await sql`create table video_watch_clustered (
      user_id integer not null references users (id) on delete cascade,
      video_id integer not null references videos (id) on delete cascade,
      seconds double precision not null,
      watched_at bigint,
      last_watched_at bigint not null,
      created_at bigint not null,
      position_seconds double precision default 0 not null,
      constraint video_watch_pk primary key (user_id, video_id)
    ) without rowid`.execute(trx);
    await sql`insert into video_watch_clustered (user_id, video_id, seconds, watched_at, last_watched_at, created_at, position_seconds)
      select user_id, video_id, seconds, watched_at, last_watched_at, created_at, position_seconds from video_watch`.execute(trx);
    await sql`drop table video_watch`.execute(trx);
    await sql`alter table video_watch_clustered rename to video_watch`.execute(trx);
    await sql`create index video_watch_video_user_idx on video_watch (video_id, user_id, watched_at)`.execute(trx);

    await sql`create table video_watch_days_clustered (
      user_id integer not null references users (id) on delete cascade,
      video_id integer not null references videos (id) on delete cascade,
      day varchar(10) not null,
      seconds double precision not null,
      constraint video_watch_days_pk primary key (user_id, day, video_id)
    ) without rowid`.execute(trx);
    await sql`insert into video_watch_days_clustered (user_id, video_id, day, seconds)
      select user_id, video_id, day, seconds from video_watch_days`.execute(trx);
    await sql`drop table video_watch_days`.execute(trx);
    await sql`alter table video_watch_days_clustered rename to video_watch_days`.execute(trx);
    await sql`create index video_watch_days_video_idx on video_watch_days (video_id)`.execute(trx);
  });
}

/** The two indexes come back; the tables keep their key order (it changes no answer). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('video_watch_user_last_idx').on('video_watch').columns(['user_id', 'last_watched_at']).execute();
  await db.schema.createIndex('video_watch_user_watched_idx').on('video_watch').columns(['user_id', 'watched_at']).execute();
}
