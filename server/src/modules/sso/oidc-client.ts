import * as client from 'openid-client';
import type { Config } from '../../config/env.ts';
import { addressesOf, isPrivateAddress } from '../../lib/network-address.ts';

/**
 * The OpenID Connect relying party (openid-client): the provider's metadata from its discovery document, the
 * authorization request (code flow with PKCE S256, state and nonce) and the code's exchange, which validates the
 * ID token (signature against the provider's keys, issuer, audience, expiry, nonce) and the state.
 */

/** Seconds a call to the identity provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A provider whose address is not public, refused before any request reaches it (SSO_ALLOW_PRIVATE). */
class PrivateProviderRefused extends Error {}

/** Whether an error of openid-client came from that refusal (it wraps what its fetch throws). */
export function refusedAsPrivate(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e instanceof PrivateProviderRefused) return true;
  return false;
}

/**
 * fetch for the calls to identity providers when they must be public: every request (discovery, keys, token, userinfo)
 * first resolves its host and refuses one with a private, loopback or link-local address, so a super user's issuer
 * URL cannot make the platform call into its own network (SSRF).
 */
export const publicOnlyFetch: client.CustomFetch = async (url, options) => {
  const addresses = await addressesOf(new URL(url).hostname).catch(() => []);
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw new PrivateProviderRefused(new URL(url).hostname);
  return fetch(url, options as RequestInit);
};

export async function discover(config: Config, issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(config.sso.allowPrivate ? {} : { [client.customFetch]: publicOnlyFetch }),
    // The ID token's signature is checked against the provider's published keys even though it arrives over the
    // token endpoint's TLS (openid-client skips that check by default).
    execute: [client.enableNonRepudiationChecks, ...(config.sso.allowHttp ? [client.allowInsecureRequests] : [])],
  });
}

export type AuthorizationRequest = { url: string; state: string; nonce: string; codeVerifier: string };

export async function authorizationRequest(provider: client.Configuration, redirectUri: string, loginHint: string): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * The ID token's claims once the code is exchanged and everything is verified; throws otherwise. A provider that
 * keeps the e-mail (or the team claim) to its userinfo endpoint is asked there, for the same subject.
 */
export async function exchangeCode(
  provider: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  wanted: string[],
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  if (wanted.every((claim) => claim in claims) || !provider.serverMetadata().userinfo_endpoint) return claims;
  const userInfo = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
  return { ...userInfo, ...claims };
}
