import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { APERTIUM_MODES, DRAFT_SOURCE, DRAFT_TARGET, type DraftOutcome, translateTexts } from './apertium.ts';
import { replaceMachineTitle, videoTitlesWith } from './title-translations.queries.ts';
import { titleSourceHash, titleState } from './title-translations.rules.ts';

/** The videos whose Spanish title is missing or an out-of-date draft (an author's is never drafted over), in id order. */
export async function videosWithTitlesToDraft(db: Db): Promise<number[]> {
  const rows = await videoTitlesWith(db, DRAFT_TARGET);
  return rows.filter((row) => ['none', 'out of date'].includes(titleState(row))).map((row) => row.id);
}

/**
 * Drafts the video's Spanish title and description from its English ones with Apertium, stored as a machine row with
 * the hash of the English texts it came from. Nothing is drafted over an author's title or a draft of the current
 * English texts; the draft is announced (`video.title_drafted`: search indexes it). Fails (ApertiumError) when Apertium
 * is missing: never a stand-in.
 */
export async function draftTitle(ctx: Pick<AppContext, 'db' | 'events'>, videoId: number): Promise<DraftOutcome> {
  const [row] = await videoTitlesWith(ctx.db, DRAFT_TARGET, videoId);
  if (!row) return 'no source';
  const state = titleState(row);
  if (state === 'author') return 'authored';
  if (state === 'machine') return 'up to date';
  const sourceHash = titleSourceHash(row.title, row.description);
  const mode = APERTIUM_MODES[`${DRAFT_SOURCE}>${DRAFT_TARGET}`] as string;
  const [title, description = ''] = await translateTexts(mode, row.description.trim() ? [row.title, row.description] : [row.title]);
  return ctx.db.transaction().execute(async (trx) => {
    // The catalog may have changed while Apertium ran: write only if the English texts are still the ones translated.
    const [current] = await videoTitlesWith(trx, DRAFT_TARGET, videoId);
    if (!current || titleSourceHash(current.title, current.description) !== sourceHash) return 'no source';
    if (titleState(current) === 'author') return 'authored';
    const t = now();
    await replaceMachineTitle(trx, videoId, { locale: DRAFT_TARGET, title: (title as string).slice(0, 200), description }, sourceHash, t);
    await ctx.events.emit(trx, 'video.title_drafted', { at: t, videoId, locale: DRAFT_TARGET });
    // Every instance keeps the titles under the catalog version: a new one makes them read again.
    await renewCatalogVersion(trx);
    return 'drafted';
  });
}
