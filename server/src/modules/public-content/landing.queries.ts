import type { Db } from '../../db/client.ts';

/** The landing row with the content hash of each of its four assets (one query, four joins). */
export function findLanding(db: Db) {
  return db
    .selectFrom('landing_content as l')
    .innerJoin('media_assets as b', 'b.id', 'l.banner_video_asset_id')
    .innerJoin('media_assets as s1', 's1.id', 'l.section1_video_asset_id')
    .innerJoin('media_assets as s2', 's2.id', 'l.section2_video_asset_id')
    .innerJoin('media_assets as s3', 's3.id', 'l.section3_video_asset_id')
    .select([
      'l.banner_title',
      'l.section1_title',
      'l.section1_description',
      'l.section2_title',
      'l.section2_description',
      'l.section3_title',
      'l.section3_description',
      'b.content_hash as banner_hash',
      's1.content_hash as section1_hash',
      's2.content_hash as section2_hash',
      's3.content_hash as section3_hash',
    ])
    .where('l.id', '=', 1)
    .executeTakeFirst();
}
