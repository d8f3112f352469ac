import { z } from 'zod';
import type { RegisteredRoute } from '../../src/app.ts';

/**
 * What the attack suites (tenant matrix, fuzz) know about the server's routes: they are read from the
 * server's own registrations, so a new route is attacked without anyone writing a test for it.
 */
export type WalkedRoute = {
  method: string;
  url: string;
  /** The route's access rule: 'member' needs a session, 'public' and 'optional' do not, 'apiToken' needs an API token. */
  auth: 'member' | 'public' | 'optional' | 'apiToken';
  /** A non-GET route the read-only guest may call. */
  guestWrites: boolean;
  params: JsonSchema | null;
  query: JsonSchema | null;
  body: JsonSchema | null;
};

/**
 * Every route reachable without a session, with the reason it is. A route missing here that answers
 * without a session fails the matrix, so opening a route to the public is a reviewed decision.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'liveness probe, answers nothing about anyone',
  'GET /readyz': 'readiness probe for the load balancer: whether the database and the file store answer, nothing about anyone',
  'GET /metrics': 'Prometheus figures: only a direct loopback connection or the METRICS_TOKEN bearer (403/401 otherwise; the matrix sends X-Forwarded-For)',
  'GET /dev/outbox': 'development outbox: answers only on the machine itself and only without SMTP (not attacked: the attacker is remote)',
  'GET /dev/outbox/:id': 'development outbox message, same rule as the outbox',
  'POST /api/v4/login': 'signing in',
  'GET /api/guest_access': "the shared guest account's public credentials",
  'POST /api/v4/register': 'a visitor registers an organization',
  'GET /api/confirm-email': "the registration's confirmation links sent before the page: a redirect to it, changing nothing",
  'POST /api/confirm-email': "the confirmation page's button, by the link's one-time token",
  'GET /api/confirm-email/state': "the confirmation page on opening, by the link's one-time token (reads only)",
  'POST /api/forgotpassword': 'asking for a reset link (the link goes to the mailbox only)',
  'POST /api/reset-password': 'setting a password with a reset token',
  'GET /api/pages/list': 'public pages (terms, privacy)',
  'GET /api/faqs/list': 'public FAQ',
  'GET /api/landing': 'public landing page content',
  'GET /api/videos/share': 'a shared video opened by its share token',
  'GET /api/get_text_sharing_video': 'the public sharing text',
  'GET /api/certificates/verify/:code': 'anyone may verify a certificate by its code',
  'GET /api/subscription_plans': 'the public plans page',
  'POST /api/subscription_plans': 'the public plans page (POST twin of the spec)',
  'POST /api/accept-invitation': 'accepting an invitation with its token',
  'POST /api/payments/stripe/webhook': "the payment provider's webhook, checked by its signature",
  'GET /api/kiosk/roster': "a kiosk tablet's team roster (first names and faces only), by its revocable device token (header)",
  'POST /api/kiosk/sign-in': "a member's PIN sign-in on a kiosk tablet, by its device token; PINs limited per person and per kiosk",
  'GET /api/kiosk/practical-checks/stations':
    "the kiosk organization's stations with a checklist, the team's people assigned and who may sign them off (names only), by the tablet's device token",
  'POST /api/kiosk/practical-checks/photos': "a step's photo for a practical check (re-encoded picture), by the tablet's device token",
  'POST /api/kiosk/practical-checks':
    "a practical check observed on a kiosk, by the tablet's device token and confirmed by the operator's and the trainer's PINs (limited as sign-in)",
  'POST /api/kiosk/badge': "the kiosk team member a scanned badge names (signed code), by the tablet's device token; signs nobody in",
  'GET /media/:expires/:signature/:hash/*': 'media files, checked by their signed URL',
  'GET /media/:expires/:signature/uploads/:folder/:name':
    'question pictures and practical-check photos (issue 38), checked by the signed URL an authorized answer carried (403 forged or expired)',
  'GET /media/:expires/:signature/uploads/:folder/:owner/:name':
    "a studio script's step photos (issue 37), private to the organization: checked by the signed URL its authors' answers carried (403 forged or expired)",
  'GET /offline-checkout/:sessionRef': "the offline provider's checkout page, by its unguessable reference",
  'POST /offline-checkout/:sessionRef/confirm': "the offline provider's checkout page, by its unguessable reference",
  'POST /offline-checkout/:sessionRef/cancel': "the offline provider's checkout page, by its unguessable reference",
  'POST /api/sso/start': "the company-account sign-in: the e-mail's domain finds its organization's identity provider, nothing about anyone",
  'GET /api/sso/saml/:organization/metadata':
    "an organization's SAML service provider metadata (entity id, ACS): what its identity provider is given, nothing about anyone",
  'POST /api/sso/saml/:organization/acs':
    "the identity provider's signed SAML answer (form post): verified, then only a one-time code that the browser which started the sign-in must bring back",
  'POST /api/sso/finish': "the identity provider's answer, by a sign-in's one-time state bound to the browser that started it; the ID token verified",
  'POST /api/login/employee-number':
    'signing in with organization code + employee number + password (members without e-mail), throttled and locked out like the e-mail sign-in',
  'POST /api/account-setup': "a printed sheet's one-time set-up code, with its own organization code and employee number, sets the member's password",
  'GET /scim/v2/ServiceProviderConfig':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/ResourceTypes':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/Schemas':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/Users':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'POST /scim/v2/Users':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/Users/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'PUT /scim/v2/Users/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'PATCH /scim/v2/Users/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'DELETE /scim/v2/Users/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/Groups':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'POST /scim/v2/Groups':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'GET /scim/v2/Groups/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'PUT /scim/v2/Groups/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'PATCH /scim/v2/Groups/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'DELETE /scim/v2/Groups/:id':
    "the organization's identity provider over SCIM, by its SCIM bearer token (scim.policy.ts: a session is refused, another organization's token sees nothing)",
  'POST /api/sales-inquiry': 'the enterprise "talk to us" form of the plans page: one e-mail to SALES_EMAIL, at most 5 an hour per address',
};

/** Routes the remote attacker cannot reach at all (they refuse every address but the machine's own). */
export const LOCAL_ONLY_ROUTES = new Set(['GET /dev/outbox', 'GET /dev/outbox/:id']);

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** The JSON Schema (input side) of a route's zod schema; null when it has none. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function walkRoutes(routes: RegisteredRoute[]): WalkedRoute[] {
  return routes.flatMap((route) => {
    // Files served from disk (the web app's build, uploaded pictures) take nothing but their path: fastify-static's.
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return [];
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const config = (route.config ?? {}) as { auth?: WalkedRoute['auth']; guestWrites?: boolean };
    // Routes outside /api do not go through the session hook: they carry their own access (signatures, tokens).
    const auth = route.url.startsWith('/api/') ? (config.auth ?? 'member') : 'public';
    return methods.map((method) => ({
      method,
      url: route.url,
      auth,
      guestWrites: Boolean(config.guestWrites),
      params: jsonSchemaOf(schema.params),
      query: jsonSchemaOf(schema.querystring),
      body: jsonSchemaOf(schema.body),
    }));
  });
}

export const routeKey = (route: Pick<WalkedRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The names of a route's path parameters (`:id`, and `*` for a wildcard). */
export function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}

/** The route's URL with every parameter replaced by the value `valueFor` gives it. */
export function fillPath(url: string, valueFor: (name: string) => string): string {
  // Lone surrogates cannot be percent-encoded: they travel as U+FFFD, as a browser would send them.
  const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
  return url.replace(/:(\w+)|\*/g, (_all, name: string | undefined) => encodeURIComponent(wellFormed(valueFor(name ?? '*'))));
}

/** The branches of a union, or the schema itself. */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? (schema.allOf && schema.allOf.length === 1 ? schema.allOf : [schema]);
}

/** The first type a schema admits (ignoring null). */
export function typeOf(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
}

/** Field names that carry an id of some object: the attacker puts foreign ids there. */
export const looksLikeId = (name: string) => /(^id$|Id$|_id$|^userId|^orgId|^teamId|^team$)/.test(name);
