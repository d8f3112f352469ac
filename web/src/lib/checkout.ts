import { routes } from '@mm/contract';
import { apiRequest } from './api-client.ts';

/** Plan 1 is the one the registration checkout starts (member spec, section 9). */
export const INITIAL_PLAN_ID = 1;

/**
 * Starts a checkout for a plan and returns the provider's page. Shared by registration and the plans
 * page. `{CHECKOUT_SESSION_ID}` is filled in by the provider, so /success-payment can have it confirmed.
 */
export async function createCheckout(userId: number, planId: number, accessToken?: string): Promise<string> {
  const origin = window.location.origin;
  const query = new URLSearchParams({ userId: String(userId), subscription_id: String(planId), payment_mode: 'subscription' });
  const body = {
    subscription_id: planId,
    successUrl: `${origin}/success-payment?${query}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/plans`,
  };
  return (await apiRequest(routes.createCheckoutSession, { body }, { accessToken })).data.url;
}
