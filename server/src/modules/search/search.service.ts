import { SEARCH_TOTAL_CAP, type SearchData, type SearchKind } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { highlight, type ParsedQuery, parseQuery } from '../../lib/search-text.ts';
import { mediaSigner } from '../media/index.ts';
import { ownLessonsFound } from '../studio/index.ts';
import type { Viewer } from '../videos/index.ts';
import { formatDuration, namesFor, pictureOf, titlesFor } from '../videos/index.ts';
import { CUE_CANDIDATES, candidatesInScope, cueCandidates } from './cue-candidates.ts';
import { maySearchTranscripts, searchScopeOf } from './search.policy.ts';
import { cuesByIds, type DocumentKind, type Page, type SearchScope, searchCues, searchDocuments } from './search.queries.ts';

const none = { items: [], total: 0 };

/** The catalog's document kinds and the answer's section for each. */
const DOCUMENT_SECTIONS: Array<[DocumentKind, SearchKind]> = [
  ['video', 'videos'],
  ['category', 'categories'],
  ['sub_category', 'sub_categories'],
  ['expert', 'experts'],
];

/**
 * The member's page of transcript moments, cut from the catalog's best cues for the query (cue-candidates.ts),
 * and how many of those the member may see. When the candidates are not every match and hold too few of the
 * member's cues for the page (a narrow scope, or a page far down), every match is ranked and counted instead.
 */
async function pageOfCues(ctx: AppContext, viewer: Viewer, query: ParsedQuery, scope: SearchScope, page: Page) {
  const { db, dialect } = ctx;
  // The member's language (their own, else their organization's, else English) decides which track's moment is listed.
  const language = recipientLocale(viewer.locale);
  const candidates = await cueCandidates(db, dialect, query, viewer.catalogVersion);
  const among = candidatesInScope(candidates, scope, page, language);
  if (candidates.length < CUE_CANDIDATES || among.cueIds.length === page.take) return { rows: await cuesByIds(db, among.cueIds), total: among.total };
  return searchCues(db, dialect, query, scope, page, SEARCH_TOTAL_CAP, language);
}

/**
 * Every section matching `q` for the viewer (or only `kind`). A query with no word left after
 * normalization (only operators or punctuation) finds nothing rather than failing.
 */
export async function search(ctx: AppContext, viewer: Viewer, input: { q: string; skip: number; take: number; kind?: SearchKind }): Promise<SearchData> {
  const page: Page = { skip: input.skip, take: input.take };
  const empty: SearchData = { q: input.q, ...page, videos: none, categories: none, sub_categories: none, experts: none, cues: none, own_lessons: none };
  const query = parseQuery(input.q);
  if (!query) return empty;
  const scope = await searchScopeOf(ctx, viewer);
  const wanted = (kind: SearchKind) => input.kind === undefined || input.kind === kind;
  const { db, dialect } = ctx;
  const documentKinds = DOCUMENT_SECTIONS.filter(([, section]) => wanted(section)).map(([kind]) => kind);
  const [documents, cues, ownLessons] = await Promise.all([
    searchDocuments(db, dialect, query, scope, page, SEARCH_TOTAL_CAP, documentKinds),
    wanted('cues') && maySearchTranscripts(viewer) ? pageOfCues(ctx, viewer, query, scope, page) : { rows: [], total: 0 },
    // The organization's own published lessons (the studio): only its own members ever get them.
    wanted('own_lessons') ? ownLessonsFound(ctx, viewer, query, page, SEARCH_TOTAL_CAP) : none,
  ]);
  const section = (kind: DocumentKind) => documents.get(kind) ?? { rows: [], total: 0 };
  const [videos, categories, subCategories, experts] = [section('video'), section('category'), section('sub_category'), section('expert')];
  // Titles and names in the member's language where the catalog or a draft has them (a snippet quotes the title and text shown).
  const [signer, titles, names] = await Promise.all([mediaSigner(db), titlesFor(db, viewer), namesFor(db, viewer)]);
  const categoryName = (id: number | null, english: string | null) => (id === null ? undefined : names.categories.get(id)) ?? english ?? '';
  return {
    ...empty,
    own_lessons: ownLessons,
    videos: {
      total: videos.total,
      items: videos.rows.map((v) => {
        const local = titles.get(v.id);
        const title = local?.title ?? v.title;
        return {
          admin_video_id: v.id,
          title,
          default_image: pictureOf(v.image, v.content_hash ?? '', viewer, signer),
          duration: formatDuration(v.duration_seconds ?? 0),
          category_name: categoryName(v.category_id, v.category_name),
          snippet: highlight(`${title} — ${local?.description || v.body || ''}`.replace(/ — $/, ''), query),
        };
      }),
    },
    categories: {
      total: categories.total,
      items: categories.rows.map((c) => ({ category_id: c.id, name: names.categories.get(c.id) ?? c.title, picture: c.image })),
    },
    sub_categories: {
      total: subCategories.total,
      items: subCategories.rows.map((s) => ({
        sub_category_id: s.id,
        category_id: s.category_id ?? 0,
        name: names.subCategories.get(s.id) ?? s.title,
        category_name: categoryName(s.category_id, s.category_name),
      })),
    },
    experts: {
      total: experts.total,
      items: experts.rows.map((e) => ({
        cast_crew_id: e.id,
        name: e.title,
        picture: e.image,
        snippet: highlight(e.body ?? '', query),
      })),
    },
    cues: {
      total: cues.total,
      items: cues.rows.map((c) => ({
        admin_video_id: c.video_id,
        video_title: titles.get(c.video_id)?.title ?? c.title,
        start_seconds: Math.floor(Number(c.start_ms) / 1000),
        lang: c.lang,
        snippet: highlight(c.text, query),
      })),
    },
  };
}
