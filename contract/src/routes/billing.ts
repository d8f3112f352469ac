import { z } from 'zod';
import { sessionData } from '../auth.ts';
import {
  acceptInvitationRequest,
  cancelSubscriptionRequest,
  checkoutData,
  checkoutRequest,
  confirmPaymentData,
  confirmPaymentRequest,
  paymentState,
  registerMembersData,
  registerMembersRequest,
  subscriptionPlan,
  subscriptionRecord,
} from '../billing.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** Plans, checkout, subscriptions and invitations (member spec 7). */
export const billingRoutes = defineRoutes('billing', {
  subscriptionPlans: defineRoute({
    method: 'GET',
    path: '/api/subscription_plans',
    summary: 'The subscription plans on offer',
    answer: z.array(subscriptionPlan),
  }),
  /** The spec's method for the same read. */
  subscriptionPlansByPost: defineRoute({
    method: 'POST',
    path: '/api/subscription_plans',
    summary: "The subscription plans on offer (the spec's POST)",
    answer: z.array(subscriptionPlan),
  }),
  subscribedPlans: defineRoute({
    method: 'GET',
    path: '/api/subscribedPlans',
    summary: "The organization's subscriptions",
    answer: z.array(subscriptionRecord),
  }),
  subscribedPlansByPost: defineRoute({
    method: 'POST',
    path: '/api/subscribedPlans',
    summary: "The organization's subscriptions (the spec's POST)",
    answer: z.array(subscriptionRecord),
  }),
  getPayment: defineRoute({ method: 'GET', path: '/api/get-payment', summary: "The organization's payment state", answer: paymentState }),
  getPaymentByPost: defineRoute({
    method: 'POST',
    path: '/api/get-payment',
    summary: "The organization's payment state (the spec's POST)",
    answer: paymentState,
  }),
  createCheckoutSession: defineRoute({
    method: 'POST',
    path: '/api/create-checkout-session',
    summary: 'Start a checkout for a plan',
    body: checkoutRequest,
    answer: checkoutData,
    status: 201,
  }),
  subscriptionsPayment: defineRoute({
    method: 'POST',
    path: '/api/v4/subscriptions_payment',
    summary: "Confirm a checkout's payment on return",
    body: confirmPaymentRequest,
    answer: confirmPaymentData,
  }),
  cancelSubscription: defineRoute({
    method: 'POST',
    path: '/api/cancel/subscription',
    summary: "Cancel the organization's subscription",
    body: cancelSubscriptionRequest,
    answer: z.null(),
  }),
  registerMembers: defineRoute({
    method: 'POST',
    path: '/api/v4/register_members',
    summary: 'Invite members by e-mail',
    body: registerMembersRequest,
    answer: registerMembersData,
    status: 201,
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/accept-invitation',
    summary: 'Accept an invitation and set a password',
    body: acceptInvitationRequest,
    answer: sessionData,
  }),
  /** Stripe's events; the body is checked against its signature over the raw bytes. */
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    summary: "Stripe's event webhook (signed)",
    answer: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
});
