import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (bigint) so SQLite and PostgreSQL
 * compare, bucket and sort them with the same SQL; flags are 0/1 integers.
 */
export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  banner_url: string | null;
  /** When the owner confirmed the registration e-mail (migration 017); null: registered, not confirmed yet. */
  verified_at: number | null;
  /** 0 when the organization signs in with single sign-on only (migration 045; its super users keep their password). */
  password_sign_in: Generated<number>;
  /** What members without e-mail type with their employee number to sign in (migration 044), printed on their sheet. */
  sign_in_code: string;
  /** The language its members see unless they chose one (migration 048); null: English. */
  default_locale: string | null;
  created_at: number;
  updated_at: number;
}

export interface TeamTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Generated<number>;
  organization_id: number | null;
  team_id: number | null;
  /** Null for a member known by their employee number only (migration 044: one of the two is always present). */
  email: string | null;
  /** Unique within the organization; such a member signs in with it, the organization's sign-in code and a password. */
  employee_number: string | null;
  password_hash: string | null;
  name: string;
  last_name: Generated<string>;
  company: Generated<string>;
  role: string | null;
  bio: Generated<string>;
  mobile: Generated<string>;
  picture: string | null;
  is_super_user: Generated<number>;
  is_guest: Generated<number>;
  first_login: Generated<number>;
  logged_in_account: Generated<number>;
  last_login: number | null;
  timezone: string | null;
  /** The member's chosen language (migration 048); null: the organization's default, then English. */
  locale: string | null;
  is_change_password: Generated<number>;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  /** Name, last name, e-mail and role normalized for Manage users' search (users.queries.ts writes it). */
  search_text: Generated<string>;
  /** The member's manager, another member of the organization (migration 059: the CSV import's `manager` column). */
  manager_id: number | null;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: string | null;
  /** Set when the session was opened with a PIN on a shared kiosk (migration 021): a short, restricted session. */
  kiosk_id: number | null;
}

/** A tablet enrolled as a shared kiosk for one team (modules/kiosk); its device token is kept only as a hash. */
export interface KioskTable {
  id: Generated<number>;
  organization_id: number;
  team_id: number;
  name: string;
  token_hash: string;
  enrolled_by: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A toolbox talk: one clip shown to a crew, with the check question and the crew's answer (modules/toolbox). */
export interface ToolboxTalkTable {
  id: Generated<number>;
  organization_id: number;
  video_id: number;
  video_revision: number | null;
  led_by: number | null;
  /** Names are kept as they were on the day: the sheet is evidence, not a live view. */
  leader_name: string;
  question: string;
  answer: string;
  held_at: number;
  /** How far the clip played during the talk, as the leader's screen reported it (0 for talks recorded before). */
  played_seconds: Generated<number>;
}

export interface ToolboxAttendanceTable {
  talk_id: number;
  user_id: number;
  attendee_name: string;
  /** 1 when the talk counted as watching the clip in full toward the attendee's progress. */
  credited: number;
}

/** A member's kiosk PIN, argon2id like passwords (modules/kiosk). */
export interface KioskPinTable {
  user_id: number;
  pin_hash: string;
  updated_at: number;
}

/** One-time tokens: password resets and invitations (purpose tells which). */
export interface UserTokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Failed sign-ins and reset requests, counted in windows for throttling. */
/** One abuse-limit counter: `count` attempts by `subject` since `window_start` (see lib/throttle.ts). */
export interface ThrottleCounterTable {
  kind: string;
  subject: string;
  window_start: number;
  count: number;
  /** Epoch ms before which the subject's next attempt is refused (a growing delay, kiosk PINs); 0 when none. */
  blocked_until: Generated<number>;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  /** While a delivery holds the message (epoch ms); null when none does (migration 037). */
  lease_until: ColumnType<number | null, number | null | undefined, number | null>;
  sent_at: number | null;
  created_at: number;
}

export interface PlanTable {
  id: Generated<number>;
  key: string;
  title: string;
  price_id: string;
  currency: string;
  /** In cents. */
  amount: number;
  months: number;
  no_of_account: number;
  description: string;
  popular: number;
  created_at: number;
  updated_at: number;
}

/** The organization's subscription: its members have access while it is trialing or active. */
export interface SubscriptionTable {
  id: Generated<number>;
  organization_id: number;
  plan_id: number | null;
  status: 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired';
  trial_ends_at: number | null;
  current_period_end: number;
  auto_renew: number;
  cancel_reason: string | null;
  provider: string;
  provider_subscription_id: string | null;
  created_at: number;
  updated_at: number;
}

/** Catalog: the platform's own library, loaded by `import-catalog` (modules/catalog). */
export interface ExpertTable {
  id: Generated<number>;
  key: string;
  name: string;
  email: string;
  bio: string;
  picture: string | null;
  /** The language the expert reads (the catalog file's `language`): a member's question reaches them in it; null: English. */
  language: string | null;
  created_at: number;
  updated_at: number;
}

export interface CategoryTable {
  id: Generated<number>;
  key: string;
  name: string;
  picture: string | null;
  /** 1 required, 0 optional. */
  essential: number;
  sort: number;
  /** Link of the category's challenge; '' when none. */
  challenge: string;
  expert_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface SubCategoryTable {
  id: Generated<number>;
  key: string;
  category_id: number;
  name: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** One HLS rendition of a media asset; `playlist` is relative to the asset's master playlist. */
export type Rendition = { height: number; width: number; bandwidth: number; playlist: string };

/** A transcoded media file, shared by every video, trailer or landing section using the same bytes. */
export interface MediaAssetTable {
  id: Generated<number>;
  content_hash: string;
  kind: 'video';
  source_path: string;
  duration_seconds: number;
  width: number;
  height: number;
  /** JSON array of Rendition. */
  renditions: string;
  /** Relative to `${DATA_DIR}/media/`. */
  playlist_path: string;
  poster_path: string;
  /** Always 'ready': the row is recorded. Whether its renditions are prepared is media_preparations' (migration 039). */
  status: 'ready';
  created_at: number;
  updated_at: number;
}

export type PreparationState = 'pending' | 'preparing' | 'ready' | 'failed';

/** How far an asset's renditions are (modules/renditions writes it): prepared in the background after a first start's import. */
export interface MediaPreparationTable {
  media_asset_id: number;
  state: PreparationState;
  /** Lower first, after the assets someone is waiting on (`wanted_at`, earliest first). */
  priority: number;
  wanted_at: number | null;
  /** 0..100 while preparing. */
  progress: number;
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
  updated_at: number;
  /** The queue job preparing it (while `preparing`): failed at once when the preparation stops moving. */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `id` is the spec's admin_video_id. */
export interface VideoTable {
  id: Generated<number>;
  key: string;
  category_id: number;
  sub_category_id: number;
  title: string;
  description: string;
  duration_seconds: number;
  media_asset_id: number;
  image: string | null;
  /** Relative to DATA_DIR; served only after the access check. */
  playbook_path: string | null;
  publish_time: number;
  in_test: number;
  in_production: number;
  /** Counters of video_votes, recounted on every vote. */
  like_count: Generated<number>;
  dislike_count: Generated<number>;
  /** 1 at creation; a re-import that changes the media or the playbook makes the next one (video_revisions). */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Every revision of a video, the first included; `requires_retraining` 1 sends the qualified back to training. */
export interface VideoRevisionTable {
  id: Generated<number>;
  video_id: number;
  revision: number;
  media_asset_id: number;
  playbook_path: string | null;
  requires_retraining: number;
  created_at: number;
}

export interface VideoExpertTable {
  video_id: number;
  expert_id: number;
}

export interface TrailerTable {
  id: Generated<number>;
  video_id: number;
  name: string;
  media_asset_id: number;
  image: string | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface PageTable {
  id: Generated<number>;
  unique_id: string;
  page_type: string;
  title: string;
  /** HTML, stored as imported. */
  description: string;
  created_at: number;
  updated_at: number;
}

export interface FaqTable {
  id: Generated<number>;
  question: string;
  /** HTML, stored as imported. */
  answer: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** The landing page: a single row with id 1. */
export interface LandingContentTable {
  id: number;
  banner_title: string;
  banner_video_asset_id: number;
  section1_title: string;
  section1_description: string;
  section1_video_asset_id: number;
  section2_title: string;
  section2_description: string;
  section2_video_asset_id: number;
  section3_title: string;
  section3_description: string;
  section3_video_asset_id: number;
  updated_at: number;
}

/** Server-wide values generated once (e.g. the media signing secret). */
export interface SettingTable {
  key: string;
  value: string;
  created_at: number;
}

/** One vote per member and video: 1 like, -1 dislike. */
export interface VideoVoteTable {
  user_id: number;
  video_id: number;
  vote: number;
  created_at: number;
  updated_at: number;
}

/** My List. */
export interface WishlistTable {
  id: Generated<number>;
  user_id: number;
  video_id: number;
  created_at: number;
}

/** Accumulated watch time of a member on a video; watched_at is set once, at 90% of the duration. */
export interface VideoWatchTable {
  user_id: number;
  video_id: number;
  seconds: number;
  watched_at: number | null;
  last_watched_at: number;
  created_at: number;
  /** Where the member stopped, in seconds (0 until a report carries a position). */
  position_seconds: Generated<number>;
}

/** Per member and category: listed videos started and watched, seconds spent, first start (kept by the watch flow). */
export interface MemberCategoryStatsTable {
  user_id: number;
  category_id: number;
  organization_id: number | null;
  started: number;
  watched: number;
  seconds: number;
  first_at: number;
}

/** Ranking points of a member and when they last earned some (kept by the watch and certificate flows). */
export interface MemberPointsTable {
  user_id: number;
  /** The member's organization (members never change organization): the ranking index is per organization. */
  organization_id: number | null;
  points: number;
  reached_at: number;
}

/** Watch seconds per member, video and day ('YYYY-MM-DD' in the member's time zone). */
export interface VideoWatchDayTable {
  user_id: number;
  video_id: number;
  day: string;
  seconds: number;
}

/** A learning path: the organization's default (team_id null) or one team's own (migration 005). */
export interface LearningPathTable {
  id: Generated<number>;
  organization_id: number;
  team_id: number | null;
  created_at: number;
  updated_at: number;
}

/** The ordered categories of a path; position starts at 1; essential 1 required, 0 optional. */
export interface LearningPathCategoryTable {
  path_id: number;
  category_id: number;
  position: number;
  essential: number;
}

/** Videos hidden from the members a path applies to. */
export interface LearningPathHiddenVideoTable {
  path_id: number;
  video_id: number;
}

/** A checkout started by an organization; `session_ref` is the provider's session id. */
export interface CheckoutSessionTable {
  id: Generated<number>;
  session_ref: string;
  organization_id: number;
  user_id: number;
  plan_id: number;
  provider: string;
  status: 'open' | 'paid' | 'cancelled';
  /** 1 when this checkout starts the organization's first subscription (30-day trial). */
  is_trial: number;
  success_url: string;
  cancel_url: string;
  created_at: number;
  paid_at: number | null;
  /** Set once, when the payment was applied to the subscription. */
  consumed_at: number | null;
}

/** One payment or trial start of an organization (the /plans/me list); amounts in cents. */
export interface PaymentTable {
  id: Generated<number>;
  organization_id: number;
  subscription_id: number;
  plan_id: number | null;
  period_start: number;
  period_end: number;
  currency: string;
  total_amount: number;
  wallet_amount: Generated<number>;
  coupon_code: string | null;
  coupon_amount: Generated<number>;
  amount: number;
  payment_mode: string;
  provider: string;
  provider_ref: string | null;
  created_at: number;
}

/** Provider events already applied (webhook replays change nothing). */
export interface ProviderEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  created_at: number;
}

/** A certificate (kind 'category') or micro-certificate (kind 'sub_category'), issued once (migration 006). */
export interface CertificateTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number | null;
  kind: 'category' | 'sub_category';
  subject_id: number;
  category_id: number;
  sub_category_id: number | null;
  issued_at: number;
  verification_code: string;
}

/** A challenge a member opened from a completed category (insert_new_challenge). */
export interface ChallengeTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  challenge_type: string;
  description: string;
  status: string;
  created_at: number;
}

/** A shared video link (migration 007): opened with the token whose SHA-256 is `token_hash`. */
export interface ShareTable {
  id: Generated<number>;
  unique_id: string;
  video_id: number;
  sender_user_id: number | null;
  organization_id: number | null;
  token_hash: string;
  message: string | null;
  expires_at: number;
  created_at: number;
}

export interface ShareRecipientTable {
  id: Generated<number>;
  share_id: number;
  email: string;
  user_id: number | null;
  created_at: number;
}

/** Alerts and broadcasts sent from the team dashboard (migration 008): one per member, category and UTC day. */
export interface AlertTable {
  id: Generated<number>;
  organization_id: number;
  sender_id: number | null;
  user_id: number;
  category_id: number;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  kind: 'alert' | 'broadcast';
  created_at: number;
}

/** In-app notices a member reads (GET /api/notices). */
export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  sender_id: number | null;
  category_id: number | null;
  kind: string;
  /** The English text as written; what a row without `message_key` (written before migration 083) reads. */
  message: string;
  /** The text's name in the server's `notices` catalog: the notice is written out in its reader's language. */
  message_key: string | null;
  /** JSON: the values the catalog's text is filled with (names, stations, titles: as they were typed). */
  message_values: string | null;
  read_at: number | null;
  created_at: number;
}

/** A WebVTT track of a video in one language; the sanitized file is media/<content_hash>/captions.vtt. */
export interface CaptionTrackTable {
  id: Generated<number>;
  video_id: number;
  lang: string;
  label: string;
  sort: number;
  content_hash: string;
  /** 'author' (the catalog's file) or 'machine' (drafted by Apertium from `source_hash`'s track). */
  origin: ColumnType<string, string | undefined, string>;
  /** A machine track's source: the content hash of the track it was drafted from (null for an author's). */
  source_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

/** A video's title and description in another language: the catalog's own ('author') or drafted by Apertium ('machine'). */
export interface VideoTitleTranslationTable {
  video_id: number;
  locale: string;
  title: string;
  description: string;
  /** 'author' (the catalog file's `translations`) or 'machine' (drafted from the English title and description). */
  origin: string;
  /** A machine row's source: the hash of the English title and description it was drafted from (null for an author's). */
  source_hash: string | null;
  created_at: number;
}

/** A category's (sub-category's) name in another language: the catalog's own ('author') or drafted by Apertium ('machine'). */
export interface CategoryNameTranslationTable {
  category_id: number;
  locale: string;
  name: string;
  /** 'author' (the catalog file's `translations`) or 'machine' (drafted from the English name). */
  origin: string;
  /** A machine row's source: the hash of the English name it was drafted from (null for an author's). */
  source_hash: string | null;
  created_at: number;
}

export interface SubCategoryNameTranslationTable {
  sub_category_id: number;
  locale: string;
  name: string;
  origin: string;
  source_hash: string | null;
  created_at: number;
}

/** One cue of a track: plain text (markup removed) and its normalized words for the search index. */
export interface CaptionCueTable {
  id: Generated<number>;
  track_id: number;
  video_id: number;
  start_ms: number;
  end_ms: number;
  text: string;
  search_text: string;
  /** The language of the cue's track: PostgreSQL's index stems a Spanish cue with the `spanish` configuration (migration 066). */
  lang: string;
}

/** The search index of the catalog's videos, categories, sub-categories and experts (normalized words). */
export interface SearchDocumentTable {
  id: Generated<number>;
  kind: 'video' | 'category' | 'sub_category' | 'expert';
  subject_id: number;
  search_text: string;
}

/** A member's completion of a video for qualifications: one open record per member and video (superseded ones are history). */
export interface TrainingRecordTable {
  id: Generated<number>;
  user_id: number;
  video_id: number;
  /** The revision being watched; once completed, the revision completed. */
  revision: number;
  seconds: number;
  started_at: number;
  completed_at: number | null;
  /** Set when retraining or recertification asks for the video again. */
  superseded_at: number | null;
  /** When the member passed the video's knowledge check during this record (a closed record takes it along). */
  check_passed_at: number | null;
}

/** A work station or task of an organization; `checklist` is a JSON array of the sign-off observation items. */
export interface StationTable {
  id: Generated<number>;
  organization_id: number;
  /** 'station' (a work station, possibly with a sign-off checklist) or 'training' (required training, no checklist). */
  kind: ColumnType<'station' | 'training', 'station' | 'training' | undefined, 'station' | 'training'>;
  name: string;
  description: string;
  checklist: string;
  validity_months: number | null;
  warning_days: number;
  due_days: number;
  min_per_shift: number;
  created_at: number;
  updated_at: number;
  retired_at: number | null;
}

export interface StationRequirementTable {
  station_id: number;
  kind: 'category' | 'sub_category' | 'video';
  ref_id: number;
  sort: number;
  /** 1: the knowledge checks of the lessons it covers must be passed too. */
  requires_check: Generated<number>;
}

export interface StationTrainerTable {
  station_id: number;
  user_id: number;
}

/** The kept state of a person at a station (assigned people only). */
export interface QualificationTable {
  station_id: number;
  user_id: number;
  organization_id: number;
  state: 'not_started' | 'in_training' | 'awaiting_signoff' | 'qualified' | 'expiring' | 'expired' | 'retraining_due';
  required_count: number;
  completed_count: number;
  /** Of the required videos, those whose knowledge check the station requires, and those the person passed. */
  checks_required_count: number;
  checks_passed_count: number;
  assigned_at: number;
  due_at: number | null;
  /** Sign-offs count from this moment: the assignment, or the start of a retraining or recertification. */
  cycle_started_at: number;
  qualified_at: number | null;
  expires_at: number | null;
  updated_at: number;
  /** The person's shift, kept with person_shifts (the coverage per shift is counted from this row alone). */
  shift: ColumnType<PersonShiftTable['shift'] | null, PersonShiftTable['shift'] | null | undefined, PersonShiftTable['shift'] | null>;
}

export interface PersonShiftTable {
  user_id: number;
  organization_id: number;
  shift: 'day' | 'evening' | 'night';
}

/** A supervisor's sign-off: the checklist as ticked and the revisions the person had completed (JSON). */
export interface SignoffTable {
  id: Generated<number>;
  organization_id: number;
  station_id: number;
  user_id: number;
  signed_by: number | null;
  signed_by_name: string;
  signed_at: number;
  comment: string;
  checklist: string;
  evidence: string;
}

export interface PracticalCheckTable {
  id: Generated<number>;
  organization_id: number;
  station_id: number;
  user_id: number;
  trainer_id: number | null;
  trainer_name: string;
  kiosk_id: number | null;
  recorded_at: number;
  passed: number;
  /** JSON: [{ item, passed, note, photo_url }] in the checklist's order. */
  steps: string;
  signoff_id: number | null;
}

export interface EvidenceChainTable {
  organization_id: number;
  last_sequence: number;
  last_hash: string;
}

/** The audit evidence, one chain per organization: `hash` = SHA-256 of the previous hash and this record. */
export interface EvidenceRecordTable {
  organization_id: number;
  sequence: number;
  kind: string;
  at: number;
  user_id: number | null;
  station_id: number | null;
  video_id: number | null;
  revision: number | null;
  detail: string;
  previous_hash: string;
  hash: string;
  /** 1: `hash` is the HMAC-SHA256 with the configured evidence key; 0: a plain SHA-256 written before the chain was keyed. */
  keyed: Generated<number>;
}

/** One training digest e-mail per recipient and local day. */
export interface QualificationDigestTable {
  user_id: number;
  day: string;
  sent_at: number;
}

export interface SignoffRequestTable {
  station_id: number;
  user_id: number;
  requested_at: number;
}

export interface WriteReceiptTable {
  user_id: number;
  request_id: string;
  received_at: number;
}

/** The hours whose write-receipt prune an instance claimed (one instance prunes per hour). */
export interface WriteReceiptPruneTable {
  hour: number;
  ran_at: number;
}

/** The job queue on SQLite (modules/jobs/sqlite-queue.ts); on PostgreSQL pg-boss keeps its own schema. */
export interface JobTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  state: 'ready' | 'active' | 'completed' | 'failed';
  singleton_key: string | null;
  attempts: number;
  retry_limit: number;
  retry_delay_ms: number;
  run_after: number;
  holder: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** Which instance enqueued each period of a clock: one run per period (both databases). */
export interface JobClockTable {
  name: string;
  period: string;
  enqueued_at: number;
}

/** A member a super user made an author of the organization's own lessons (modules/studio). */
export interface StudioAuthorTable {
  user_id: number;
  organization_id: number;
  created_by: number | null;
  created_at: number;
}

export type StudioMediaState = 'none' | 'uploading' | 'processing' | 'ready' | 'failed';

/** An organization's own lesson, private to it; a draft until `published_at` (modules/studio). */
export interface StudioLessonTable {
  id: Generated<number>;
  organization_id: number;
  title: string;
  category: string;
  description: string;
  media_state: StudioMediaState;
  /** 0..100 while processing. */
  progress: Generated<number>;
  /** Why the media failed, in words. */
  error: string | null;
  media_asset_id: number | null;
  duration_seconds: number | null;
  published_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
  /** Title, category and description as normalized words (lib/search-text.ts), what the library search matches. */
  search_text: Generated<string>;
  /** 1 until a published lesson's video is replaced (studio_lesson_revisions). */
  revision: Generated<number>;
  /** The author's choices for the replacement video under way (null when none). */
  pending_requires_retraining: number | null;
  pending_summary: string | null;
  /** When an author took the published lesson back from the members (null otherwise; cleared when published again). */
  unpublished_at: number | null;
  /** When an author deleted the lesson: nobody sees it again; its revisions, watch time and audit entries stay. */
  deleted_at: number | null;
}

/** A revision of a published own lesson's video, the first included; `requires_retraining` 1 asks completers to watch again. */
export interface StudioLessonRevisionTable {
  id: Generated<number>;
  lesson_id: number;
  revision: number;
  media_asset_id: number;
  duration_seconds: number;
  requires_retraining: number;
  summary: string;
  created_by: number | null;
  created_at: number;
  /** The earlier revision this one brings back (null for a new video). */
  restored_from: number | null;
}

/** A member's watch time on an own lesson; `watched_at` once at 90% of the duration (cleared by a retraining revision). */
export interface StudioLessonWatchTable {
  user_id: number;
  lesson_id: number;
  seconds: number;
  position_seconds: number;
  watched_at: number | null;
  /** The revision the member last watched. */
  revision: number;
  created_at: number;
  updated_at: number;
}

/** The organization's own lessons a learning path holds beside its categories (modules/organization writes it). */
export interface LearningPathLessonTable {
  path_id: number;
  lesson_id: number;
  position: number;
}

/** One studio change: who did what to which lesson, when (modules/studio, in the change's transaction). */
export interface StudioAuditTable {
  id: Generated<number>;
  organization_id: number;
  lesson_id: number | null;
  user_id: number;
  action: 'created' | 'edited' | 'published' | 'unpublished' | 'deleted' | 'revised' | 'captions';
  title: string;
  detail: string;
  created_at: number;
}

/** An organization's own studio storage quota (an organization without a row has STUDIO_QUOTA_MB). */
export interface StudioQuotaTable {
  organization_id: number;
  quota_bytes: number;
  updated_at: number;
}

/** One cue of a studio lesson's captions: its text and its normalized words for the search. */
export interface StudioLessonCueTable {
  id: Generated<number>;
  lesson_id: number;
  start_ms: number;
  end_ms: number;
  text: string;
  search_text: string;
  /** The language of the cue's track (studio_lesson_tracks). */
  lang: Generated<string>;
}

/**
 * An own lesson's caption track of one language (modules/studio): its stored WebVTT file (captions module,
 * content-addressed); 'machine' when Apertium drafted it from the track whose file is `source_hash` and no author has
 * reviewed it yet.
 */
export interface StudioLessonTrackTable {
  lesson_id: number;
  lang: string;
  hash: string;
  origin: 'author' | 'machine';
  source_hash: string | null;
  updated_by: number | null;
  updated_at: number;
}

/** The steps of a lesson from a script (a JSON array of 3 to 10 strings), rendered by lib/slide-lesson.ts (modules/studio). */
export interface StudioLessonScriptTable {
  lesson_id: number;
  steps: string;
  updated_by: number;
  updated_at: number;
}

/**
 * A narrated version of a lesson from a script in another language (modules/studio): its translated script, 'machine'
 * until an author saves it, and its rendition (the MP4 is the studio upload `upload_id`); out of date once the
 * lesson's English video is no longer `source_asset_id`.
 */
export interface StudioLessonVersionTable {
  lesson_id: number;
  lang: string;
  title: string;
  description: string;
  /** A JSON array of strings, one per step of the English script. */
  steps: string;
  origin: 'author' | 'machine';
  media_state: 'processing' | 'ready' | 'failed';
  progress: Generated<number>;
  error: string | null;
  media_asset_id: number | null;
  duration_seconds: number | null;
  captions_hash: string | null;
  upload_id: string | null;
  source_asset_id: number | null;
  updated_by: number;
  updated_at: number;
}

/** One cue of a narrated version's captions (timed to the version's video), 'machine' while it holds Apertium's words as drafted. */
export interface StudioVersionCueTable {
  id: Generated<number>;
  lesson_id: number;
  lang: string;
  start_ms: number;
  end_ms: number;
  text: string;
  search_text: string;
  origin: 'author' | 'machine';
}

/** A resumable (tus) upload of a lesson's video; `size` is its declared length, counted against the quota. */
export interface StudioUploadTable {
  id: string;
  organization_id: number;
  lesson_id: number;
  user_id: number;
  size: number;
  finished_at: number | null;
  created_at: number;
}

/** A photo stored for a script's step (modules/studio): its store key and size count against the studio quota. */
export interface StudioScriptPhotoTable {
  key: string;
  organization_id: number;
  user_id: number;
  size: number;
  created_at: number;
}

/** An organization's API token (modules/integrations): only its SHA-256 is kept; `scopes` is a comma-separated list. */
export interface ApiTokenTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  token_hash: string;
  /** The token's last characters, to tell tokens apart in the list. */
  token_hint: string;
  scopes: string;
  created_by: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A webhook endpoint (modules/integrations): `events` comma-separated; `secret` signs the deliveries (read back to sign). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  organization_id: number;
  url: string;
  events: string;
  secret: string;
  created_by: number | null;
  created_at: number;
  deleted_at: number | null;
}

/** One event to one endpoint: written with the event, delivered by the job queue after the commit. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  organization_id: number;
  event: string;
  /** The exact JSON body sent (and signed). */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lease_until: number | null;
  response_status: number | null;
  response_excerpt: string | null;
  created_at: number;
  last_attempt_at: number | null;
  delivered_at: number | null;
}

/** An organization's Learning Record Store (modules/integrations, migration 052): the secret only sealed (lib/secret-box.ts). */
export interface XapiLrsTable {
  id: Generated<number>;
  organization_id: number;
  /** The xAPI base URL; statements go to `<endpoint>/statements`. */
  endpoint: string;
  /** The basic-auth user name (the LRS key). */
  username: string;
  secret_sealed: string;
  enabled: number;
  updated_by: number | null;
  updated_at: number;
}

/** One xAPI statement to the organization's LRS: written with its fact, delivered by the job queue after the commit. */
export interface XapiDeliveryTable {
  id: Generated<number>;
  organization_id: number;
  statement_id: string;
  verb: string;
  object_id: string;
  /** The statement's exact JSON. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lease_until: number | null;
  response_status: number | null;
  response_excerpt: string | null;
  created_at: number;
  last_attempt_at: number | null;
  delivered_at: number | null;
}

export interface Database {
  api_tokens: ApiTokenTable;
  xapi_lrs: XapiLrsTable;
  xapi_deliveries: XapiDeliveryTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  organizations: OrganizationTable;
  teams: TeamTable;
  users: UserTable;
  sessions: SessionTable;
  kiosks: KioskTable;
  kiosk_pins: KioskPinTable;
  toolbox_talks: ToolboxTalkTable;
  toolbox_attendance: ToolboxAttendanceTable;
  user_tokens: UserTokenTable;
  throttle_counters: ThrottleCounterTable;
  outbox: OutboxTable;
  plans: PlanTable;
  subscriptions: SubscriptionTable;
  experts: ExpertTable;
  categories: CategoryTable;
  sub_categories: SubCategoryTable;
  media_assets: MediaAssetTable;
  media_preparations: MediaPreparationTable;
  studio_authors: StudioAuthorTable;
  studio_lessons: StudioLessonTable;
  studio_uploads: StudioUploadTable;
  studio_quotas: StudioQuotaTable;
  studio_lesson_cues: StudioLessonCueTable;
  studio_lesson_tracks: StudioLessonTrackTable;
  studio_lesson_scripts: StudioLessonScriptTable;
  studio_lesson_versions: StudioLessonVersionTable;
  studio_version_cues: StudioVersionCueTable;
  studio_script_photos: StudioScriptPhotoTable;
  studio_lesson_revisions: StudioLessonRevisionTable;
  studio_lesson_watches: StudioLessonWatchTable;
  studio_audit: StudioAuditTable;
  learning_path_lessons: LearningPathLessonTable;
  videos: VideoTable;
  video_experts: VideoExpertTable;
  trailers: TrailerTable;
  pages: PageTable;
  faqs: FaqTable;
  landing_content: LandingContentTable;
  settings: SettingTable;
  video_votes: VideoVoteTable;
  wishlists: WishlistTable;
  video_watch: VideoWatchTable;
  video_watch_days: VideoWatchDayTable;
  member_category_stats: MemberCategoryStatsTable;
  member_points: MemberPointsTable;
  learning_paths: LearningPathTable;
  learning_path_categories: LearningPathCategoryTable;
  learning_path_hidden_videos: LearningPathHiddenVideoTable;
  checkout_sessions: CheckoutSessionTable;
  payments: PaymentTable;
  provider_events: ProviderEventTable;
  certificates: CertificateTable;
  challenges: ChallengeTable;
  shares: ShareTable;
  share_recipients: ShareRecipientTable;
  alerts: AlertTable;
  notices: NoticeTable;
  caption_tracks: CaptionTrackTable;
  caption_cues: CaptionCueTable;
  video_title_translations: VideoTitleTranslationTable;
  category_name_translations: CategoryNameTranslationTable;
  sub_category_name_translations: SubCategoryNameTranslationTable;
  search_documents: SearchDocumentTable;
  video_revisions: VideoRevisionTable;
  training_records: TrainingRecordTable;
  stations: StationTable;
  station_requirements: StationRequirementTable;
  station_trainers: StationTrainerTable;
  qualifications: QualificationTable;
  person_shifts: PersonShiftTable;
  signoffs: SignoffTable;
  practical_checks: PracticalCheckTable;
  evidence_chains: EvidenceChainTable;
  evidence_records: EvidenceRecordTable;
  qualification_digests: QualificationDigestTable;
  signoff_requests: SignoffRequestTable;
  write_receipts: WriteReceiptTable;
  write_receipt_prunes: WriteReceiptPruneTable;
  evidence_head_mails: EvidenceHeadMailTable;
  jobs: JobTable;
  job_clocks: JobClockTable;
  assessment_questions: AssessmentQuestionTable;
  assessment_checks: AssessmentCheckTable;
  assessment_attempts: AssessmentAttemptTable;
  assessment_outcomes: AssessmentOutcomeTable;
  assessment_standings: AssessmentStandingTable;
  assessment_question_stats: AssessmentQuestionStatTable;
  scim_tokens: ScimTokenTable;
  scim_users: ScimUserTable;
  scim_requests: ScimRequestTable;
  sso_connections: SsoConnectionTable;
  sso_domains: SsoDomainTable;
  sso_identities: SsoIdentityTable;
  sso_sign_ins: SsoSignInTable;
  saml_requests: SamlRequestTable;
  saml_used_assertions: SamlUsedAssertionTable;
  saml_sign_in_codes: SamlSignInCodeTable;
}

/** An organization's OpenID Connect connection (modules/sso, migration 045); the client secret only sealed (lib/secret-box.ts). */
export interface SsoConnectionTable {
  organization_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  /** The ID-token claim whose value names the member's team at their first sign-in; null: none. */
  team_claim: string | null;
  created_at: number;
  updated_at: number;
  /** 'oidc' or 'saml' (migration 051). A SAML connection: `issuer` is the identity provider's entity id, no client. */
  protocol: Generated<'oidc' | 'saml'>;
  saml_sso_url: string | null;
  /** The identity provider's signing certificate (PEM). */
  saml_certificate: string | null;
  saml_metadata_url: string | null;
}

/** A SAML AuthnRequest we issued: its InResponseTo answer is taken once, within 10 minutes, by the browser that started it. */
export interface SamlRequestTable {
  id: string;
  organization_id: number;
  browser_key_hash: string;
  created_at: number;
  expires_at: number;
}

/** An assertion already used, kept until its NotOnOrAfter: the same assertion is refused a second time. */
export interface SamlUsedAssertionTable {
  organization_id: number;
  assertion_id: string;
  expires_at: number;
}

/** A verified SAML sign-in waiting for its browser: the one-time code the assertion consumer redirected with. */
export interface SamlSignInCodeTable {
  code_hash: string;
  organization_id: number;
  browser_key_hash: string;
  /** The verified identity (JSON: subject, e-mail, names, team attribute). */
  profile: string;
  expires_at: number;
}

/** An e-mail domain that signs in through its organization's connection: one organization per domain. */
export interface SsoDomainTable {
  domain: string;
  organization_id: number;
}

/** A provider's subject linked to a member: later sign-ins find the member by it, not by e-mail. */
export interface SsoIdentityTable {
  id: Generated<number>;
  organization_id: number;
  issuer: string;
  subject: string;
  user_id: number;
  created_at: number;
}

/** A sign-in under way: found by its state's hash, used once, bound to the browser that started it. */
export interface SsoSignInTable {
  state_hash: string;
  organization_id: number;
  browser_key_hash: string;
  nonce: string;
  code_verifier_sealed: string;
  expires_at: number;
}

/** The weekly signed copy of an organization's evidence chain head: one per organization and ISO week, claimed. */
export interface EvidenceHeadMailTable {
  organization_id: number;
  week: string;
  sent_at: number;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Organization = Selectable<OrganizationTable>;

/** A question of an organization's bank for a video (issue 38); `options` and `correct` are JSON arrays (texts, indexes). */
export interface AssessmentQuestionTable {
  id: Generated<number>;
  organization_id: number;
  video_id: number;
  kind: string;
  prompt: string;
  options: string;
  correct: string;
  explanation: string;
  /** A pick-the-picture question's pictures (JSON list of upload URLs, one per option); null for the other kinds. */
  images: string | null;
  /** 1: drafted from the lesson's transcript and not yet approved by an author (never drawn into an attempt). */
  draft: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** A submitted attempt's outcome at one of its questions (the prompt as shown): what the question figures count. */
export interface AssessmentOutcomeTable {
  id: Generated<number>;
  attempt_id: number;
  check_id: number;
  question_id: number;
  prompt: string;
  is_right: number;
}

/** A member's standing at a check, kept at each submission (migration 064): what the results list per member. */
export interface AssessmentStandingTable {
  check_id: number;
  user_id: number;
  organization_id: number;
  attempts: number;
  best_percent: number;
  passed: number;
  last_submitted_at: number;
}

/** A question's figures at a check, kept at each submission (migration 064): how often asked and answered right. */
export interface AssessmentQuestionStatTable {
  check_id: number;
  question_id: number;
  /** One of QUESTION_STAT_SHARDS rows per question (the member's id picks it): the read adds them up. */
  shard: number;
  prompt: string;
  asked_count: number;
  right_count: number;
}

/** The knowledge check an organization attaches to a video: one per organization and video. */
export interface AssessmentCheckTable {
  id: Generated<number>;
  organization_id: number;
  /** The video the check follows; null for a category's check (migration 064). */
  video_id: number | null;
  /** The category whose end the check marks (migration 064); null for a video's check. */
  category_id: number | null;
  /** 1: a category's certificate is issued only once its check is passed. */
  required_for_certificate: Generated<number>;
  question_count: number;
  shuffle: number;
  pass_percent: number;
  attempts_allowed: number;
  cooldown_seconds: number;
  /** Seconds an attempt has from its start (migration 053); null: no limit. */
  time_limit_seconds: number | null;
  updated_at: number;
}

/** A member's attempt at a check: the questions as shown (JSON, with the correct choices), then the answers and score. */
export interface AssessmentAttemptTable {
  id: Generated<number>;
  organization_id: number;
  check_id: number;
  user_id: number;
  questions: string;
  started_at: number;
  submitted_at: number | null;
  answers: string | null;
  score_percent: number | null;
  passed: number | null;
  request_id: string | null;
  /** The end of the time limit the attempt was started with (migration 053); null: no limit. */
  deadline_at: number | null;
  /** 1 when the answers came after the deadline and its grace: not accepted, the attempt closed at the deadline. */
  timed_out: Generated<number>;
}

/** An organization's SCIM bearer token (modules/scim), kept as a hash; one live at a time (`revoked_at` null). */
export interface ScimTokenTable {
  id: Generated<number>;
  organization_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** What SCIM knows of a member beyond the users row: the provider's externalId and whether it deactivated them. */
export interface ScimUserTable {
  user_id: number;
  organization_id: number;
  /** The provider's userName (case-insensitive, unique in the organization); the users row keeps the e-mail. */
  user_name: string;
  external_id: string | null;
  active: Generated<number>;
  updated_at: number;
}

/** One provisioning call of an organization's identity provider, for the super user's page. */
export interface ScimRequestTable {
  id: Generated<number>;
  organization_id: number;
  method: string;
  path: string;
  status: number;
  at: number;
}
