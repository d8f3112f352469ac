import { SEARCH_TOTAL_CAP, type SearchData, type SearchKind } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { mediaSigner } from '../media/media-signer.ts';
import type { Viewer } from '../videos/playback-access.ts';
import { formatDuration, pictureOf } from '../videos/video-cards.ts';
import { CUE_CANDIDATES, cueCandidates } from './cue-candidates.ts';
import { maySearchTranscripts, searchScopeOf } from './search.policy.ts';
import { cuesAmong, type Page, type SearchScope, searchCategories, searchCues, searchExperts, searchSubCategories, searchVideos } from './search.queries.ts';
import { highlight, type ParsedQuery, parseQuery } from './search-text.ts';

const none = { items: [], total: 0 };

/**
 * The member's page of transcript moments, cut from the catalog's best cues for the query (cue-candidates.ts),
 * and how many of those the member may see. When the candidates are not every match and hold too few of the
 * member's cues for the page (a narrow scope, or a page far down), every match is ranked and counted instead.
 */
async function pageOfCues(ctx: AppContext, query: ParsedQuery, scope: SearchScope, page: Page) {
  const { db, dialect } = ctx;
  const candidates = await cueCandidates(db, dialect, query);
  const among = await cuesAmong(db, dialect, candidates, scope, page);
  if (candidates.length < CUE_CANDIDATES || among.rows.length === page.take) return among;
  return searchCues(db, dialect, query, scope, page, SEARCH_TOTAL_CAP);
}

/**
 * Every section matching `q` for the viewer (or only `kind`). A query with no word left after
 * normalization (only operators or punctuation) finds nothing rather than failing.
 */
export async function search(ctx: AppContext, viewer: Viewer, input: { q: string; skip: number; take: number; kind?: SearchKind }): Promise<SearchData> {
  const page: Page = { skip: input.skip, take: input.take };
  const empty: SearchData = { q: input.q, ...page, videos: none, categories: none, sub_categories: none, experts: none, cues: none };
  const query = parseQuery(input.q);
  if (!query) return empty;
  const scope = await searchScopeOf(ctx, viewer);
  const wanted = (kind: SearchKind) => input.kind === undefined || input.kind === kind;
  const { db, dialect } = ctx;
  const skipped = { rows: [], total: 0 };
  const [videos, categories, subCategories, experts, cues] = await Promise.all([
    wanted('videos') ? searchVideos(db, dialect, query, scope, page, SEARCH_TOTAL_CAP) : skipped,
    wanted('categories') ? searchCategories(db, dialect, query, scope, page, SEARCH_TOTAL_CAP) : skipped,
    wanted('sub_categories') ? searchSubCategories(db, dialect, query, scope, page, SEARCH_TOTAL_CAP) : skipped,
    wanted('experts') ? searchExperts(db, dialect, query, page, SEARCH_TOTAL_CAP) : skipped,
    wanted('cues') && maySearchTranscripts(viewer) ? pageOfCues(ctx, query, scope, page) : skipped,
  ]);
  const signer = await mediaSigner(db);
  return {
    ...empty,
    videos: {
      total: videos.total,
      items: videos.rows.map((v) => ({
        admin_video_id: v.id,
        title: v.title,
        default_image: pictureOf(v.image, v.content_hash, viewer, signer),
        duration: formatDuration(v.duration_seconds),
        category_name: v.category_name,
        snippet: highlight(`${v.title} — ${v.description}`.replace(/ — $/, ''), query),
      })),
    },
    categories: { total: categories.total, items: categories.rows.map((c) => ({ category_id: c.id, name: c.name, picture: c.picture })) },
    sub_categories: {
      total: subCategories.total,
      items: subCategories.rows.map((s) => ({ sub_category_id: s.id, category_id: s.category_id, name: s.name, category_name: s.category_name })),
    },
    experts: {
      total: experts.total,
      items: experts.rows.map((e) => ({
        cast_crew_id: e.id,
        name: e.name,
        picture: e.picture,
        snippet: highlight(e.bio, query),
      })),
    },
    cues: {
      total: cues.total,
      items: cues.rows.map((c) => ({
        admin_video_id: c.video_id,
        video_title: c.title,
        start_seconds: Math.floor(Number(c.start_ms) / 1000),
        lang: c.lang,
        snippet: highlight(c.text, query),
      })),
    },
  };
}
