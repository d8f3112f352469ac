import type { LandingData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { mediaSigner } from '../media/index.ts';
import { preparationsOfMedia } from '../renditions/index.ts';
import { findLanding } from './landing.queries.ts';

/** The landing content for anyone: signed URLs for the landing's own four assets, nothing else. */
export async function getLanding(ctx: AppContext): Promise<LandingData> {
  const landing = await landingIfImported(ctx);
  if (!landing) throw notFound('The landing content has not been imported yet.');
  return landing;
}

/** The landing content, or null before a catalog import has brought one. */
export async function landingIfImported(ctx: AppContext): Promise<LandingData | null> {
  const row = await findLanding(ctx.db);
  if (!row) return null;
  const signer = await mediaSigner(ctx.db);
  const video = (hash: string) => signer.url(hash, MASTER_PLAYLIST);
  const poster = (hash: string) => signer.posterUrl(hash);
  // A clip not prepared yet (a first start) says so, and asking moves it to the front of the queue.
  const preparing = await preparationsOfMedia(ctx, [row.banner_hash, row.section1_hash, row.section2_hash, row.section3_hash]);
  const preparingOf = (hash: string) => preparing.get(hash) ?? null;
  return {
    banner_title: row.banner_title,
    banner_video: video(row.banner_hash),
    banner_poster: poster(row.banner_hash),
    section1_title: row.section1_title,
    section1_description: row.section1_description,
    section1_video: video(row.section1_hash),
    section1_poster: poster(row.section1_hash),
    section2_title: row.section2_title,
    section2_description: row.section2_description,
    section2_video: video(row.section2_hash),
    section2_poster: poster(row.section2_hash),
    section3_title: row.section3_title,
    section3_description: row.section3_description,
    section3_video: video(row.section3_hash),
    section3_poster: poster(row.section3_hash),
    preparing: {
      banner: preparingOf(row.banner_hash),
      section1: preparingOf(row.section1_hash),
      section2: preparingOf(row.section2_hash),
      section3: preparingOf(row.section3_hash),
    },
  };
}
