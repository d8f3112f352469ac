import { z } from 'zod';
import { EMAIL_SHAPE, SALES_FORM_LIMITS } from './messages.ts';
import type { WireInput } from './route.ts';

/** Amounts are in the currency's major unit (149 means $149.00). */
export const subscriptionPlan = z.object({
  subscription_id: z.number(),
  title: z.string(),
  price_id: z.string(),
  currency: z.string(),
  amount: z.number(),
  plan: z.number(),
  popular_status: z.number(),
  no_of_account: z.number(),
  description: z.string(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

export const subscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'cancelled', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** One payment (or trial start) of the organization, as /plans/me lists it; status fields are its subscription's. */
export const subscriptionRecord = z.object({
  user_subscription_id: z.number(),
  title: z.string(),
  created_at: z.string(),
  expiry_date: z.string(),
  no_of_account: z.number(),
  plan: z.number(),
  currency: z.string(),
  total_amount: z.number(),
  wallet_amount: z.number(),
  coupon_code: z.string().nullable(),
  coupon_amount: z.number(),
  amount: z.number(),
  payment_mode: z.string(),
  status: subscriptionStatus,
  auto_renew: z.number(),
  cancel_reason: z.string().nullable(),
  next_billing_date: z.string(),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;

export const currentSubscription = z.object({
  status: subscriptionStatus,
  title: z.string(),
  /** Accounts the plan includes, the super user included. */
  no_of_account: z.number(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string(),
  auto_renew: z.number(),
  cancel_reason: z.string().nullable(),
});

/** `data` is truthy when the organization has a trialing or active plan (member spec, section 7). */
export const paymentState = z.object({
  data: z.number(),
  subscription: currentSubscription.nullable(),
  /** 1 when the caller may see amounts and invoices and change the plan (the super user); members read the plan only. */
  manages_billing: z.number(),
});
export type PaymentState = z.infer<typeof paymentState>;

export const checkoutRequest = z.object({
  subscription_id: z.coerce.number().int().positive(),
  successUrl: z.string().trim().min(1).max(2000),
  cancelUrl: z.string().trim().min(1).max(2000),
  email: z.string().trim().max(254).optional(),
  ip: z.string().trim().max(64).optional(),
});
export type CheckoutRequest = WireInput<typeof checkoutRequest>;
export const checkoutData = z.object({ url: z.string() });
export type CheckoutData = z.infer<typeof checkoutData>;

/** The query of the success URL, posted back by /success-payment. */
export const confirmPaymentRequest = z.object({
  // Missing or blank: the organization's pending checkout is confirmed (the spec's return URL carries only userId,
  // subscription_id and payment_mode); without one the service answers PAYMENT_SESSION_MISSING in words.
  session_id: z.string().trim().max(255).default(''),
  userId: z.string().trim().max(20).optional(),
  subscription_id: z.string().trim().max(20).optional(),
  payment_mode: z.string().trim().max(30).optional(),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequest>;
export const confirmPaymentData = z.object({ is_super_user: z.number(), subscription: currentSubscription });
export type ConfirmPaymentData = z.infer<typeof confirmPaymentData>;

export const cancelSubscriptionRequest = z.object({ cancel_reason: z.string().trim().max(2000).default('') });
export type CancelSubscriptionRequest = WireInput<typeof cancelSubscriptionRequest>;

/** `emails` as a list (JSON), a JSON-encoded list or a comma-separated string (forms). */
export const registerMembersRequest = z.object({
  emails: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = v.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text);
        } catch {
          return v;
        }
      }
      return text ? text.split(',') : [];
    },
    z.array(z.string().max(254)).max(50),
  ),
  super_user_id: z.coerce.number().int().positive().optional(),
});
export type RegisterMembersRequest = WireInput<typeof registerMembersRequest>;
export const registerMembersData = z.object({
  invited: z.array(z.string()),
  already_registered: z.array(z.string()),
  invalid: z.array(z.string()),
});
export type RegisterMembersData = z.infer<typeof registerMembersData>;

export const acceptInvitationRequest = z.object({
  token: z.string().trim().min(1).max(255),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** No line breaks or other control characters in the one-line fields (they end up in an e-mail's subject). */
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} may have at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must be one line`);

/** The enterprise "talk to us" form of /plans: delivered to SALES_EMAIL. */
export const salesInquiryRequest = z.object({
  name: oneLine('Name', SALES_FORM_LIMITS.name),
  company: oneLine('Company', SALES_FORM_LIMITS.company),
  email: z
    .string()
    .trim()
    .max(SALES_FORM_LIMITS.email, `E-mail may have at most ${SALES_FORM_LIMITS.email} characters`)
    .regex(EMAIL_SHAPE, 'E-mail must be a valid e-mail address'),
  people: z.coerce
    .number({ error: 'People must be a number' })
    .int('People must be a whole number')
    .min(1, 'People must be at least 1')
    .max(SALES_FORM_LIMITS.people, `People may be at most ${SALES_FORM_LIMITS.people}`),
  message: z
    .string()
    .trim()
    .min(SALES_FORM_LIMITS.messageMin, `Message must be at least ${SALES_FORM_LIMITS.messageMin} characters`)
    .max(SALES_FORM_LIMITS.message, `Message may have at most ${SALES_FORM_LIMITS.message} characters`),
});
export type SalesInquiryRequest = WireInput<typeof salesInquiryRequest>;
/** The form once validated: trimmed texts, `people` a number. */
export type SalesInquiry = z.infer<typeof salesInquiryRequest>;
