import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { APERTIUM_MODES, DRAFT_SOURCE, DRAFT_TARGET, type DraftOutcome, translateTexts } from './apertium.ts';
import { catalogNamesWith, type NamedKind, replaceMachineName } from './name-translations.queries.ts';
import { nameSourceHash, nameState } from './name-translations.rules.ts';
import { replaceMachineTitle, videoTitlesWith } from './title-translations.queries.ts';
import { titleSourceHash, titleState } from './title-translations.rules.ts';

/**
 * The queue of title drafts: one job drafts every title, category name and sub-category name that needs it (payload
 * `{}`, one key), so a catalog import of a hundred lessons costs one Apertium run and one new catalog version rather
 * than a hundred of each.
 */
export const TITLE_DRAFTS_QUEUE = 'title-drafts';
export const TITLE_DRAFTS_KEY = 'catalog';

/** The videos whose Spanish title is missing or an out-of-date draft (an author's is never drafted over), in id order. */
export async function videosWithTitlesToDraft(db: Db): Promise<number[]> {
  const rows = await videoTitlesWith(db, DRAFT_TARGET);
  return rows.filter((row) => ['none', 'out of date'].includes(titleState(row))).map((row) => row.id);
}

/** The categories and sub-categories whose Spanish name is missing or an out-of-date draft (never over an author's). */
export async function namesToDraft(db: Db): Promise<{ kind: NamedKind; id: number; name: string }[]> {
  const rows = await catalogNamesWith(db, DRAFT_TARGET);
  return rows.filter((row) => ['none', 'out of date'].includes(nameState(row))).map(({ kind, id, name }) => ({ kind, id, name }));
}

/** Whether the title-drafts job has anything to draft: a title, or a category's or sub-category's name. */
export async function hasTitlesToDraft(db: Db): Promise<boolean> {
  return (await videosWithTitlesToDraft(db)).length > 0 || (await namesToDraft(db)).length > 0;
}

/** What a run of the title drafts got: per video named or needing a draft, and how many names it drafted. */
export type TitleDrafts = { videos: Map<number, DraftOutcome>; names: number };

const nameKeyOf = (n: { kind: NamedKind; id: number }) => `${n.kind}:${n.id}`;

/**
 * Drafts the Spanish title and description of every video that needs it (or of the videos named) with Apertium, all
 * texts in one run, stored as machine rows with the hash of the English texts they came from, in one transaction.
 * Nothing is drafted over an author's title or a draft of the current English texts; each draft is announced
 * (`video.title_drafted`: search indexes it). Without videos named, every category and sub-category name that needs
 * it is drafted in the same run and transaction (`catalog.name_drafted` for each). Fails (ApertiumError) when Apertium
 * is missing: never a stand-in. Answers what each video named or needing a draft got, and how many names were drafted.
 */
export async function draftTitles(ctx: Pick<AppContext, 'db' | 'events'>, videoIds?: number[]): Promise<TitleDrafts> {
  const wanted = videoIds ? new Set(videoIds) : null;
  const outcomes = new Map<number, DraftOutcome>(videoIds?.map((id) => [id, 'no source']));
  const due: { id: number; sourceHash: string; title: string; description: string }[] = [];
  for (const row of await videoTitlesWith(ctx.db, DRAFT_TARGET)) {
    if (wanted && !wanted.has(row.id)) continue;
    const state = titleState(row);
    if (state === 'author') outcomes.set(row.id, 'authored');
    else if (state === 'machine') outcomes.set(row.id, 'up to date');
    else due.push({ id: row.id, sourceHash: titleSourceHash(row.title, row.description), title: row.title, description: row.description.trim() });
  }
  const names = wanted ? [] : await namesToDraft(ctx.db);
  if (due.length === 0 && names.length === 0) return { videos: outcomes, names: 0 };
  // Titles first, then the names, then the descriptions there are (an empty text would break the run's blank-line separation).
  const described = due.filter((d) => d.description !== '');
  const mode = APERTIUM_MODES[`${DRAFT_SOURCE}>${DRAFT_TARGET}`] as string;
  const translated = await translateTexts(mode, [...due.map((d) => d.title), ...names.map((n) => n.name), ...described.map((d) => d.description)]);
  const titles = new Map(due.map((d, i) => [d.id, translated[i] as string]));
  const namesDrafted = new Map(names.map((n, i) => [nameKeyOf(n), translated[due.length + i] as string]));
  const descriptions = new Map(described.map((d, i) => [d.id, translated[due.length + names.length + i] as string]));
  return ctx.db.transaction().execute(async (trx) => {
    // The catalog may have changed while Apertium ran: write only the drafts whose English texts are still the ones translated.
    const current = new Map((await videoTitlesWith(trx, DRAFT_TARGET)).map((row) => [row.id, row]));
    const t = now();
    let drafted = 0;
    for (const draft of due) {
      const row = current.get(draft.id);
      if (!row || titleSourceHash(row.title, row.description) !== draft.sourceHash) outcomes.set(draft.id, 'no source');
      else if (titleState(row) === 'author') outcomes.set(draft.id, 'authored');
      else {
        const title = (titles.get(draft.id) as string).slice(0, 200);
        await replaceMachineTitle(trx, draft.id, { locale: DRAFT_TARGET, title, description: descriptions.get(draft.id) ?? '' }, draft.sourceHash, t);
        await ctx.events.emit(trx, 'video.title_drafted', { at: t, videoId: draft.id, locale: DRAFT_TARGET });
        outcomes.set(draft.id, 'drafted');
        drafted++;
      }
    }
    let namesWritten = 0;
    if (names.length) {
      const currentNames = new Map((await catalogNamesWith(trx, DRAFT_TARGET)).map((row) => [nameKeyOf(row), row]));
      for (const draft of names) {
        const row = currentNames.get(nameKeyOf(draft));
        // Renamed (or removed) while Apertium ran, or an author's name came meanwhile: left for the next run.
        if (!row || row.name !== draft.name || nameState(row) === 'author') continue;
        const name = (namesDrafted.get(nameKeyOf(draft)) as string).slice(0, 100);
        await replaceMachineName(trx, draft.kind, draft.id, { locale: DRAFT_TARGET, name }, nameSourceHash(draft.name), t);
        await ctx.events.emit(trx, 'catalog.name_drafted', { at: t, kind: draft.kind, subjectId: draft.id, locale: DRAFT_TARGET });
        namesWritten++;
      }
    }
    // Every instance keeps the titles and names under the catalog version: a new one makes them read again, once for the batch.
    if (drafted || namesWritten) await renewCatalogVersion(trx);
    return { videos: outcomes, names: namesWritten };
  });
}
