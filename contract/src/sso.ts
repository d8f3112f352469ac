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
