/** The billing module's public face: what other modules may use of it (they import nothing else of it). */

export { findOrganizationSubscription, findPlanByKey, settleOpenCheckout } from './billing.queries.ts';
export { confirmPayment, startCheckout } from './billing.service.ts';
export { runBillingClock } from './billing-clock.ts';
export { addWithinSeats, type SeatCount, seatCount, withSeatsCounted } from './seats.service.ts';
export { findAccessSubscription, startTrial } from './subscription.queries.ts';
export { organizationHasAccess } from './subscription-access.ts';
export { INVITATION_LIFETIME } from './team-members.service.ts';
