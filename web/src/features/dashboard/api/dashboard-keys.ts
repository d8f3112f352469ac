/** The dashboard's answers share this key prefix: a broadcast reads them all again. */
export const dashboardKey = ['dashboard'] as const;

/** The organization and, when one is picked, the team the panels show. */
export const scopeOf = (organizationId: number, team: number | null) => ({ organizationId, team: team ?? undefined });
