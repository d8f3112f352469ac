/** Query keys of organization administration; saving anything here invalidates the whole family. */
export const organizationKey = ['organization-admin'] as const;
export const teamsKey = (organizationId: number) => [...organizationKey, 'teams', organizationId] as const;
export const teamOverviewKey = (teamId: number) => [...organizationKey, 'team', teamId] as const;
export const usersKey = (organizationId: number) => [...organizationKey, 'users', organizationId] as const;
export const managedUsersKey = [...organizationKey, 'managed-users'] as const;
export const catalogTreeKey = (organizationId: number) => [...organizationKey, 'catalog-tree', organizationId] as const;
export const pathCategoriesKey = (organizationId: number, teamId: number | null) => [...organizationKey, 'path', organizationId, teamId] as const;
export const hiddenVideosKey = (organizationId: number, categoryId: number, teamId: number | null) =>
  [...organizationKey, 'hidden', organizationId, categoryId, teamId] as const;
