import { z } from 'zod';
import { sessionData } from './auth.ts';
import { EMAIL_SHAPE } from './messages.ts';

/** Single sign-on per organization (issue 39): an OpenID Connect connection a super user configures. */

export const SSO_MESSAGES = {
  saved: 'The single sign-on connection is saved.',
  noConnection: 'Your organization does not use single sign-on with this e-mail domain. Sign in with your password.',
  domainShape: 'Each domain must look like example.com.',
  domainsRequired: 'Add at least one e-mail domain your people sign in with.',
  domainTaken: 'Another organization already signs in with this e-mail domain:',
  secretRequired: 'Enter the client secret the identity provider gave you.',
  issuerShape: 'The issuer must be an https:// address (http:// only for a local test provider outside production).',
  providerUnreachable: 'The identity provider could not be reached or did not describe itself. Check the issuer address.',
  providerPrivate:
    'The identity provider is on a private network address, which this platform does not call. Use its public address, or ask the operator to allow private providers.',
  flowExpired: 'This sign-in was not started here or has expired. Please start again from the sign-in page.',
  providerRefused: 'The identity provider refused the sign-in:',
  tokenRefused: 'The identity provider’s answer could not be verified, so you are not signed in. Please try again or ask your IT department.',
  noEmail: 'The identity provider did not give a verified e-mail address for your account, so no account can be made for you.',
  accountRemoved: 'Your account was removed from your organization. Ask your super user.',
  wrongDomain: 'Your company account’s e-mail domain is not one your organization signs in with.',
  otherOrganization: 'This e-mail address belongs to an account of another organization. Ask your super user.',
  seatsFull: 'Your organization has no free seat for a new account. Ask your super user to add seats.',
  passwordOff: 'Your organization signs in with its company account: use “Continue with your company account”.',
  deleted: 'The single sign-on connection is deleted. Your members sign in with their password again.',
  noConnectionToDelete: 'Your organization has no single sign-on connection.',
  metadataRequired: 'Give the identity provider’s metadata address or paste its metadata XML.',
  metadataUnreadable:
    'The identity provider’s metadata could not be read: it needs its entity id, a single sign-on address (HTTP-Redirect) and a signing certificate.',
  metadataUnreachable: 'The identity provider’s metadata address could not be read. Check the address, or paste the metadata XML instead.',
  samlRefused: 'The identity provider’s SAML answer could not be verified, so you are not signed in. Please start again or ask your IT department.',
} as const;

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, SSO_MESSAGES.domainShape);

/** The connection as its settings page shows it: never the client secret, only whether one is stored. */
export const ssoConnectionData = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  password_sign_in: z.boolean(),
  team_claim: z.string().nullable(),
  /** What to register at the identity provider as the sign-in redirect address. */
  redirect_uri: z.string(),
  /** OpenID Connect or SAML 2.0 (what is configured; 'oidc' when nothing is). */
  protocol: z.enum(['oidc', 'saml']),
  /** The SAML identity provider as read from its metadata; null for an OpenID Connect connection or none. */
  saml: z
    .object({
      entity_id: z.string(),
      sso_url: z.string(),
      /** The metadata address it was read from; null when the metadata was pasted. */
      metadata_url: z.string().nullable(),
      /** When the signing certificate stops being valid (ms), to warn before it does. */
      certificate_expires_at: z.number().nullable(),
    })
    .nullable(),
  /** What to register at a SAML identity provider: this platform as a service provider for the organization. */
  service_provider: z.object({ entity_id: z.string(), acs_url: z.string(), metadata_url: z.string() }),
});
export type SsoConnectionData = z.infer<typeof ssoConnectionData>;

export const saveSsoConnectionRequest = z.object({
  issuer: z.string().trim().min(1, SSO_MESSAGES.issuerShape).max(500).url(SSO_MESSAGES.issuerShape),
  client_id: z.string().trim().min(1, 'Enter the client id.').max(255),
  /** Empty or left out: keep the stored secret. */
  client_secret: z.string().max(1000).optional(),
  domains: z.array(domain).min(1, SSO_MESSAGES.domainsRequired).max(20),
  password_sign_in: z.boolean(),
  team_claim: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_.:/-]*$/, 'The team claim is a claim name such as department.')
    .nullable()
    .optional(),
});
export type SaveSsoConnectionRequest = z.infer<typeof saveSsoConnectionRequest>;

const EMPTY_TO_UNDEFINED = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A SAML connection: the identity provider's metadata, by address or pasted (one of the two). */
export const saveSamlConnectionRequest = z.object({
  metadata_url: z.preprocess(EMPTY_TO_UNDEFINED, z.string().trim().max(1000).url(SSO_MESSAGES.metadataRequired).optional()),
  metadata_xml: z.preprocess(EMPTY_TO_UNDEFINED, z.string().max(200_000).optional()),
  domains: z.array(domain).min(1, SSO_MESSAGES.domainsRequired).max(20),
  password_sign_in: z.boolean(),
  /** The SAML attribute whose value names the member's team at their first sign-in. */
  team_claim: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_.:/-]*$/, 'The team attribute is an attribute name such as department.')
    .nullable()
    .optional(),
});
export type SaveSamlConnectionRequest = z.infer<typeof saveSamlConnectionRequest>;

/** The identity provider's form post to the assertion consumer service (HTTP-POST binding). */
export const samlAcsRequest = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(1000).optional() });
export const samlOrganizationParams = z.object({ organization: z.coerce.number().int().positive() });

export const ssoStartRequest = z.object({ email: z.string().trim().toLowerCase().max(254).regex(EMAIL_SHAPE, 'Please enter a valid e-mail address.') });
export type SsoStartRequest = z.infer<typeof ssoStartRequest>;

/** Where to send the browser, and the secret this browser keeps until it comes back (binds the answer to it). */
export const ssoStartData = z.object({ url: z.string(), browser_key: z.string() });

export const ssoFinishRequest = z.object({
  /** The query string the identity provider sent the browser back with (`?code=...&state=...`). */
  search: z.string().max(8000),
  browser_key: z.string().min(1).max(200),
});
export type SsoFinishRequest = z.infer<typeof ssoFinishRequest>;

export const ssoFinishData = sessionData;

/** The web page the identity provider sends people back to (the redirect address registered there). */
export const SSO_CALLBACK_PATH = '/sso/callback';
