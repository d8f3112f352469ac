import type { Db } from '../../db/client.ts';
import { findAccessSubscription } from './subscription.queries.ts';

/** True when the organization has a trialing or active subscription in its period: its members may watch and share. */
export async function organizationHasAccess(db: Db, organizationId: number | null): Promise<boolean> {
  if (organizationId === null) return false;
  return (await findAccessSubscription(db, organizationId)) !== undefined;
}
