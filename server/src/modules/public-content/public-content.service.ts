import type { Faq, Page, PageLink } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { findPage, listFaqs, listPageLinks } from './public-content.queries.ts';

export const pageLinks = (db: Db): Promise<PageLink[]> => listPageLinks(db);

export async function pageByUniqueId(db: Db, uniqueId: string): Promise<Page> {
  const page = await findPage(db, uniqueId);
  if (!page) throw notFound('This page does not exist.');
  return { ...page, description: sanitizeHtml(page.description) };
}

export async function faqs(db: Db): Promise<Faq[]> {
  return (await listFaqs(db)).map((f) => ({ faq_id: f.id, question: f.question, answer: sanitizeHtml(f.answer) }));
}
