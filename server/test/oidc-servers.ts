/// <reference path="./oidc-provider.d.ts" />
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.ts';

/**
 * Identity providers for the single sign-on tests, on free ports of this machine:
 * - `startOidcProvider`: a real OpenID Connect provider (oidc-provider, its own login and consent pages) with one
 *   confidential client and the accounts given;
 * - `startForgedProvider`: a provider whose token endpoint answers the ID token a test writes (wrong nonce,
 *   issuer, audience, expiry, algorithm or signature), to prove each is refused.
 */

export type TestAccount = { email: string; email_verified?: boolean; given_name?: string; family_name?: string; department?: string };

export type OidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** How many HTTP requests reached the provider so far (a refused call must reach it not at all). */
  requests: () => number;
  close: () => Promise<void>;
};

export async function startOidcProvider(redirectUri: string, accounts: Record<string, TestAccount> = {}): Promise<OidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'manufacturing-masters';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const known = new Map(Object.entries(accounts));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: async (_ctx, id) => {
      const account = known.get(id);
      return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'department'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let requests = 0;
  server.on('request', () => {
    requests += 1;
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: known,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Walks the provider's own pages as a browser would (cookies kept, forms submitted: the login form with the
 * account's id, then consent) and answers the query string it redirects back to `redirectUri` with.
 */
export async function signInAtProvider(authorizationUrl: string, redirectUri: string, login: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie } });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next.search;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(name!, value!);
    if (/name="login"/.test(html)) {
      fields.set('login', login);
      fields.set('password', 'any');
    }
    url = new URL(action, url).href;
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never redirected back');
}

export type ForgedProvider = {
  issuer: string;
  /** The ID token the token endpoint answers next: claims and how to sign them. */
  next: (claims: Record<string, unknown>, signing?: 'good' | 'none' | 'other-key') => void;
  close: () => Promise<void>;
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(claims: Record<string, unknown>, signing: 'good' | 'none' | 'other-key', key: KeyObject, otherKey: KeyObject): string {
  if (signing === 'none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'test-key' })}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256')
    .update(input)
    .sign(signing === 'good' ? key : otherKey)
    .toString('base64url');
  return `${input}.${signature}`;
}

export async function startForgedProvider(): Promise<ForgedProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let answer = { claims: {} as Record<string, unknown>, signing: 'good' as 'good' | 'none' | 'other-key' };
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const server = http.createServer((request, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.url === '/jwks') return json({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] });
    if (request.url === '/token' && request.method === 'POST') {
      request.resume();
      return request.on('end', () =>
        json({
          access_token: 'forged-access-token',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: jwt(answer.claims, answer.signing, privateKey, otherKey),
        }),
      );
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    issuer,
    next: (claims, signing = 'good') => {
      answer = { claims, signing };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
