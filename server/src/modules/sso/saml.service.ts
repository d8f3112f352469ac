import { type SessionData, SSO_CALLBACK_PATH, SSO_MESSAGES } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { signInUser } from '../auth/index.ts';
import {
  authnRequestUrl,
  certificatesExpireAt,
  type IdentityProvider,
  newRequestId,
  SAML_REQUEST_LIFETIME_MS,
  type ServiceProvider,
  serviceProviderMetadata,
  splitCertificates,
  verifyResponse,
} from './saml-client.ts';
import {
  type ConnectionRow,
  findConnection,
  findSamlRequest,
  insertSamlCode,
  insertSamlRequest,
  takeSamlCode,
  takeSamlRequest,
  useAssertion,
} from './sso.queries.ts';
import { sameHash, samlClaims } from './sso.rules.ts';
import { memberOf } from './sso-members.ts';

/** How long the browser has to bring the assertion consumer's one-time code to /api/sso/finish. */
const CODE_LIFETIME = 2 * MINUTE;

/** The platform as an organization's SAML service provider: its entity id is its metadata address. */
function spOf(ctx: AppContext, organizationId: number): ServiceProvider {
  const base = `${ctx.config.publicUrl}/api/sso/saml/${organizationId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** What the settings page shows to register at the identity provider. */
export function serviceProvider(ctx: AppContext, organizationId: number) {
  const sp = spOf(ctx, organizationId);
  return { entity_id: sp.entityId, acs_url: sp.acsUrl, metadata_url: sp.entityId };
}

export function identityProviderOf(row: ConnectionRow): IdentityProvider | null {
  if (row.protocol !== 'saml' || !row.saml_sso_url || !row.saml_certificate) return null;
  return { entityId: row.issuer, ssoUrl: row.saml_sso_url, certificates: splitCertificates(row.saml_certificate) };
}

export function samlConnectionData(row: ConnectionRow) {
  const idp = identityProviderOf(row);
  return {
    entity_id: row.issuer,
    sso_url: row.saml_sso_url ?? '',
    metadata_url: row.saml_metadata_url,
    certificate_expires_at: idp ? certificatesExpireAt(idp.certificates) : null,
  };
}

/** The service provider metadata an organization's identity provider is given (public: identity providers fetch it). */
export const samlMetadata = (ctx: AppContext, organizationId: number): string => serviceProviderMetadata(spOf(ctx, organizationId));

/** Starts a SAML sign-in: an AuthnRequest whose id is recorded with the browser that asked, answerable once in 10 minutes. */
export async function startSamlSignIn(ctx: AppContext, connection: ConnectionRow): Promise<{ url: string; browser_key: string }> {
  const idp = identityProviderOf(connection);
  if (!idp) throw badRequest(SSO_MESSAGES.noConnection);
  const id = newRequestId();
  const url = await authnRequestUrl(idp, spOf(ctx, connection.organization_id), id);
  const browserKey = newToken();
  const t = now();
  await insertSamlRequest(ctx.db, {
    id,
    organization_id: connection.organization_id,
    browser_key_hash: hashToken(browserKey),
    created_at: t,
    expires_at: t + SAML_REQUEST_LIFETIME_MS,
  });
  return { url, browser_key: browserKey };
}

/**
 * The assertion consumer service: the identity provider's form post is verified (signed assertion, audience,
 * recipient and destination, validity, an answer to a request we issued, taken once, an assertion never seen), and
 * the browser is sent to the web's /sso/callback with a one-time code; the session is opened only when that page
 * brings the code together with the browser key the sign-in started with (no login CSRF: a post made elsewhere
 * cannot be finished in another browser). A refusal sends the browser there with `saml_error` and writes nothing.
 */
export async function consumeAssertion(ctx: AppContext, organizationId: number, samlResponse: string): Promise<string> {
  const callback = `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;
  const refused = (reason: string) => {
    ctx.log.warn({ event: 'saml_assertion_refused', organizationId, reason: reason.slice(0, 200) }, 'saml assertion refused');
    return `${callback}?saml_error=refused`;
  };
  const connection = await findConnection(ctx.db, organizationId);
  const idp = connection ? identityProviderOf(connection) : null;
  if (!connection || !idp) return refused('no SAML connection');

  let taken: { browser_key_hash: string } | undefined;
  const remove = async (id: string) => {
    taken ??= await takeSamlRequest(ctx.db, organizationId, id);
  };
  let verified: Awaited<ReturnType<typeof verifyResponse>>;
  try {
    verified = await verifyResponse(idp, spOf(ctx, organizationId), samlResponse, {
      issued: async (id) => {
        const row = await findSamlRequest(ctx.db, organizationId, id);
        return row ? new Date(row.created_at) : null;
      },
      remove,
    });
    // node-saml removes an answered request on most paths; one it left is taken here. Taken by a parallel post: refused.
    await remove(verified.inResponseTo);
  } catch (error) {
    return refused((error as Error).message ?? 'invalid');
  }
  if (!taken) return refused('request already answered');
  if (!(await useAssertion(ctx.db, organizationId, verified.assertionId, verified.notOnOrAfter))) return refused('assertion replayed');

  const code = newToken();
  await insertSamlCode(ctx.db, {
    code_hash: hashToken(code),
    organization_id: organizationId,
    browser_key_hash: taken.browser_key_hash,
    profile: JSON.stringify({ issuer: idp.entityId, claims: samlClaims(verified.nameId, verified.attributes, connection.team_claim) }),
    expires_at: now() + CODE_LIFETIME,
  });
  return `${callback}?saml=${encodeURIComponent(code)}`;
}

/** /sso/callback brought the assertion consumer's code back from the browser that started: the member signs in. */
export async function finishSamlSignIn(ctx: AppContext, params: URLSearchParams, browserKey: string, userAgent?: string): Promise<SessionData> {
  if (params.has('saml_error')) throw unauthorized(SSO_MESSAGES.samlRefused);
  const code = params.get('saml') ?? '';
  const row = code ? await takeSamlCode(ctx.db, hashToken(code)) : undefined;
  if (!row || !sameHash(row.browser_key_hash, hashToken(browserKey))) throw badRequest(SSO_MESSAGES.flowExpired);
  const connection = await findConnection(ctx.db, row.organization_id);
  const { issuer, claims } = JSON.parse(row.profile) as { issuer: string; claims: Record<string, unknown> };
  // The connection changed in between (deleted, or another provider): the identity is no longer vouched for.
  if (connection?.protocol !== 'saml' || connection.issuer !== issuer) throw badRequest(SSO_MESSAGES.flowExpired);
  const user = await memberOf(ctx, { organization_id: row.organization_id, issuer, team_claim: connection.team_claim }, claims);
  ctx.log.info({ event: 'sso_sign_in', organizationId: row.organization_id, userId: user.id, protocol: 'saml' }, 'sso sign-in');
  return signInUser(ctx, user, userAgent);
}
