import type { Db } from '../../db/client.ts';

export const listPageLinks = (db: Db) => db.selectFrom('pages').select(['unique_id', 'page_type', 'title']).orderBy('id').execute();

export const findPage = (db: Db, uniqueId: string) =>
  db.selectFrom('pages').select(['unique_id', 'page_type', 'title', 'description']).where('unique_id', '=', uniqueId).executeTakeFirst();

export const listFaqs = (db: Db) => db.selectFrom('faqs').select(['id', 'question', 'answer']).orderBy('sort').execute();
