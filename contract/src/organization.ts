import { z } from 'zod';
import { email, employeeNumber, flag } from './auth.ts';
import { catalogId } from './catalog.ts';
import { jsonList } from './form-fields.ts';
import type { WireInput } from './route.ts';

/** Organization administration (administration spec, sections 2, 5 and 7): banner, learning paths, teams and users. */

/** Form bodies carry lists as JSON text ("[1,2]"); JSON bodies as arrays. */
/** "", 0 and null mean "no team": the organization's own (default) learning path. */
const optionalTeamId = z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), catalogId.optional());

const minTwo = (label: string) => z.string().trim().min(2, `The ${label} must be at least 2 characters`).max(100);

// ---------------------------------------------------------------- banner

/** GET get_banner_organization/{organizationId}. */
export const bannerData = z.array(z.object({ banner_url: z.string().nullable() }));
export type BannerData = z.infer<typeof bannerData>;
export const bannerSavedData = z.object({ banner_url: z.string() });
export type BannerSavedData = z.infer<typeof bannerSavedData>;
export const MAX_BANNER_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------- learning paths

export const pathCategory = z.object({
  id: z.number(),
  name: z.string(),
  picture: z.string().nullable(),
  /** Position in the path, from 1. */
  sort: z.number(),
  essential: z.number(),
});
export type PathCategory = z.infer<typeof pathCategory>;

/** GET get_all_organization_categories_learning_path/{orgId}?team_id=. `source` tells whose path applies. */
export const pathCategoriesQuery = z.object({ team_id: optionalTeamId });
/** The own lessons of the organization's path or a team's (team_id), in order: replaces the earlier ones. */
export const savePathLessonsRequest = z.object({
  team_id: optionalTeamId,
  lesson_ids: z.array(catalogId).max(100, 'A path holds 100 own lessons at most.'),
});
export const pathCategoriesData = z.object({ source: z.enum(['team', 'organization', 'catalog']), data: z.array(pathCategory) });
export type PathCategoriesData = z.infer<typeof pathCategoriesData>;

export const treeVideo = z.object({
  admin_video_id: z.number(),
  title: z.string(),
  default_image: z.string().nullable(),
  /** hh:mm:ss */
  duration: z.string(),
  in_test: z.number(),
  in_production: z.number(),
});
export const treeSubCategory = z.object({ url_page_id: z.number(), title: z.string(), data: z.array(treeVideo) });
export const treeCategory = z.object({
  id: z.number(),
  name: z.string(),
  picture: z.string().nullable(),
  sort: z.number(),
  essential: z.number(),
  /** The count and total duration (seconds) of its listed videos visible to the caller: the figures home and the category page show. */
  videos_count: z.number(),
  total_seconds: z.number(),
  subcategories: z.array(treeSubCategory),
});
export type TreeCategory = z.infer<typeof treeCategory>;
/** GET organization/{orgId}/categories: the whole catalog, in catalog order, with sub-categories and videos. */
export const catalogTreeData = z.array(treeCategory);
export type CatalogTreeData = z.infer<typeof catalogTreeData>;

/** GET get_hidden_videos/{orgId}/{categoryId}?teamId=: ids of the hidden videos of that category. */
export const hiddenVideosQuery = z.object({ teamId: optionalTeamId });
export const hiddenVideosData = z.array(z.number());

/** POST edit_hidden_videos/{orgId}/{categoryId}/0: replaces the hidden videos of one category. */
export const editHiddenVideosRequest = z.object({ hidden_videos_ids: jsonList(catalogId), teamId: optionalTeamId });
export type EditHiddenVideosRequest = WireInput<typeof editHiddenVideosRequest>;

/** POST organization/edit/order-categories/{orgId}: the whole path; `team_id` targets a team's own path. */
export const orderCategoriesRequest = z.object({
  categories: jsonList(
    z.object({
      category_id: catalogId,
      order: z.coerce.number().int('must be a whole number').min(1, 'positions start at 1'),
      /** Defaults to the catalog's flag. */
      essential: flag.optional(),
    }),
  ),
  team_id: optionalTeamId,
});
export type OrderCategoriesRequest = WireInput<typeof orderCategoriesRequest>;

/** POST organization/edit/{orgId}: the organization's path as an ordered list of category ids. */
export const organizationEditRequest = z.object({
  categories: jsonList(catalogId),
  essential_categories: jsonList(catalogId).optional(),
});

/** POST organization/edit/essential-category/{orgId}: required flags of the organization's path. */
export const essentialCategoriesRequest = z.object({
  categories: jsonList(z.object({ category_id: catalogId, essential: flag })),
});

/** POST organization/teams/essential-category/{orgId}: a team's path (ordered ids, and which are required). */
export const teamEssentialRequest = z.object({
  team_id: catalogId,
  categories: jsonList(catalogId),
  essential_categories: jsonList(catalogId),
});

// ---------------------------------------------------------------- teams

export const teamSummary = z.object({ id: z.number(), name: z.string(), members_count: z.number() });
export type TeamSummary = z.infer<typeof teamSummary>;
export const teamsData = z.array(teamSummary);

const teamName = z.string().trim().min(1, 'The team name is required').max(100);

/** POST organization/{orgId}/teams. */
export const createTeamRequest = z.object({
  name: teamName,
  organizationId: catalogId.optional(),
  teamCategories: jsonList(catalogId).optional(),
  members: jsonList(catalogId).refine((ids) => ids.length > 0, 'Select at least one member'),
});
export type CreateTeamRequest = WireInput<typeof createTeamRequest>;

/** POST organization/teams/{teamId}: rename, add members, and optionally set the team's categories. */
export const updateTeamRequest = z.object({
  name: teamName,
  organizationId: catalogId.optional(),
  teamCategories: jsonList(catalogId).optional(),
  members: jsonList(catalogId).optional(),
});

/** POST organization/teams/delete/{teamId}: `teamName`, when sent, must match (a confirmation). */
export const deleteTeamRequest = z.object({ teamName: z.string().trim().optional() });

/** POST organization/teams/form/{teamId}: `deleteTeam` 1 removes the current members before adding `members`. */
export const teamFormRequest = z.object({
  name: teamName,
  organizationId: catalogId.optional(),
  members: jsonList(catalogId).default([]),
  deleteTeam: flag.optional(),
});
export type TeamFormRequest = WireInput<typeof teamFormRequest>;
export const teamFormData = z.object({ data: z.object({ id: z.number(), name: z.string() }) });

export const teamCreatedData = z.object({ id: z.number(), name: z.string() });

/** GET organization/{teamId}/team?organization_id=. Dates are ISO date-times. */
export const teamOverviewQuery = z.object({ organization_id: catalogId.optional() });
export const teamOverviewData = z.object({
  id: z.number(),
  name: z.string(),
  members: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), created_at: z.string(), updated_at: z.string() })),
  categories: z.array(z.object({ category_id: z.number(), name: z.string(), picture: z.string().nullable(), essential: z.number() })),
});
export type TeamOverviewData = z.infer<typeof teamOverviewData>;

// ---------------------------------------------------------------- users

export const organizationUser = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  /** Null for a member known by their employee number only. */
  email: z.string().nullable(),
  employee_number: z.string().nullable(),
  team: z.string().nullable(),
  team_id: z.number().nullable(),
  role: z.string().nullable(),
  is_super_user: z.number(),
  /** The member's manager (another member's id), given by a CSV import or Manage users; null when none. */
  manager_id: z.number().nullable(),
  /** The manager's full name, while they are a live member; null when none. */
  manager_name: z.string().nullable(),
});
export type OrganizationUser = z.infer<typeof organizationUser>;
export const organizationUsersData = z.array(organizationUser);

/** Users per page of Manage users: a screen's worth at a glance, and a plant of thousands is never sent whole. */
export const MANAGED_USERS_PAGE = 50;

/**
 * GET organization/{orgId}/users/page: Manage users' list (everyone but the asking super user) in name order, a page at
 * a time, found by every word of `q` in the name, last name, e-mail, role or team (case and accents ignored).
 */
export const managedUsersQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(MANAGED_USERS_PAGE),
});
export type ManagedUsersQuery = WireInput<typeof managedUsersQuery>;
/** `total`: how many users match, all pages together. */
export const managedUsersData = z.object({ users: z.array(organizationUser), total: z.number(), skip: z.number(), take: z.number() });
export type ManagedUsersData = z.infer<typeof managedUsersData>;

/** POST v4/list_users: the organization's users except the asking super user. */
export const listUsersRequest = z.object({ super_user_id: catalogId.optional() });

/** A field left empty ("" or spaces) is a field not given. */
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v), schema.optional());

/**
 * The user modal (administration spec, section 5). `team` is a team name, created when new. A member has an e-mail
 * address or, when they have none, an employee number (issue 39): exactly one of the two.
 */
export const userFields = z.object({
  name: minTwo('name'),
  last_name: minTwo('last name'),
  email: blankAsMissing(email),
  employee_number: blankAsMissing(employeeNumber),
  team: minTwo('team'),
  role: minTwo('role'),
  /** The member's manager, a live member of the same organization (issue 39); null clears it, absent keeps it. */
  manager_id: catalogId.nullable().optional(),
});
export type UserFields = z.infer<typeof userFields>;

export const EMAIL_OR_EMPLOYEE_NUMBER = 'Please enter an e-mail address or an employee number (one of the two)';
/** Exactly one of e-mail address and employee number (Manage users, the CSV import). */
export const oneContact = (fields: { email?: string; employee_number?: string }) => (fields.email === undefined) !== (fields.employee_number === undefined);

/** POST v4/create_user: new users are never super users. */
export const createUserRequest = userFields
  .extend({
    organization_id: catalogId.optional(),
    super_user_id: catalogId.optional(),
    is_super_user: flag.optional().refine((v) => v !== 1, 'New users cannot be super users'),
  })
  .refine(oneContact, { message: EMAIL_OR_EMPLOYEE_NUMBER, path: ['email'] });
export type CreateUserRequest = WireInput<typeof createUserRequest>;

export const updateUserRequest = userFields.extend({ user_id: catalogId }).refine(oneContact, { message: EMAIL_OR_EMPLOYEE_NUMBER, path: ['email'] });
export type UpdateUserRequest = WireInput<typeof updateUserRequest>;

export const deleteUserRequest = z.object({ user_id: catalogId });
