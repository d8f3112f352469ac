import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * media_preparations: how far each asset's renditions are. Only this module writes it; the import records a row per
 * asset (ready when its directory exists, else pending), the runner claims, reports and finishes them.
 */

export type RecordedAsset = { hash: string; ready: boolean; priority: number };

/**
 * One row per asset of an import, in the import's transaction. An asset being prepared right now keeps its row, and so
 * does one already ready and recorded ready (a re-import of unchanged media writes nothing), or pending at the same place.
 */
export async function recordPreparations(db: Db, assets: RecordedAsset[], t: number): Promise<void> {
  if (!assets.length) return;
  const rows = await db
    .selectFrom('media_assets')
    .select(['id', 'content_hash'])
    .where(
      'content_hash',
      'in',
      assets.map((a) => a.hash),
    )
    .execute();
  const idOf = new Map(rows.map((r) => [r.content_hash, r.id]));
  for (const asset of assets) {
    const id = idOf.get(asset.hash);
    if (id === undefined) continue;
    const values = {
      state: asset.ready ? ('ready' as const) : ('pending' as const),
      priority: asset.priority,
      progress: asset.ready ? 100 : 0,
      error: null,
      updated_at: t,
    };
    await db
      .insertInto('media_preparations')
      .values({ ...values, media_asset_id: id })
      .onConflict((oc) =>
        oc
          .column('media_asset_id')
          .doUpdateSet(values)
          .where((eb) =>
            eb.and([
              eb('media_preparations.state', '!=', 'preparing'),
              asset.ready
                ? eb('media_preparations.state', '!=', 'ready')
                : eb.or([eb('media_preparations.state', '!=', 'pending'), eb('media_preparations.priority', '!=', asset.priority)]),
            ]),
          ),
      )
      .execute();
  }
}

/** Moves these assets (in this order) ahead of every other pending one. */
export async function preferAssets(db: Db, assetIds: number[], t: number): Promise<void> {
  for (const [index, id] of assetIds.entries()) {
    await db
      .updateTable('media_preparations')
      .set({ priority: index - assetIds.length, updated_at: t })
      .where('media_asset_id', '=', id)
      .where('state', '=', 'pending')
      .execute();
  }
}

/** A member is waiting on this asset: it goes before the others (once; the first wait keeps its place). */
export async function markWanted(db: Db, assetId: number, t: number): Promise<void> {
  await db
    .updateTable('media_preparations')
    .set({ wanted_at: t })
    .where('media_asset_id', '=', assetId)
    .where('state', '=', 'pending')
    .where('wanted_at', 'is', null)
    .execute();
}

const PREPARATION_COLUMNS = [
  'media_preparations.media_asset_id',
  'media_preparations.state',
  'media_preparations.priority',
  'media_preparations.wanted_at',
  'media_preparations.progress',
  'media_preparations.started_at',
  'media_assets.duration_seconds',
] as const;

export function findPreparation(db: Db, assetId: number) {
  return db
    .selectFrom('media_preparations')
    .innerJoin('media_assets', 'media_assets.id', 'media_preparations.media_asset_id')
    .select(PREPARATION_COLUMNS)
    .where('media_preparations.media_asset_id', '=', assetId)
    .executeTakeFirst();
}

export type PreparationRow = NonNullable<Awaited<ReturnType<typeof findPreparation>>>;

/** Every asset still waiting or being prepared: what an estimate counts ahead of one (a catalog's worth at most). */
export function unfinishedPreparations(db: Db): Promise<PreparationRow[]> {
  return db
    .selectFrom('media_preparations')
    .innerJoin('media_assets', 'media_assets.id', 'media_preparations.media_asset_id')
    .select(PREPARATION_COLUMNS)
    .where('media_preparations.state', 'in', ['pending', 'preparing'])
    .execute();
}

/** Seconds of preparation per second of media, over the assets prepared here so far (null before the first). */
export async function measuredWorkRate(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('media_preparations')
    .innerJoin('media_assets', 'media_assets.id', 'media_preparations.media_asset_id')
    .select([
      sql<number | null>`sum(media_preparations.finished_at - media_preparations.started_at)`.as('work_ms'),
      sql<number | null>`sum(media_assets.duration_seconds)`.as('media_seconds'),
    ])
    .where('media_preparations.state', '=', 'ready')
    .where('media_preparations.started_at', 'is not', null)
    .where('media_preparations.finished_at', 'is not', null)
    .executeTakeFirst();
  const workMs = Number(row?.work_ms ?? 0);
  const mediaSeconds = Number(row?.media_seconds ?? 0);
  return workMs > 0 && mediaSeconds > 0 ? workMs / 1000 / mediaSeconds : null;
}

/** The next asset to prepare: someone waiting on it first (earliest wait), then by priority. */
export function nextPending(db: Db) {
  return db
    .selectFrom('media_preparations')
    .select('media_asset_id')
    .where('state', '=', 'pending')
    .orderBy(sql`case when wanted_at is null then 1 else 0 end`)
    .orderBy('wanted_at')
    .orderBy('priority')
    .orderBy('media_asset_id')
    .limit(1)
    .executeTakeFirst();
}

/** Takes a pending asset for a queue job (null: by hand); false when another runner took it first (or it is not pending). */
export async function claimPreparation(db: Db, assetId: number, t: number, jobId: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('media_preparations')
    .set({ state: 'preparing', progress: 0, started_at: t, finished_at: null, error: null, updated_at: t, job_id: jobId })
    .where('media_asset_id', '=', assetId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordProgress(db: Db, assetId: number, progress: number, t: number): Promise<void> {
  await db.updateTable('media_preparations').set({ progress, updated_at: t }).where('media_asset_id', '=', assetId).where('state', '=', 'preparing').execute();
}

export async function finishPreparation(db: Db, assetId: number, outcome: { ready: true } | { ready: false; error: string }, t: number): Promise<void> {
  await db
    .updateTable('media_preparations')
    .set(
      outcome.ready
        ? { state: 'ready', progress: 100, finished_at: t, error: null, updated_at: t }
        : { state: 'failed', finished_at: t, error: outcome.error.slice(0, 500), updated_at: t },
    )
    .where('media_asset_id', '=', assetId)
    .execute();
}

/** Assets left `preparing` by a process that stopped (no progress since `before`) wait again. */
/** Preparations that stopped moving go back to pending; answers the queue jobs that held them (their instances stopped). */
export async function releaseStalePreparations(db: Db, before: number, t: number): Promise<{ jobId: string | null }[]> {
  const stale = await db
    .selectFrom('media_preparations')
    .select(['media_asset_id', 'job_id'])
    .where('state', '=', 'preparing')
    .where('updated_at', '<', before)
    .execute();
  if (!stale.length) return [];
  // Still stale when written (a late progress write means its holder lives after all).
  const released = await db
    .updateTable('media_preparations')
    .set({ state: 'pending', progress: 0, updated_at: t, job_id: null })
    .where(
      'media_asset_id',
      'in',
      stale.map((p) => p.media_asset_id),
    )
    .where('state', '=', 'preparing')
    .where('updated_at', '<', before)
    .returning('media_asset_id')
    .execute();
  const releasedIds = new Set(released.map((r) => r.media_asset_id));
  return stale.filter((p) => releasedIds.has(p.media_asset_id)).map((p) => ({ jobId: p.job_id }));
}

/** When the least recently moved preparation in hand last moved (null: none is being prepared). */
export async function oldestHeldPreparation(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('media_preparations')
    .select((eb) => eb.fn.min('updated_at').as('since'))
    .where('state', '=', 'preparing')
    .executeTakeFirst();
  return row?.since == null ? null : Number(row.since);
}

/** What preparing an asset needs: where its source is and what it should hash to. */
export function findAssetSource(db: Db, assetId: number) {
  return db.selectFrom('media_assets').select(['id', 'content_hash', 'source_path', 'duration_seconds']).where('id', '=', assetId).executeTakeFirst();
}

/** The assets of these videos, in the videos' order (each once). */
export async function assetsOfVideos(db: Db, videoIds: number[]): Promise<number[]> {
  if (!videoIds.length) return [];
  const rows = await db.selectFrom('videos').select(['id', 'media_asset_id']).where('id', 'in', videoIds).execute();
  const assetOf = new Map(rows.map((r) => [r.id, r.media_asset_id]));
  return [...new Set(videoIds.flatMap((id) => assetOf.get(id) ?? []))];
}

/** The assets behind these content hashes with their recorded renditions ('[]' until prepared). */
export function assetsByHash(db: Db, hashes: string[]) {
  if (!hashes.length) return Promise.resolve([]);
  return db.selectFrom('media_assets').select(['id', 'content_hash', 'renditions']).where('content_hash', 'in', hashes).execute();
}
