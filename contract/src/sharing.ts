import { z } from 'zod';
import { captionTrack, catalogId, preparation } from './catalog.ts';
import { jsonList } from './form-fields.ts';
import type { WireInput } from './route.ts';

/** Landing page and shared videos (member spec, sections 2, 4, 7 and 8); their texts are in messages.ts. */

/** At most this many e-mail addresses, and team members, per share. */
export const MAX_SHARE_EMAILS = 50;
export const MAX_SHARE_TEAM_MEMBERS = 500;

// ---------------------------------------------------------------- landing

/** GET landing (public): signed media URLs of the landing's own assets only. */
export const landingData = z.object({
  banner_title: z.string(),
  banner_video: z.string(),
  banner_poster: z.string(),
  section1_title: z.string(),
  section1_description: z.string(),
  section1_video: z.string(),
  section1_poster: z.string(),
  section2_title: z.string(),
  section2_description: z.string(),
  section2_video: z.string(),
  section2_poster: z.string(),
  section3_title: z.string(),
  section3_description: z.string(),
  section3_video: z.string(),
  section3_poster: z.string(),
  /** Each clip's preparation while its streams are prepared (a first start), by clip; null once it plays. */
  preparing: z.object({
    banner: preparation.nullable(),
    section1: preparation.nullable(),
    section2: preparation.nullable(),
    section3: preparation.nullable(),
  }),
});
export type LandingData = z.infer<typeof landingData>;

// ---------------------------------------------------------------- share

/** A list that may be left out: absent means empty. */
const listOrEmpty = <T extends z.ZodTypeAny>(item: T) => z.preprocess((v) => v ?? [], jsonList(item));

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), catalogId.optional());

/** POST videos/share. `team_id` (optional) shares with every member of that team when `team_members` is empty. */
export const shareRequest = z.object({
  admin_video_id: catalogId,
  emails: listOrEmpty(z.string().trim().toLowerCase().email({ error: 'must be e-mail addresses' }).max(254)).pipe(
    z.array(z.string()).max(MAX_SHARE_EMAILS, { error: `may hold at most ${MAX_SHARE_EMAILS} addresses` }),
  ),
  team_members: listOrEmpty(catalogId).pipe(z.array(z.number()).max(MAX_SHARE_TEAM_MEMBERS)),
  team_id: optionalId,
  send_to_all_organization_users: flag.default(false),
  share_link: z.string().max(2000).optional(),
  organization_id: optionalId,
  sub_category_id: optionalId,
  name: z.string().trim().max(200).optional(),
  content: z.string().max(2000).optional(),
});
export type ShareRequest = WireInput<typeof shareRequest>;

export const shareData = z.object({ recipients: z.number(), expires_at: z.string() });
export type ShareData = z.infer<typeof shareData>;

/** GET videos/share?video=&token_video= (public). */
export const sharedVideoQuery = z.object({
  video: z.string().trim().min(1).max(64),
  token_video: z.string().trim().min(1).max(128),
});
export const sharedVideoData = z.object({
  admin_video_id: z.number(),
  /** In the visitor's language (Accept-Language) when the video has a translation, as on the video page. */
  title: z.string(),
  description: z.string(),
  /** The title and description are a machine translation no author reviewed; absent otherwise (as a video card's). */
  title_machine: z.boolean().optional(),
  default_image: z.string(),
  main_video: z.string(),
  /** Not null while the video's streams are prepared (a first start): the page says so instead of playing. */
  preparing: preparation.nullable(),
  expires_at: z.string(),
  /** The video's caption tracks (signed WebVTT URLs, like main_video), in catalog order; empty without captions. */
  captions: z.array(captionTrack),
  /** Who sent the link, as the share record holds it: their first name and organization; null once they are deleted. */
  shared_by: z.object({ first_name: z.string(), organization: z.string().nullable() }).nullable(),
});
export type SharedVideoData = z.infer<typeof sharedVideoData>;

export const sharingTextData = z.object({ text: z.string() });
export type SharingTextData = z.infer<typeof sharingTextData>;
