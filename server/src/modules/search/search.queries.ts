import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.ts';
import { fts5Match, type ParsedQuery, tsQuery } from '../../lib/search-text.ts';

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

export type DocumentKind = 'video' | 'category' | 'sub_category' | 'expert';

/** `(kind, subject_id, score)` of the catalog documents of the given kinds matching the query: one index scan for every kind. */
function documentHits(dialect: Dialect, kinds: DocumentKind[], query: ParsedQuery): RawBuilder<unknown> {
  const wanted = sql.join(kinds.map((k) => sql`${k}`));
  return dialect === 'postgres'
    ? sql`select d.kind, d.subject_id, -ts_rank(d.search_vector, q.query) as score
          from search_documents d, to_tsquery('simple', ${tsQuery(query)}) as q(query)
          where d.search_vector @@ q.query and d.kind in (${wanted})`
    : sql`select d.kind, d.subject_id, f.rank as score
          from search_documents_fts f join search_documents d on d.id = f.rowid
          where search_documents_fts match ${fts5Match(query)} and d.kind in (${wanted})`;
}
/**
 * `(cue_id, score)` of the caption cues matching the query. On PostgreSQL a Spanish cue's stems (weight B, migration 066)
 * match the query stemmed as Spanish, every other cue's words (weight D) the query's words; both weigh the same in the rank.
 */
function cueHits(dialect: Dialect, query: ParsedQuery): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(select c.id as cue_id, -ts_rank(array[0.1, 0.2, 0.1, 1.0]::float4[], c.search_vector, q.query) as score
           from caption_cues c, (select to_tsquery('simple', ${tsQuery(query, 'D')}) || to_tsquery('spanish', ${tsQuery(query, 'B')})) as q(query)
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

/**
 * One catalog match, whatever its kind: `title` is the video's title or the name; `body` the video's description
 * or the expert's bio; `image` the video's image or the picture; the category of a video or sub-category.
 */
export type DocumentRow = {
  kind: DocumentKind;
  id: number;
  title: string;
  body: string | null;
  image: string | null;
  duration_seconds: number | null;
  content_hash: string | null;
  category_id: number | null;
  category_name: string | null;
};

export type DocumentSection = { rows: DocumentRow[]; total: number };

/** A branch's columns, in DocumentRow's order and names (every branch names them: the first one names the union's). */
function documentColumns(c: Record<Exclude<keyof DocumentRow, 'kind'>, RawBuilder<unknown> | null>): RawBuilder<unknown> {
  const text = (v: RawBuilder<unknown> | null) => v ?? sql`cast(null as text)`;
  const number = (v: RawBuilder<unknown> | null) => v ?? sql`cast(null as integer)`;
  return sql`h.kind, ${c.id} as id, ${c.title} as title, ${text(c.body)} as body, ${text(c.image)} as image,
    ${number(c.duration_seconds)} as duration_seconds, ${text(c.content_hash)} as content_hash,
    ${number(c.category_id)} as category_id, ${text(c.category_name)} as category_name, h.score`;
}

/**
 * The page of each wanted kind of catalog document the scope may see, and each kind's number of matches (up to
 * `cap`), in one statement: one index scan, each kind joined to its table and filtered by the scope, then ranked
 * and counted per kind. Besides the page, each kind's best row comes back too, so a page past the end still
 * knows its kind's total.
 */
export async function searchDocuments(
  db: Db,
  dialect: Dialect,
  query: ParsedQuery,
  scope: SearchScope,
  page: Page,
  cap: number,
  kinds: DocumentKind[],
): Promise<Map<DocumentKind, DocumentSection>> {
  const sections = new Map<DocumentKind, DocumentSection>(kinds.map((k) => [k, { rows: [], total: 0 }]));
  // Only experts are outside the path: without a category in scope, the other kinds find nothing.
  const searched = scope.categoryIds.length > 0 ? kinds : kinds.filter((k) => k === 'expert');
  if (searched.length === 0) return sections;
  const inScope = scope.categoryIds.length > 0 ? ids(scope.categoryIds) : sql`null`;
  const none = { body: null, image: null, duration_seconds: null, content_hash: null, category_id: null, category_name: null };
  const branches: Record<DocumentKind, RawBuilder<unknown>> = {
    video: sql`select ${documentColumns({
      id: sql`v.id`,
      title: sql`v.title`,
      body: sql`v.description`,
      image: sql`v.image`,
      duration_seconds: sql`v.duration_seconds`,
      content_hash: sql`m.content_hash`,
      category_id: sql`v.category_id`,
      category_name: sql`c.name`,
    })}
      from hits h join videos v on v.id = h.subject_id join media_assets m on m.id = v.media_asset_id join categories c on c.id = v.category_id
      where h.kind = 'video' and ${visibleVideo('v', scope)}`,
    category: sql`select ${documentColumns({ ...none, id: sql`c.id`, title: sql`c.name`, image: sql`c.picture` })}
      from hits h join categories c on c.id = h.subject_id
      where h.kind = 'category' and c.id in (${inScope})`,
    sub_category: sql`select ${documentColumns({ ...none, id: sql`s.id`, title: sql`s.name`, category_id: sql`s.category_id`, category_name: sql`c.name` })}
      from hits h join sub_categories s on s.id = h.subject_id join categories c on c.id = s.category_id
      where h.kind = 'sub_category' and s.category_id in (${inScope})`,
    expert: sql`select ${documentColumns({ ...none, id: sql`e.id`, title: sql`e.name`, body: sql`e.bio`, image: sql`e.picture` })}
      from hits h join experts e on e.id = h.subject_id
      where h.kind = 'expert'`,
  };
  const { rows } = await sql<DocumentRow & { position: number | string; total_count: number | string }>`
    with hits as (${documentHits(dialect, searched, query)}),
    visible as (${sql.join(
      searched.map((k) => branches[k]),
      sql` union all `,
    )}),
    ranked as (
      select visible.*, row_number() over (partition by kind order by score, id) as position, count(*) over (partition by kind) as total_count
      from visible)
    select * from ranked where position = 1 or position > ${page.skip} and position <= ${page.skip + page.take}
    order by kind, position`.execute(db);
  for (const row of rows) {
    const section = sections.get(row.kind);
    if (!section) continue;
    section.total = Math.min(cap, Number(row.total_count));
    const position = Number(row.position);
    if (position > page.skip && position <= page.skip + page.take) {
      const { position: _position, total_count: _total, ...document } = row;
      section.rows.push(document);
    }
  }
  return sections;
}

export type CueRow = { video_id: number; title: string; start_ms: number; text: string; lang: string };

/**
 * A ranked cue with what decides who may see it (its video, the video's category and whether it is listed) and which
 * moment it is (its start and its track's language: search.rules.ts keeps one moment per lesson and second).
 */
export type CueCandidate = { cue_id: number; video_id: number; category_id: number; listed: boolean; start_ms: number; lang: string };

/** The best `limit` cues of the whole catalog matching the query, best first (the same for everyone). */
export async function bestCues(db: Db, dialect: Dialect, query: ParsedQuery, limit: number): Promise<CueCandidate[]> {
  const { rows } = await sql<{ cue_id: number; video_id: number; category_id: number; listed: number | boolean; start_ms: number; lang: string }>`
    select best.cue_id, v.id as video_id, v.category_id, (v.in_test = 1 or v.in_production = 1) as listed, cc.start_ms, cc.lang
    from (select hits.cue_id, hits.score from ${cueHits(dialect, query)} as hits order by hits.score, hits.cue_id limit ${limit}) as best
    join caption_cues cc on cc.id = best.cue_id join videos v on v.id = cc.video_id
    order by best.score, best.cue_id`.execute(db);
  return rows.map((r) => ({
    cue_id: Number(r.cue_id),
    video_id: r.video_id,
    category_id: r.category_id,
    listed: Boolean(r.listed),
    start_ms: Number(r.start_ms),
    lang: r.lang,
  }));
}

/** The cues of `cueIds` with their video's title and their track's language, in the order of `cueIds`. */
export async function cuesByIds(db: Db, cueIds: number[]): Promise<CueRow[]> {
  if (cueIds.length === 0) return [];
  const rows = await db
    .selectFrom('caption_cues as cc')
    .innerJoin('caption_tracks as t', 't.id', 'cc.track_id')
    .innerJoin('videos as v', 'v.id', 'cc.video_id')
    .select(['cc.id', 'cc.video_id', 'v.title', 'cc.start_ms', 'cc.text', 't.lang'])
    .where('cc.id', 'in', cueIds)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return cueIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ video_id: row.video_id, title: row.title, start_ms: row.start_ms, text: row.text, lang: row.lang }] : [];
  });
}

/**
 * The exact page, ranking every match (what the candidates cannot answer: a narrow scope far down the ranking), one
 * moment per lesson and second, the `language`'s first: search.rules.ts's `oneMomentEach`, in SQL.
 */
export function searchCues(db: Db, dialect: Dialect, query: ParsedQuery, scope: SearchScope, page: Page, cap: number, language: string) {
  if (scope.categoryIds.length === 0) return { rows: [] as CueRow[], total: 0 };
  const other = sql`case when cc.lang = ${language} or cc.lang like ${`${language}-%`} then 0 else 1 end`;
  return pageAndTotal<CueRow>(
    db,
    sql`m.video_id, m.title, m.start_ms, m.text, m.lang`,
    sql`from (select cc.id, cc.video_id, v.title, cc.start_ms, cc.text, cc.lang, hits.score, ${other} as other_language,
          row_number() over (partition by cc.video_id, cc.start_ms / 1000 order by ${other}, hits.score, cc.id) as nth
        from ${cueHits(dialect, query)} as hits
        join caption_cues cc on cc.id = hits.cue_id
        join videos v on v.id = cc.video_id
        where ${visibleVideo('v', scope)}) as m
        where m.nth = 1`,
    sql`m.other_language, m.score, m.id`,
    page,
    cap,
  );
}
