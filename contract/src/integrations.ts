import { z } from 'zod';
import { userActivityData } from './learning.ts';
import { organizationUser, userFields } from './organization.ts';
import { personQualificationsData, QUALIFICATION_STATES } from './qualifications.ts';

/**
 * Integrations (issue 39): API tokens for an organization's other systems (MES, ERP, HR), which call `/api/v1/...`
 * with `Authorization: Bearer <token>`, and signed webhooks to their endpoints.
 */

/** What a token may do: each `/api/v1` call needs one scope. */
export const API_SCOPES = ['read_users', 'read_progress', 'read_qualifications', 'write_users'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'member.created',
  'member.deactivated',
  'certificate.issued',
  'qualification.changed',
  'check.passed',
  'video.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event "send test event" delivers (to the one endpoint, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers of a webhook delivery (docs/integrations.md: how to verify the signature). */
export const WEBHOOK_HEADERS = { signature: 'x-mm-signature', timestamp: 'x-mm-timestamp', event: 'x-mm-event', delivery: 'x-mm-delivery' } as const;

export const INTEGRATIONS_MESSAGES = {
  tokenNotFound: 'No such API token in your organization.',
  endpointNotFound: 'No such webhook endpoint in your organization.',
  httpsOnly: 'The endpoint must be an https:// address.',
  privateAddress: 'The endpoint resolves to a private, loopback or link-local address: refused.',
  unresolvable: 'The endpoint’s host name could not be resolved.',
  missingScope: 'This API token lacks the scope this call needs.',
  badToken: 'Unknown or revoked API token.',
  tooManyCalls: 'Too many calls with this API token: wait a minute.',
  badgeUnknown: 'No such badge in your organization.',
  stationUnknown: 'No such station in your organization.',
} as const;

const isoTime = z.string().nullable();

export const apiTokenSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's last characters, to tell tokens apart. */
  hint: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  last_used_at: isoTime,
  revoked_at: isoTime,
});
export type ApiTokenSummary = z.infer<typeof apiTokenSummary>;
export const apiTokensData = z.array(apiTokenSummary);

export const createApiTokenRequest = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(100),
  scopes: z.array(z.enum(API_SCOPES)).min(1, 'Choose at least one scope.').max(API_SCOPES.length),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequest>;
/** The token itself is answered once, here; only its hash is kept. */
export const createApiTokenData = apiTokenSummary.extend({ token: z.string() });

export const webhookEndpointSummary = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
});
export const webhookEndpointsData = z.array(webhookEndpointSummary);
export const createWebhookEndpointRequest = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event.').max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointRequest>;
/** The signing secret is answered once, at registration. */
export const createWebhookEndpointData = webhookEndpointSummary.extend({ secret: z.string() });

export const webhookDelivery = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  response_status: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: isoTime,
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesData = z.array(webhookDelivery);

/* xAPI: statements of the organization's learning sent to its Learning Record Store (docs/integrations.md). */

export const XAPI_MESSAGES = {
  notConfigured: 'No Learning Record Store is set up for your organization.',
  secretRequired: 'Enter the LRS secret (password).',
  noKey: 'xAPI is not available on this platform: its operator has not set SSO_SECRET_KEY.',
  switchedOff: 'Switch statements on to send a test statement.',
} as const;

/** The verbs the platform states (ADL vocabulary). */
export const XAPI_VERBS = ['experienced', 'completed', 'passed', 'failed'] as const;
export type XapiVerb = (typeof XAPI_VERBS)[number];

/** The LRS settings as the super user sees them: never the secret, only whether one is kept. */
export const xapiSettingsData = z.object({
  configured: z.boolean(),
  endpoint: z.string(),
  username: z.string(),
  has_secret: z.boolean(),
  enabled: z.boolean(),
  /** The `homePage` of every statement's actor account (the platform's public URL); the account's `name` is the member's id. */
  actor_home_page: z.string(),
  updated_at: isoTime,
});
export type XapiSettingsData = z.infer<typeof xapiSettingsData>;

export const saveXapiSettingsRequest = z.object({
  /** The LRS's xAPI base (statements are sent to `<endpoint>/statements`). */
  endpoint: z.string().trim().min(1, 'Enter the LRS endpoint.').max(2000),
  /** The LRS key (basic-auth user name). */
  username: z.string().trim().min(1, 'Enter the LRS key (user name).').max(200),
  /** The LRS secret (basic-auth password); empty keeps the one already kept. */
  secret: z.string().max(500).optional(),
  enabled: z.boolean(),
});
export type SaveXapiSettingsRequest = z.infer<typeof saveXapiSettingsRequest>;

export const xapiDelivery = z.object({
  id: z.number(),
  /** The statement's id (a UUID derived from the fact: the same on every retry, so the LRS keeps it once). */
  statement_id: z.string(),
  verb: z.string(),
  object_id: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  response_status: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: isoTime,
});
export type XapiDelivery = z.infer<typeof xapiDelivery>;
export const xapiDeliveriesData = z.array(xapiDelivery);

/* The integration calls (/api/v1), answered to an API token. */

export const v1MembersData = z.array(organizationUser);
export const v1MemberProgressData = userActivityData;
export const v1MemberQualificationsData = personQualificationsData;
export const v1CreateMemberRequest = userFields;
export const v1StationClearanceQuery = z.object({
  /** The person's badge code as printed (`MMB1-<id>-<signature>`). */
  badge: z.string().trim().min(1).max(200),
});
export const v1StationClearanceData = z.object({
  cleared: z.boolean(),
  user_id: z.number(),
  station_id: z.number(),
  /** The person's state at the station, as the matrix shows it (the clock applied); null when not assigned there. */
  state: z.enum(QUALIFICATION_STATES).nullable(),
  reason: z.string(),
  /** Until when the answer holds: the qualification's expiry when cleared (null: no expiry, or not cleared). */
  until: isoTime,
});
export type V1StationClearanceData = z.infer<typeof v1StationClearanceData>;
