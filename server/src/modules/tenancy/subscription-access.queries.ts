import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The one rule of an organization's access, at `t`: a subscription trialing or active, within its period. Billing
 * reads its access subscription with it and the session lookup (auth) reads it with every signed-in request, so it
 * lives below both (billing imports auth).
 */
export function subscriptionGivesAccess(eb: ExpressionBuilder<Database, 'subscriptions'>, t: number) {
  return eb.and([eb('subscriptions.status', 'in', ['trialing', 'active']), eb('subscriptions.current_period_end', '>', t)]);
}

/** True (1 on SQLite) when the user's organization has a subscription giving access at `t`: a column of a query on `users`. */
export function organizationHasAccessColumn(eb: ExpressionBuilder<Database, 'users'>, t: number) {
  return eb
    .exists(
      eb
        .selectFrom('subscriptions')
        .select('subscriptions.id')
        .whereRef('subscriptions.organization_id', '=', 'users.organization_id')
        .where((sub) => subscriptionGivesAccess(sub, t)),
    )
    .as('organization_has_access');
}
