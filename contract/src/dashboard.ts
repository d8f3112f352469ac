import { z } from 'zod';
import { catalogId } from './catalog.ts';
import type { WireInput } from './route.ts';

/** Team dashboard (administration spec, sections 2, 3, 4 and 7): tracker, alerts, compliance, optional training. */

/** "", 0, null or absent: no value (the whole organization, no category filter). */
const blankToUndefined = (v: unknown) => (v === '' || v === null || v === 0 || v === '0' || v === undefined ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, catalogId.optional());

export const dashboardScopeQuery = z.object({ organizationId: catalogId, team: optionalId });
export type DashboardScopeQuery = WireInput<typeof dashboardScopeQuery>;

export const overallProgressQuery = dashboardScopeQuery.extend({
  categoryId: optionalId,
  /** 0 'All optional content', 1 'All required content'; ignored when categoryId is given; absent: every category of the path. */
  onlyEssentials: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  /**
   * Beyond the spec: one of the organization's own (studio) lessons of the path, published, measured alone as one
   * video; not with categoryId. 'All required content' (onlyEssentials 1) holds the path's own lessons too.
   */
  lessonId: optionalId,
  /**
   * Beyond the spec (which lists every member): the members whose name holds every word of `q` (case and accents
   * ignored), and of those `take` from `skip` in name order. Absent, every member, as the spec's clients expect.
   */
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  take: z.coerce.number().int().min(1).max(500).optional(),
});
export type OverallProgressQuery = WireInput<typeof overallProgressQuery>;

export const teamUserProgress = z.object({ user_id: z.number(), name: z.string(), picture: z.string().nullable(), progress: z.number() });
export type TeamUserProgress = z.infer<typeof teamUserProgress>;
export const overallProgressData = z.object({
  overallProgress: z.object({
    /** Over every member of the selection, whatever the search and the page. */
    teamProgress: z.number(),
    teamUsersProgress: z.array(teamUserProgress),
    /** Members matching the search, all pages together (beyond the spec). */
    teamUsersTotal: z.number(),
  }),
});
export type OverallProgressData = z.infer<typeof overallProgressData>;

export const alertsQuery = dashboardScopeQuery.extend({ categoryId: optionalId });
export const alertEntry = z.object({
  user_id: z.number(),
  user_name: z.string(),
  user_picture: z.string().nullable(),
  percentage_videos_watched: z.number(),
  /** ISO date-time of the member's first watch in the category. */
  first_video_watched: z.string(),
});
export type AlertEntry = z.infer<typeof alertEntry>;
/**
 * Per category, the members who started it and are behind: the ALERTS_PER_CATEGORY who started longest ago,
 * and how many there are in all (`users_total`), counted up to ALERTS_COUNT_CAP (messages.ts).
 */
export const categoryAlerts = z.object({
  /** 0 for an own lesson's row. */
  category_id: z.number(),
  /** The category's name, or the own lesson's title. */
  category_name: z.string(),
  users: z.array(alertEntry),
  users_total: z.number(),
  /**
   * Beyond the spec: an own (studio) lesson of the path, after the categories, null for a category. Its members started
   * it and have not watched it; `percentage_videos_watched` is the share of it played, `first_video_watched` their
   * first playing of it. Alerts and broadcasts are sent about categories only.
   */
  lesson_id: z.number().nullable(),
});
export type CategoryAlerts = z.infer<typeof categoryAlerts>;
export const alertsData = z.object({ users_alerts: z.array(categoryAlerts) });
export type AlertsData = z.infer<typeof alertsData>;

export const complianceItem = z.object({
  /** 0 for an own lesson's row. */
  category_id: z.number(),
  /** Beyond the spec: an own (studio) lesson of the path (required content), after the categories; null for a category. */
  lesson_id: z.number().nullable(),
  name: z.string(),
  completed: z.number(),
  members: z.number(),
  /** floor(100 x completed / members). */
  completion: z.number(),
});
export type ComplianceItem = z.infer<typeof complianceItem>;
export const complianceData = z.array(complianceItem);

export const optionalTrainingItem = z.object({ category_id: z.number(), name: z.string(), total_minutes: z.number(), completion: z.number() });
export type OptionalTrainingItem = z.infer<typeof optionalTrainingItem>;
export const optionalTrainingData = z.array(optionalTrainingItem);

export const sendAlertQuery = z.object({
  supervisor_name: z.string().trim().max(200).optional(),
  category_id: catalogId,
  category_name: z.string().trim().max(200).optional(),
  percentage: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(100).optional()),
});
export type SendAlertQuery = WireInput<typeof sendAlertQuery>;

export const broadcastRequest = dashboardScopeQuery.extend({ categoryId: optionalId });
export type BroadcastRequest = WireInput<typeof broadcastRequest>;
export const broadcastData = z.object({ recipients: z.number() });
