import { accountRoutes } from './routes/account.ts';
import { assessmentsRoutes } from './routes/assessments.ts';
import { authRoutes } from './routes/auth.ts';
import { billingRoutes } from './routes/billing.ts';
import { browseRoutes } from './routes/browse.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { enrolmentRoutes } from './routes/enrolment.ts';
import { integrationsRoutes } from './routes/integrations.ts';
import { kioskRoutes } from './routes/kiosk.ts';
import { learningRoutes } from './routes/learning.ts';
import { noticesRoutes } from './routes/notices.ts';
import { organizationRoutes } from './routes/organization.ts';
import { peopleImportRoutes } from './routes/people-import.ts';
import { playbackRoutes } from './routes/playback.ts';
import { publicContentRoutes } from './routes/public-content.ts';
import { qualificationsRoutes } from './routes/qualifications.ts';
import { salesRoutes } from './routes/sales.ts';
import { scimRoutes } from './routes/scim.ts';
import { searchRoutes } from './routes/search.ts';
import { sharingRoutes } from './routes/sharing.ts';
import { shopfloorRoutes } from './routes/shopfloor.ts';
import { ssoRoutes } from './routes/sso.ts';
import { studioRoutes } from './routes/studio.ts';
import { teamsRoutes } from './routes/teams.ts';
import { toolboxRoutes } from './routes/toolbox.ts';
import { usersRoutes } from './routes/users.ts';

/**
 * Every call of the API, by name: the one table the server registers its routes from (`contractRoute`) and the
 * web calls through (`apiRequest(routes.profile)`). Names follow the spec's paths; paths and fields are the spec's.
 * A name is the call's OpenAPI operationId, so it never changes once published.
 *
 * Each domain keeps its calls in its own file of `routes/` (`defineRoutes(<domain>, { ... })`, the domain being
 * the call's tag in the API document); a new call goes into its domain's file, a new domain into a new file
 * spread here. `routes.test.ts` checks no name is given twice (a spread would keep only the last).
 */
export const routes = {
  ...accountRoutes,
  ...authRoutes,
  ...browseRoutes,
  ...playbackRoutes,
  ...learningRoutes,
  ...organizationRoutes,
  ...teamsRoutes,
  ...usersRoutes,
  ...qualificationsRoutes,
  ...billingRoutes,
  ...kioskRoutes,
  ...integrationsRoutes,
  ...dashboardRoutes,
  ...toolboxRoutes,
  ...shopfloorRoutes,
  ...sharingRoutes,
  ...noticesRoutes,
  ...publicContentRoutes,
  ...searchRoutes,
  ...salesRoutes,
  ...studioRoutes,
  ...assessmentsRoutes,
  ...ssoRoutes,
  ...scimRoutes,
  ...enrolmentRoutes,
  ...peopleImportRoutes,
} as const;

export type RouteName = keyof typeof routes;
