import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (bigint) so SQLite and PostgreSQL
 * compare, bucket and sort them with the same SQL; flags are 0/1 integers.
 */
export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  banner_url: string | null;
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
  email: string;
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
  is_change_password: Generated<number>;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
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
export interface AuthAttemptTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  created_at: number;
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
  status: 'ready';
  created_at: number;
  updated_at: number;
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
  created_at: number;
  updated_at: number;
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

export interface Database {
  organizations: OrganizationTable;
  teams: TeamTable;
  users: UserTable;
  sessions: SessionTable;
  user_tokens: UserTokenTable;
  auth_attempts: AuthAttemptTable;
  outbox: OutboxTable;
  plans: PlanTable;
  subscriptions: SubscriptionTable;
  experts: ExpertTable;
  categories: CategoryTable;
  sub_categories: SubCategoryTable;
  media_assets: MediaAssetTable;
  videos: VideoTable;
  video_experts: VideoExpertTable;
  trailers: TrailerTable;
  pages: PageTable;
  faqs: FaqTable;
  landing_content: LandingContentTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Organization = Selectable<OrganizationTable>;
