import { timingSafeEqual } from 'node:crypto';
import {
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
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { type Caller, signInUser } from '../auth/index.ts';
import { addWithinSeats } from '../billing/index.ts';
import { findTeam } from '../organization/index.ts';
import { organizationName, passwordSignInAllowed, setPasswordSignIn } from '../tenancy/index.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, type UserWithOrg } from '../users/index.ts';
import { authorizationRequest, discover, exchangeCode, refusedAsPrivate } from './oidc-client.ts';
import { ssoAdminOrganizationOf } from './sso.policy.ts';
import {
  type ConnectionRow,
  connectionOfDomain,
  domainsOfOthers,
  findConnection,
  findIdentityUser,
  insertSignIn,
  linkIdentity,
  organizationDomains,
  replaceDomains,
  takeSignIn,
  upsertConnection,
} from './sso.queries.ts';
import { claimedName, claimedTeamName, emailDomain, issuerAllowed, providerError } from './sso.rules.ts';

/** How long a person has at the identity provider before the sign-in they started expires. */
const SIGN_IN_LIFETIME = 10 * MINUTE;

const NO_KEY = 'Single sign-on is not available on this platform: its operator has not set SSO_SECRET_KEY.';

const redirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;

function secretKey(ctx: AppContext): string {
  if (!ctx.config.sso.secretKey) throw new AppError(503, NO_KEY);
  return ctx.config.sso.secretKey;
}

async function connectionData(ctx: AppContext, organizationId: number, row: ConnectionRow | undefined): Promise<SsoConnectionData> {
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? '',
    client_id: row?.client_id ?? '',
    has_client_secret: row !== undefined,
    domains: await organizationDomains(ctx.db, organizationId),
    password_sign_in: await passwordSignInAllowed(ctx.db, organizationId),
    team_claim: row?.team_claim ?? null,
    redirect_uri: redirectUri(ctx),
  };
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
  const secret = given !== '' ? given : existing ? unseal(key, existing.client_secret_sealed) : null;
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
    });
    const refused = await replaceDomains(trx, organizationId, domains);
    if (refused.length > 0) throw conflict(`${SSO_MESSAGES.domainTaken} ${refused.join(', ')}.`);
    await setPasswordSignIn(trx, organizationId, input.password_sign_in);
  });
  ctx.log.info({ event: 'sso_connection_saved', organizationId, domains: domains.length }, 'sso connection saved');
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

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The browser came back from the provider: the sign-in it started (state, used once, bound to this browser by its
 * key) is taken, the code exchanged and the ID token verified, and the member found by the provider's subject, else
 * by e-mail within the organization's domains, else created within the organization's seats.
 */
export async function finishSignIn(ctx: AppContext, input: SsoFinishRequest, userAgent?: string): Promise<SessionData> {
  const params = new URLSearchParams(input.search.startsWith('?') ? input.search.slice(1) : input.search);
  const state = params.get('state');
  const signIn = state ? await takeSignIn(ctx.db, hashToken(state)) : undefined;
  if (!state || !signIn || !sameHash(signIn.browser_key_hash, hashToken(input.browser_key))) throw badRequest(SSO_MESSAGES.flowExpired);
  const refusal = providerError(params);
  if (refusal) throw badRequest(`${SSO_MESSAGES.providerRefused} ${refusal}`);

  const connection = await findConnection(ctx.db, signIn.organization_id);
  const codeVerifier = unseal(secretKey(ctx), signIn.code_verifier_sealed);
  if (!connection || !codeVerifier) throw badRequest(SSO_MESSAGES.flowExpired);
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

async function memberOf(ctx: AppContext, connection: ConnectionRow, claims: Record<string, unknown>): Promise<UserWithOrg> {
  const organizationId = connection.organization_id;
  const subject = String(claims.sub);
  const linked = await findIdentityUser(ctx.db, organizationId, connection.issuer, subject);
  if (linked !== undefined) {
    const user = await findUserById(ctx.db, linked);
    if (!user || user.organization_id !== organizationId) throw forbidden(SSO_MESSAGES.accountRemoved);
    return user;
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified === false) throw forbidden(SSO_MESSAGES.noEmail);
  if (!(await organizationDomains(ctx.db, organizationId)).includes(emailDomain(email))) throw forbidden(SSO_MESSAGES.wrongDomain);
  const identity = { organization_id: organizationId, issuer: connection.issuer, subject };

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.organization_id !== organizationId) throw conflict(SSO_MESSAGES.otherOrganization);
    await linkIdentity(ctx.db, { ...identity, user_id: existing.id });
    return existing;
  }
  if (await emailTaken(ctx.db, email)) throw forbidden(SSO_MESSAGES.accountRemoved);

  const teamName = claimedTeamName(claims, connection.team_claim);
  const team = teamName ? await findTeam(ctx.db, organizationId, teamName) : undefined;
  const { name, lastName } = claimedName(claims, email);
  const company = await organizationName(ctx.db, organizationId);
  const userId = await addWithinSeats(
    ctx.db,
    organizationId,
    1,
    () => SSO_MESSAGES.seatsFull,
    async (trx) => {
      const id = await insertUser(trx, {
        organization_id: organizationId,
        team_id: team?.id ?? null,
        email,
        // No password: this member signs in through the company account.
        password_hash: null,
        name,
        last_name: lastName,
        company,
        role: null,
        picture: null,
        is_super_user: 0,
        is_guest: 0,
        timezone: null,
      });
      await linkIdentity(trx, { ...identity, user_id: id });
      await ctx.events.emit(trx, 'member.created', { at: now(), userId: id, organizationId });
      return id;
    },
  );
  ctx.log.info({ event: 'sso_member_created', organizationId, userId }, 'sso member created');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw forbidden(SSO_MESSAGES.accountRemoved);
  return user;
}
