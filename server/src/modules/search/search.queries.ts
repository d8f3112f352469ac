import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.ts';
import { fts5Match, type ParsedQuery, tsQuery } from './search-text.ts';

/**
 * The one place search SQL lives. Each engine only finds and scores rows (FTS5 MATCH with bm25 on
 * SQLite, a GIN-indexed tsvector with ts_rank on PostgreSQL); the joins, the member's visibility and
 * the paging are the same SQL on both. Scores ascend: lower is better (FTS5's rank convention).
 */

/** What the member may see, decided by the policy before any search runs. */
export type SearchScope = {
  /** Path categories the member may open (locked ones excluded). */
  categoryIds: number[];
  /** Videos the member's path hides. */
  hiddenVideoIds: number[];
};

export type Page = { skip: number; take: number };

type DocumentKind = 'video' | 'category' | 'sub_category' | 'expert';

/** `(subject_id, score)` of the catalog documents of one kind matching the query. */
function documentHits(dialect: Dialect, kind: DocumentKind, query: ParsedQuery): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(select d.subject_id, -ts_rank(d.search_vector, q.query) as score
           from search_documents d, to_tsquery('simple', ${tsQuery(query)}) as q(query)
           where d.kind = ${kind} and d.search_vector @@ q.query)`
    : sql`(select d.subject_id, f.rank as score
           from search_documents_fts f join search_documents d on d.id = f.rowid
           where search_documents_fts match ${fts5Match(query)} and d.kind = ${kind})`;
}

/** `(cue_id, score)` of the caption cues matching the query. */
function cueHits(dialect: Dialect, query: ParsedQuery): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(select c.id as cue_id, -ts_rank(c.search_vector, q.query) as score
           from caption_cues c, to_tsquery('simple', ${tsQuery(query)}) as q(query)
           where c.search_vector @@ q.query)`
    : sql`(select rowid as cue_id, rank as score from caption_cues_fts where caption_cues_fts match ${fts5Match(query)})`;
}

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Listed videos (test or production flag) of the scope's categories that the path does not hide. */
function visibleVideo(alias: string, scope: SearchScope): RawBuilder<unknown> {
  const v = sql.id(alias);
  const hidden = scope.hiddenVideoIds.length ? sql`and ${v}.id not in (${ids(scope.hiddenVideoIds)})` : sql``;
  return sql`${v}.category_id in (${ids(scope.categoryIds)}) and (${v}.in_test = 1 or ${v}.in_production = 1) ${hidden}`;
}

/**
 * The page's rows and the number of matches (up to `cap`), from one FROM ... WHERE body: one statement, the
 * count a window over every match; an empty first page means none, and only a page past the end asks again.
 */
async function pageAndTotal<T>(db: Db, select: RawBuilder<unknown>, body: RawBuilder<unknown>, order: RawBuilder<unknown>, page: Page, cap: number) {
  const { rows } = await sql<T & { total_count: number | string }>`select ${select}, count(*) over () as total_count ${body}
    order by ${order} limit ${page.take} offset ${page.skip}`.execute(db);
  if (rows.length > 0) return { rows: rows as T[], total: Math.min(cap, Number(rows[0]?.total_count)) };
  if (page.skip === 0) return { rows: [] as T[], total: 0 };
  const counted = await sql<{ n: number }>`select count(*) as n from (select 1 as one ${body} limit ${cap}) as capped`.execute(db);
  return { rows: [] as T[], total: Number(counted.rows[0]?.n ?? 0) };
}

export type VideoRow = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  duration_seconds: number;
  content_hash: string;
  category_name: string;
};

export function searchVideos(db: Db, dialect: Dialect, query: ParsedQuery, scope: SearchScope, page: Page, cap: number) {
  if (scope.categoryIds.length === 0) return { rows: [] as VideoRow[], total: 0 };
  return pageAndTotal<VideoRow>(
    db,
    sql`v.id, v.title, v.description, v.image, v.duration_seconds, m.content_hash, c.name as category_name`,
    sql`from ${documentHits(dialect, 'video', query)} as hits
        join videos v on v.id = hits.subject_id
        join media_assets m on m.id = v.media_asset_id
        join categories c on c.id = v.category_id
        where ${visibleVideo('v', scope)}`,
    sql`hits.score, v.id`,
    page,
    cap,
  );
}

export type CategoryRow = { id: number; name: string; picture: string | null };

export function searchCategories(db: Db, dialect: Dialect, query: ParsedQuery, scope: SearchScope, page: Page, cap: number) {
  if (scope.categoryIds.length === 0) return { rows: [] as CategoryRow[], total: 0 };
  return pageAndTotal<CategoryRow>(
    db,
    sql`c.id, c.name, c.picture`,
    sql`from ${documentHits(dialect, 'category', query)} as hits
        join categories c on c.id = hits.subject_id
        where c.id in (${ids(scope.categoryIds)})`,
    sql`hits.score, c.id`,
    page,
    cap,
  );
}

export type SubCategoryRow = { id: number; category_id: number; name: string; category_name: string };

export function searchSubCategories(db: Db, dialect: Dialect, query: ParsedQuery, scope: SearchScope, page: Page, cap: number) {
  if (scope.categoryIds.length === 0) return { rows: [] as SubCategoryRow[], total: 0 };
  return pageAndTotal<SubCategoryRow>(
    db,
    sql`s.id, s.category_id, s.name, c.name as category_name`,
    sql`from ${documentHits(dialect, 'sub_category', query)} as hits
        join sub_categories s on s.id = hits.subject_id
        join categories c on c.id = s.category_id
        where s.category_id in (${ids(scope.categoryIds)})`,
    sql`hits.score, s.id`,
    page,
    cap,
  );
}

export type ExpertRow = { id: number; name: string; bio: string; picture: string | null };

/** Experts are the platform's, the same for every organization. */
export function searchExperts(db: Db, dialect: Dialect, query: ParsedQuery, page: Page, cap: number) {
  return pageAndTotal<ExpertRow>(
    db,
    sql`e.id, e.name, e.bio, e.picture`,
    sql`from ${documentHits(dialect, 'expert', query)} as hits join experts e on e.id = hits.subject_id`,
    sql`hits.score, e.id`,
    page,
    cap,
  );
}

export type CueRow = { video_id: number; title: string; start_ms: number; text: string; lang: string };

/** The ids of the best `limit` cues of the whole catalog matching the query, best first (the same for everyone). */
export async function bestCueIds(db: Db, dialect: Dialect, query: ParsedQuery, limit: number): Promise<number[]> {
  const { rows } = await sql<{
    cue_id: number;
  }>`select hits.cue_id from ${cueHits(dialect, query)} as hits order by hits.score, hits.cue_id limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.cue_id));
}

/** The candidates as rows `(cue_id, position)`, in their order. */
function candidateRows(dialect: Dialect, candidateIds: number[]): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`unnest(${candidateIds}::bigint[]) with ordinality as cand(cue_id, position)`
    : sql`(select value as cue_id, key as position from json_each(${JSON.stringify(candidateIds)})) as cand`;
}

/** The page of the scope's cues among `candidateIds`, in their order (best first), and how many there are. */
export async function cuesAmong(db: Db, dialect: Dialect, candidateIds: number[], scope: SearchScope, page: Page): Promise<{ rows: CueRow[]; total: number }> {
  if (candidateIds.length === 0 || scope.categoryIds.length === 0) return { rows: [], total: 0 };
  const body = sql`from ${candidateRows(dialect, candidateIds)}
    join caption_cues cc on cc.id = cand.cue_id
    join caption_tracks t on t.id = cc.track_id
    join videos v on v.id = cc.video_id
    where ${visibleVideo('v', scope)}`;
  // One pass over the candidates: the count rides along with the page (a window over every visible one).
  const { rows } = await sql<CueRow & { total: number | string }>`select cc.video_id, v.title, cc.start_ms, cc.text, t.lang, count(*) over () as total ${body}
    order by cand.position limit ${page.take} offset ${page.skip}`.execute(db);
  if (rows.length > 0) return { rows, total: Number(rows[0]?.total) };
  if (page.skip === 0) return { rows: [], total: 0 };
  // A page past the end says nothing of the count: ask for it.
  const counted = await sql<{ n: number }>`select count(*) as n ${body}`.execute(db);
  return { rows: [], total: Number(counted.rows[0]?.n ?? 0) };
}

/** The exact page, ranking every match (what the candidates cannot answer: a narrow scope far down the ranking). */
export function searchCues(db: Db, dialect: Dialect, query: ParsedQuery, scope: SearchScope, page: Page, cap: number) {
  if (scope.categoryIds.length === 0) return { rows: [] as CueRow[], total: 0 };
  return pageAndTotal<CueRow>(
    db,
    sql`cc.video_id, v.title, cc.start_ms, cc.text, t.lang`,
    sql`from ${cueHits(dialect, query)} as hits
        join caption_cues cc on cc.id = hits.cue_id
        join caption_tracks t on t.id = cc.track_id
        join videos v on v.id = cc.video_id
        where ${visibleVideo('v', scope)}`,
    sql`hits.score, cc.id`,
    page,
    cap,
  );
}
