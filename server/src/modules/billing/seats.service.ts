import type { Db, DbTransaction } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { countOrganizationMembers, findOrganizationSubscription, lockOrganizationSeats } from './billing.queries.ts';
import { DEFAULT_SEATS } from './billing.service.ts';

export type SeatCount = { seats: number; inUse: number; free: number };

/**
 * The one seat rule (billing decision "Seats": the plan's no_of_account counts every live account of the
 * organization, the super user and not yet accepted invitations included), for every way a person is added.
 * The count and the inserts run in one transaction that first locks the organization's row (PostgreSQL; SQLite
 * has one writer at a time and the count is inside the write transaction), so parallel additions wait for each
 * other instead of all counting the same free seats.
 */
export async function addWithinSeats<T>(
  db: Db,
  organizationId: number,
  adding: number,
  refusal: (count: SeatCount) => string,
  add: (trx: DbTransaction) => Promise<T>,
): Promise<T> {
  return withSeatsCounted(db, organizationId, (trx, count) => {
    if (adding > count.free) throw conflict(refusal(count));
    return add(trx);
  });
}

/** The seats of the organization as they stand (a preview's figure: only withSeatsCounted holds them). */
export async function seatCount(db: Db, organizationId: number): Promise<SeatCount> {
  const [subscription, inUse] = await Promise.all([findOrganizationSubscription(db, organizationId), countOrganizationMembers(db, organizationId)]);
  const seats = subscription?.plan_no_of_account ?? DEFAULT_SEATS;
  return { seats, inUse, free: Math.max(0, seats - inUse) };
}

/**
 * The seat count held for `work`: the organization's row locked first, then counted, in one transaction that `work`
 * continues (the CSV import decides how many it adds only once it has checked its rows under the lock).
 */
export async function withSeatsCounted<T>(db: Db, organizationId: number, work: (trx: DbTransaction, count: SeatCount) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOrganizationSeats(trx, organizationId))) throw badRequest(`There is no organization ${organizationId}.`);
    return work(trx, await seatCount(trx, organizationId));
  });
}
