import { accountCalls } from './account.ts';
import { authCalls } from './auth.ts';

/**
 * Every call of the API, by name: the one table the server registers its routes from and the web calls through
 * (`apiRequest(routes.profile)`). Each domain's calls sit beside its schemas; paths and fields are the spec's.
 */
export const routes = {
  ...accountCalls,
  ...authCalls,
} as const;

export type RouteName = keyof typeof routes;
