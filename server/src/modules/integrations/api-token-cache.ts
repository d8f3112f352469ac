import type { ChangeListener } from '../../db/change-notices.ts';
import { createKeptRows } from '../../db/kept-rows.ts';
import type { ApiTokenRow } from './integrations.queries.ts';

/** A live API token as an instance keeps it, with when it was read from the database. */
export type KeptApiToken = ApiTokenRow & { readAt: number };

/** How long a kept token is used before it is read again; a revocation drops it on every instance at once. */
export const API_TOKEN_FRESHNESS_MS = 5000;
/** Tokens kept per instance (an organization has a few; a few hundred bytes each). */
const KEPT_API_TOKENS = 10_000;

export type ApiTokenCache = ReturnType<typeof createApiTokenCache>;

/**
 * Live API tokens kept per instance by hash (issue 39: the MES's clearance call read its token on every call). A
 * revocation announces `api-token:<id>`, an organization's removal `organization:<id>`: both drop it everywhere.
 */
export function createApiTokenCache(changes: ChangeListener) {
  return createKeptRows<KeptApiToken>(changes, {
    freshness: API_TOKEN_FRESHNESS_MS,
    size: KEPT_API_TOKENS,
    namedBy: (token, kind, id) => (kind === 'api-token' && token.id === id) || (kind === 'organization' && token.organization_id === id),
  });
}
