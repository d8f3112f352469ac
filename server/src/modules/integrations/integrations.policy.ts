import { type ApiScope, INTEGRATIONS_MESSAGES } from '@mm/contract';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';

/** Tokens and webhooks are managed by the organization's super users: answers their organization. */
export const integrationsOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);

/** What an `/api/v1` call knows of the token that makes it. */
export type ApiClient = { tokenId: number; organizationId: number; scopes: readonly ApiScope[]; createdBy: number | null };

/** Each `/api/v1` call needs one scope of its token. */
export function assertScope(client: ApiClient, scope: ApiScope): void {
  if (!client.scopes.includes(scope)) throw forbidden(INTEGRATIONS_MESSAGES.missingScope);
}
