import type { AppContext } from '../../app-context.ts';
import type { DbTransaction } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import type { JobQueue } from '../jobs/index.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { APERTIUM_MODES, DRAFT_SOURCE, DRAFT_TARGET, type DraftOutcome, translateTexts } from './apertium.ts';
import { storeCaptionTrack } from './caption-files.ts';
import { cuesOfTrack, findTrackOf, replaceMachineTrack, videosToDraft } from './captions.queries.ts';
import { draftTitles, hasTitlesToDraft, TITLE_DRAFTS_KEY, TITLE_DRAFTS_QUEUE } from './title-drafts.ts';

/** The queue of machine caption drafts: one video's track per job (payload `{ videoId }`), keyed by video. */
export const CAPTION_DRAFTS_QUEUE = 'caption-drafts';

/** A machine track's label: the player and the API say it is a machine translation (`machine: true` besides). */
export const MACHINE_LABELS: Record<string, string> = { es: 'Español (traducción automática)' };

export type { DraftOutcome };

/**
 * Drafts the video's Spanish captions from its English track with Apertium, cue by cue at the same times, and stores
 * them as a machine track (file, cues in the search index) recording the English track's hash it came from. Nothing
 * is drafted when the video has an author's Spanish track, or a draft of the current English track already. Fails
 * (the job is retried, then listed as failed) when Apertium is missing: never a stand-in translation.
 */
export async function draftCaptions(ctx: Pick<AppContext, 'db' | 'storage'>, videoId: number): Promise<DraftOutcome> {
  const source = await findTrackOf(ctx.db, videoId, DRAFT_SOURCE);
  if (source?.origin !== 'author') return 'no source';
  const target = await findTrackOf(ctx.db, videoId, DRAFT_TARGET);
  if (target?.origin === 'author') return 'authored';
  if (target && target.source_hash === source.content_hash) return 'up to date';
  const cues = await cuesOfTrack(ctx.db, source.id);
  const texts = await translateTexts(
    APERTIUM_MODES[`${DRAFT_SOURCE}>${DRAFT_TARGET}`] as string,
    cues.map((c) => c.text),
  );
  const drafted = cues.map((cue, i) => ({ ...cue, text: texts[i] as string }));
  const contentHash = await storeCaptionTrack(ctx.storage, drafted);
  return ctx.db.transaction().execute(async (trx) => {
    // The catalog may have changed while Apertium ran: write only if the English track is still the one translated.
    const current = await findTrackOf(trx, videoId, DRAFT_SOURCE);
    const authored = await findTrackOf(trx, videoId, DRAFT_TARGET);
    if (!current || current.content_hash !== source.content_hash) return 'no source';
    if (authored?.origin === 'author') return 'authored';
    await replaceMachineTrack(
      trx,
      videoId,
      { lang: DRAFT_TARGET, label: MACHINE_LABELS[DRAFT_TARGET] as string, contentHash, cues: drafted },
      source.content_hash,
      now(),
    );
    // Every instance keeps tracks and cue candidates under the catalog version: a new one makes them read again.
    await renewCatalogVersion(trx);
    return 'drafted';
  });
}

/**
 * Queues, in the caller's transaction (the catalog import's: the jobs exist only if it commits), a draft for every
 * video whose English track has no Spanish one, or only an out-of-date draft, and one draft of every Spanish title
 * that is missing or an out-of-date draft, category and sub-category names included (title-drafts.ts). Answers the number of jobs queued.
 */
export async function queueCaptionDrafts(trx: DbTransaction, jobs: JobQueue): Promise<number> {
  let queued = 0;
  for (const videoId of await videosToDraft(trx, DRAFT_SOURCE, DRAFT_TARGET))
    if (await jobs.enqueueWithin(trx, CAPTION_DRAFTS_QUEUE, { videoId }, { singletonKey: `video:${videoId}` })) queued++;
  if ((await hasTitlesToDraft(trx)) && (await jobs.enqueueWithin(trx, TITLE_DRAFTS_QUEUE, {}, { singletonKey: TITLE_DRAFTS_KEY }))) queued++;
  return queued;
}

/** Drafts every caption track and title that needs it now (the operator command); answers what each got. */
export async function draftAllTranslations(
  ctx: Pick<AppContext, 'db' | 'storage' | 'events'>,
): Promise<{ captions: Record<DraftOutcome, number>; titles: Record<DraftOutcome, number>; names: number }> {
  const count = () => ({ drafted: 0, 'up to date': 0, authored: 0, 'no source': 0 });
  const captions: Record<DraftOutcome, number> = count();
  for (const videoId of await videosToDraft(ctx.db, DRAFT_SOURCE, DRAFT_TARGET)) captions[await draftCaptions(ctx, videoId)]++;
  const titles: Record<DraftOutcome, number> = count();
  const drafts = await draftTitles(ctx);
  for (const outcome of drafts.videos.values()) titles[outcome]++;
  return { captions, titles, names: drafts.names };
}
