import type { Db } from '../../db/client.ts';

/** A video's title and description in one language, as the catalog file or a draft gives them. */
export type TitleTranslation = { locale: string; title: string; description: string };

/**
 * The catalog's translations replace the video's author rows; a machine draft stays unless the catalog now brings its
 * language (the author's replaces the draft). Run inside the import transaction. Rows already as the catalog gives
 * them are left untouched: answers whether it wrote.
 */
export async function replaceVideoTitleTranslations(db: Db, videoId: number, translations: TitleTranslation[], t: number): Promise<boolean> {
  const locales = translations.map((tr) => tr.locale);
  const stored = await db.selectFrom('video_title_translations').select(['locale', 'title', 'description', 'origin']).where('video_id', '=', videoId).execute();
  const authored = stored.filter((row) => row.origin === 'author');
  const unchanged =
    authored.length === translations.length &&
    translations.every((tr) => authored.some((row) => row.locale === tr.locale && row.title === tr.title && row.description === tr.description)) &&
    !stored.some((row) => row.origin !== 'author' && locales.includes(row.locale));
  if (unchanged) return false;
  await db
    .deleteFrom('video_title_translations')
    .where('video_id', '=', videoId)
    .where((eb) => (locales.length ? eb.or([eb('origin', '=', 'author'), eb('locale', 'in', locales)]) : eb('origin', '=', 'author')))
    .execute();
  if (translations.length)
    await db
      .insertInto('video_title_translations')
      .values(translations.map((tr) => ({ video_id: videoId, ...tr, origin: 'author', source_hash: null, created_at: t })))
      .execute();
  return true;
}

/** Replaces the video's machine draft of the language (never an author's row: the caller checked there is none). */
export async function replaceMachineTitle(db: Db, videoId: number, draft: TitleTranslation, sourceHash: string, t: number): Promise<void> {
  await db.deleteFrom('video_title_translations').where('video_id', '=', videoId).where('locale', '=', draft.locale).where('origin', '=', 'machine').execute();
  await db
    .insertInto('video_title_translations')
    .values({ video_id: videoId, ...draft, origin: 'machine', source_hash: sourceHash, created_at: t })
    .execute();
}

/** Every video's English title and description with its row of `locale` (if any), in id order. */
export function videoTitlesWith(db: Db, locale: string, videoId?: number) {
  let query = db
    .selectFrom('videos')
    .leftJoin('video_title_translations as tr', (j) => j.onRef('tr.video_id', '=', 'videos.id').on('tr.locale', '=', locale))
    .select([
      'videos.id',
      'videos.title',
      'videos.description',
      'tr.title as translated_title',
      'tr.description as translated_description',
      'tr.origin',
      'tr.source_hash',
    ])
    .orderBy('videos.id');
  if (videoId !== undefined) query = query.where('videos.id', '=', videoId);
  return query.execute();
}

/** Every translated title row (all languages) with its video's English texts, of one video or all of them. */
export function allTitleTranslations(db: Db, videoId?: number) {
  let query = db
    .selectFrom('video_title_translations as tr')
    .innerJoin('videos', 'videos.id', 'tr.video_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.description',
      'tr.title as translated_title',
      'tr.description as translated_description',
      'tr.origin',
      'tr.source_hash',
    ])
    .orderBy('videos.id')
    .orderBy('tr.locale');
  if (videoId !== undefined) query = query.where('videos.id', '=', videoId);
  return query.execute();
}
