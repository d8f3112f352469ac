import type { Db } from '../../db/client.ts';
import type { Caller } from '../auth/index.ts';
import { findAccessSubscription } from './subscription.queries.ts';

/**
 * True when the caller's organization has a trialing or active subscription in its period: its members may watch and
 * share. A signed-in caller brought the answer with its session; a caller the server made up is asked for here.
 */
export async function organizationHasAccess(db: Db, caller: Pick<Caller, 'organizationId' | 'organizationHasAccess'>): Promise<boolean> {
  if (caller.organizationHasAccess !== undefined) return caller.organizationHasAccess;
  if (caller.organizationId === null) return false;
  return (await findAccessSubscription(db, caller.organizationId)) !== undefined;
}
