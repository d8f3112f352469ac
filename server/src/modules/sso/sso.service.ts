import {
  type SaveSamlConnectionRequest,
  type SaveSsoConnectionRequest,
  type SessionData,
  SSO_CALLBACK_PATH,
  SSO_MESSAGES,
  type SsoConnectionData,
  type SsoFinishRequest,
  type SsoStartRequest,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { MINUTE, now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { type Caller, signInUser } from '../auth/index.ts';
import { passwordSignInAllowed, setPasswordSignIn } from '../tenancy/index.ts';
import { authorizationRequest, discover, exchangeCode, refusedAsPrivate } from './oidc-client.ts';
import { finishSamlSignIn, samlConnectionData, serviceProvider, startSamlSignIn } from './saml.service.ts';
import { fetchMetadata, MetadataAddressRefused, parseIdpMetadata } from './saml-client.ts';
import { ssoAdminOrganizationOf } from './sso.policy.ts';
import {
  type ConnectionRow,
  connectionOfDomain,
  deleteConnection as deleteConnectionRows,
  domainsOfOthers,
  findConnection,
  insertSignIn,
  organizationDomains,
  replaceDomains,
  takeSignIn,
  upsertConnection,
} from './sso.queries.ts';
import { emailDomain, issuerAllowed, providerError, sameHash } from './sso.rules.ts';
import { memberOf } from './sso-members.ts';

/** How long a person has at the identity provider before the sign-in they started expires. */
const SIGN_IN_LIFETIME = 10 * MINUTE;

const NO_KEY = 'Single sign-on is not available on this platform: its operator has not set SSO_SECRET_KEY.';

const redirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;

function secretKey(ctx: AppContext): string {
  if (!ctx.config.sso.secretKey) throw new AppError(503, NO_KEY);
  return ctx.config.sso.secretKey;
}

export async function connectionData(ctx: AppContext, organizationId: number, row: ConnectionRow | undefined): Promise<SsoConnectionData> {
  const oidc = row?.protocol === 'oidc' ? row : undefined;
  return {
    configured: row !== undefined,
    issuer: oidc?.issuer ?? '',
    client_id: oidc?.client_id ?? '',
    has_client_secret: oidc !== undefined,
    domains: await organizationDomains(ctx.db, organizationId),
    password_sign_in: await passwordSignInAllowed(ctx.db, organizationId),
    team_claim: row?.team_claim ?? null,
    redirect_uri: redirectUri(ctx),
    protocol: row?.protocol ?? 'oidc',
    saml: row?.protocol === 'saml' ? samlConnectionData(row) : null,
    service_provider: serviceProvider(ctx, organizationId),
  };
}

/**
 * Deletes the organization's connection, whichever its protocol, with its e-mail domains and the sign-ins under way;
 * password sign-in comes back on, as no other way in is left to its members. Members keep their accounts; the
 * identities linked stay, so a connection to the same provider saved again finds them.
 */
export async function deleteConnection(ctx: AppContext, caller: Caller): Promise<SsoConnectionData> {
  const organizationId = ssoAdminOrganizationOf(caller);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteConnectionRows(trx, organizationId))) throw notFound(SSO_MESSAGES.noConnectionToDelete);
    await setPasswordSignIn(trx, organizationId, true);
  });
  ctx.log.info({ event: 'sso_connection_deleted', organizationId }, 'sso connection deleted');
  return connectionData(ctx, organizationId, undefined);
}

export async function getConnection(ctx: AppContext, caller: Caller): Promise<SsoConnectionData> {
  const organizationId = ssoAdminOrganizationOf(caller);
  return connectionData(ctx, organizationId, await findConnection(ctx.db, organizationId));
}

/**
 * Saves the organization's connection once the provider answers its discovery document for this issuer: the
 * secret sealed (a blank one keeps the stored secret), the domains claimed for this organization alone.
 */
export async function saveConnection(ctx: AppContext, caller: Caller, input: SaveSsoConnectionRequest): Promise<SsoConnectionData> {
  const organizationId = ssoAdminOrganizationOf(caller);
  const key = secretKey(ctx);
  if (!issuerAllowed(input.issuer, ctx.config.sso.allowHttp)) throw badRequest(SSO_MESSAGES.issuerShape);
  const domains = [...new Set(input.domains)];
  const taken = await domainsOfOthers(ctx.db, organizationId, domains);
  if (taken.length > 0) throw conflict(`${SSO_MESSAGES.domainTaken} ${taken.join(', ')}.`);

  const existing = await findConnection(ctx.db, organizationId);
  const given = input.client_secret?.trim() ?? '';
  const secret = given !== '' ? given : existing?.protocol === 'oidc' ? unseal(key, existing.client_secret_sealed) : null;
  if (!secret) throw badRequest(SSO_MESSAGES.secretRequired);
  try {
    await discover(ctx.config, input.issuer, input.client_id, secret);
  } catch (error) {
    ctx.log.warn({ event: 'sso_discovery_failed', organizationId, reason: (error as Error).name }, 'sso discovery failed');
    throw badRequest(refusedAsPrivate(error) ? SSO_MESSAGES.providerPrivate : SSO_MESSAGES.providerUnreachable);
  }

  await ctx.db.transaction().execute(async (trx) => {
    await upsertConnection(trx, {
      organization_id: organizationId,
      issuer: input.issuer,
      client_id: input.client_id,
      client_secret_sealed: seal(key, secret),
      team_claim: input.team_claim?.trim() || null,
      protocol: 'oidc',
    });
    const refused = await replaceDomains(trx, organizationId, domains);
    if (refused.length > 0) throw conflict(`${SSO_MESSAGES.domainTaken} ${refused.join(', ')}.`);
    await setPasswordSignIn(trx, organizationId, input.password_sign_in);
  });
  ctx.log.info({ event: 'sso_connection_saved', organizationId, domains: domains.length }, 'sso connection saved');
  return connectionData(ctx, organizationId, await findConnection(ctx.db, organizationId));
}

/**
 * Saves the organization's connection as SAML 2.0 from the identity provider's metadata (read from its address, or
 * pasted): its entity id, single sign-on address and signing certificates. Replaces an OpenID Connect connection.
 */
export async function saveSamlConnection(ctx: AppContext, caller: Caller, input: SaveSamlConnectionRequest): Promise<SsoConnectionData> {
  const organizationId = ssoAdminOrganizationOf(caller);
  const domains = [...new Set(input.domains)];
  const taken = await domainsOfOthers(ctx.db, organizationId, domains);
  if (taken.length > 0) throw conflict(`${SSO_MESSAGES.domainTaken} ${taken.join(', ')}.`);
  const metadataUrl = input.metadata_url?.trim() || null;
  if (metadataUrl && !issuerAllowed(metadataUrl, ctx.config.sso.allowHttp)) throw badRequest(SSO_MESSAGES.metadataUnreachable);
  let xml = input.metadata_xml?.trim() ?? '';
  if (!xml && metadataUrl) {
    try {
      xml = await fetchMetadata(metadataUrl, ctx.config.sso.allowPrivate);
    } catch (error) {
      ctx.log.warn({ event: 'saml_metadata_unreachable', organizationId, reason: (error as Error).name }, 'saml metadata unreachable');
      throw badRequest(error instanceof MetadataAddressRefused ? SSO_MESSAGES.providerPrivate : SSO_MESSAGES.metadataUnreachable);
    }
  }
  if (!xml) throw badRequest(SSO_MESSAGES.metadataRequired);
  const idp = await parseIdpMetadata(xml);
  if (!idp || !issuerAllowed(idp.ssoUrl, ctx.config.sso.allowHttp)) throw badRequest(SSO_MESSAGES.metadataUnreadable);

  await ctx.db.transaction().execute(async (trx) => {
    await upsertConnection(trx, {
      organization_id: organizationId,
      protocol: 'saml',
      issuer: idp.entityId,
      client_id: '',
      client_secret_sealed: '',
      team_claim: input.team_claim?.trim() || null,
      saml_sso_url: idp.ssoUrl,
      saml_certificate: idp.certificates.join(''),
      saml_metadata_url: input.metadata_xml?.trim() ? null : metadataUrl,
    });
    const refused = await replaceDomains(trx, organizationId, domains);
    if (refused.length > 0) throw conflict(`${SSO_MESSAGES.domainTaken} ${refused.join(', ')}.`);
    await setPasswordSignIn(trx, organizationId, input.password_sign_in);
  });
  ctx.log.info({ event: 'sso_connection_saved', organizationId, protocol: 'saml', domains: domains.length }, 'sso connection saved');
  return connectionData(ctx, organizationId, await findConnection(ctx.db, organizationId));
}

/**
 * The providers discovered lately, per connection as saved (a new save, sealing the secret afresh, is another key):
 * a shift's sign-ins then read the discovery document and the signing keys once, not once per person.
 */
const discovered = new Map<string, { provider: Awaited<ReturnType<typeof discover>>; until: number }>();
const DISCOVERY_KEPT = 10 * MINUTE;

async function providerOf(ctx: AppContext, connection: ConnectionRow) {
  const kept = discovered.get(connection.client_secret_sealed);
  if (kept && kept.until > now()) return kept.provider;
  const secret = unseal(secretKey(ctx), connection.client_secret_sealed);
  if (!secret) throw new AppError(503, 'Your organization’s single sign-on needs its client secret entered again by a super user.');
  try {
    const provider = await discover(ctx.config, connection.issuer, connection.client_id, secret);
    for (const [key, entry] of discovered) if (entry.until <= now()) discovered.delete(key);
    discovered.set(connection.client_secret_sealed, { provider, until: now() + DISCOVERY_KEPT });
    return provider;
  } catch (error) {
    ctx.log.warn({ event: 'sso_discovery_failed', organizationId: connection.organization_id, reason: (error as Error).name }, 'sso discovery failed');
    throw new AppError(502, SSO_MESSAGES.providerUnreachable);
  }
}

/** "Continue with your company account": the e-mail's domain finds the organization's connection. */
export async function startSignIn(ctx: AppContext, input: SsoStartRequest): Promise<{ url: string; browser_key: string }> {
  const connection = await connectionOfDomain(ctx.db, emailDomain(input.email));
  if (!connection) throw notFound(SSO_MESSAGES.noConnection);
  if (connection.protocol === 'saml') return startSamlSignIn(ctx, connection);
  const provider = await providerOf(ctx, connection);
  const request = await authorizationRequest(provider, redirectUri(ctx), input.email);
  const browserKey = newToken();
  await insertSignIn(ctx.db, {
    state_hash: hashToken(request.state),
    organization_id: connection.organization_id,
    browser_key_hash: hashToken(browserKey),
    nonce: request.nonce,
    code_verifier_sealed: seal(secretKey(ctx), request.codeVerifier),
    expires_at: now() + SIGN_IN_LIFETIME,
  });
  return { url: request.url, browser_key: browserKey };
}

/**
 * The browser came back from the provider: the sign-in it started (state, used once, bound to this browser by its
 * key) is taken, the code exchanged and the ID token verified, and the member found by the provider's subject, else
 * by e-mail within the organization's domains, else created within the organization's seats.
 */
export async function finishSignIn(ctx: AppContext, input: SsoFinishRequest, userAgent?: string): Promise<SessionData> {
  const params = new URLSearchParams(input.search.startsWith('?') ? input.search.slice(1) : input.search);
  if (params.has('saml') || params.has('saml_error')) return finishSamlSignIn(ctx, params, input.browser_key, userAgent);
  const state = params.get('state');
  const signIn = state ? await takeSignIn(ctx.db, hashToken(state)) : undefined;
  if (!state || !signIn || !sameHash(signIn.browser_key_hash, hashToken(input.browser_key))) throw badRequest(SSO_MESSAGES.flowExpired);
  const refusal = providerError(params);
  if (refusal) throw badRequest(`${SSO_MESSAGES.providerRefused} ${refusal}`);

  const connection = await findConnection(ctx.db, signIn.organization_id);
  const codeVerifier = unseal(secretKey(ctx), signIn.code_verifier_sealed);
  if (connection?.protocol !== 'oidc' || !codeVerifier) throw badRequest(SSO_MESSAGES.flowExpired);
  const provider = await providerOf(ctx, connection);
  const callbackUrl = new URL(redirectUri(ctx));
  callbackUrl.search = params.toString();
  let claims: Record<string, unknown>;
  try {
    claims = await exchangeCode(provider, callbackUrl, { state, nonce: signIn.nonce, codeVerifier }, [
      'email',
      ...(connection.team_claim ? [connection.team_claim] : []),
    ]);
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    ctx.log.warn({ event: 'sso_token_refused', organizationId: connection.organization_id, reason: name, code }, 'sso token refused');
    throw unauthorized(SSO_MESSAGES.tokenRefused);
  }
  const user = await memberOf(ctx, connection, claims);
  ctx.log.info({ event: 'sso_sign_in', organizationId: connection.organization_id, userId: user.id }, 'sso sign-in');
  return signInUser(ctx, user, userAgent);
}
