import { SSO_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { type ForgedProvider, type OidcProvider, signInAtProvider, startForgedProvider, startOidcProvider } from '../../../test/oidc-servers.ts';

let platform: TestPlatform;
let provider: OidcProvider;
let forged: ForgedProvider;
let redirectUri: string;

beforeAll(async () => {
  platform = await startPlatform();
  redirectUri = `${platform.url}/sso/callback`;
  provider = await startOidcProvider(redirectUri);
  forged = await startForgedProvider();
});
afterAll(async () => {
  await provider.close();
  await forged.close();
  await platform.close();
});

let domains = 0;
const freshDomain = () => `plant${process.pid}x${++domains}.test`;

const count = async (table: 'users' | 'sessions' | 'sso_identities') =>
  Number(
    (
      await platform.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An organization whose super user configured a connection to `issuer` for a domain of its own. */
async function configured(name: string, issuer: string, extra: Record<string, unknown> = {}) {
  const org = await organizationWithMembers(platform, name);
  const domain = freshDomain();
  const saved = await platform.api('PUT', '/api/sso/connection', {
    token: org.superUser.token,
    json: { issuer, client_id: provider.clientId, client_secret: provider.clientSecret, domains: [domain], password_sign_in: true, ...extra },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { ...org, domain };
}

async function start(email: string) {
  const res = await platform.api('POST', '/api/sso/start', { json: { email } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { url: string; browser_key: string };
}

const finish = (search: string, browserKey: string) => platform.api('POST', '/api/sso/finish', { json: { search, browser_key: browserKey } });

describe('OpenID Connect sign-in through a real provider', () => {
  it('creates the member at the first sign-in, within the organization, and reuses it later (matched by subject)', async () => {
    const org = await configured('Acme OIDC', provider.issuer, { team_claim: 'department' });
    const email = `ada@${org.domain}`;
    provider.accounts.set('ada-subject', { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace', department: 'Assembly' });

    const usersBefore = await count('users');
    const first = await start(email);
    const url = new URL(first.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const signedIn = await finish(await signInAtProvider(first.url, redirectUri, 'ada-subject'), first.browser_key);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data).toMatchObject({ organization_id: org.organizationId, name: 'Ada', team: 'Assembly', is_super_user: 0 });
    expect(await count('users')).toBe(usersBefore + 1);

    // The session is a normal one: the profile answers with it.
    const profile = await platform.api('GET', '/api/profile', { token: signedIn.body.data.token });
    expect(profile.status).toBe(200);

    // The provider changes the e-mail: the subject still finds the same member, and no account is added.
    provider.accounts.set('ada-subject', { email: `ada.lovelace@${org.domain}`, email_verified: true, given_name: 'Ada' });
    const again = await start(email);
    const second = await finish(await signInAtProvider(again.url, redirectUri, 'ada-subject'), again.browser_key);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.user_id).toBe(signedIn.body.data.user_id);
    expect(await count('users')).toBe(usersBefore + 1);
  });

  it('links an existing member of the organization by e-mail instead of creating another', async () => {
    const org = await configured('Linked OIDC', provider.issuer);
    const email = `grace@${org.domain}`;
    const memberId = Number(
      (await platform.ctx.db.updateTable('users').set({ email }).where('id', '=', org.member.id).returning('id').executeTakeFirstOrThrow()).id,
    );
    provider.accounts.set('grace-subject', { email, email_verified: true });
    const flow = await start(email);
    const res = await finish(await signInAtProvider(flow.url, redirectUri, 'grace-subject'), flow.browser_key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user_id).toBe(memberId);
  });

  it('refuses a wrong state, a replayed answer and another browser, with no session', async () => {
    const org = await configured('State OIDC', provider.issuer);
    const email = `alan@${org.domain}`;
    provider.accounts.set('alan-subject', { email, email_verified: true });
    const sessions = await count('sessions');

    const flow = await start(email);
    const search = await signInAtProvider(flow.url, redirectUri, 'alan-subject');
    const tampered = new URLSearchParams(search);
    tampered.set('state', 'not-the-state');
    const wrongState = await finish(`?${tampered}`, flow.browser_key);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.error_messages).toContain(SSO_MESSAGES.flowExpired);

    const otherBrowser = await start(email);
    const otherSearch = await signInAtProvider(otherBrowser.url, redirectUri, 'alan-subject');
    expect((await finish(otherSearch, 'another-browser-key')).status).toBe(400);
    // Used once: the right browser cannot use it after a wrong try either.
    expect((await finish(otherSearch, otherBrowser.browser_key)).status).toBe(400);

    const good = await finish(search, flow.browser_key);
    expect(good.status).toBe(200);
    const replay = await finish(search, flow.browser_key);
    expect(replay.status).toBe(400);
    expect(await count('sessions')).toBe(sessions + 1);
  });

  it('answers the provider’s refusal clearly', async () => {
    const org = await configured('Refusal OIDC', provider.issuer);
    const flow = await start(`x@${org.domain}`);
    const state = new URL(flow.url).searchParams.get('state')!;
    const res = await finish(`?error=access_denied&error_description=End-User+aborted&state=${state}`, flow.browser_key);
    expect(res.status).toBe(400);
    expect(res.body.error_messages).toContain('access_denied');
  });
});

describe('deleting the connection', () => {
  it('a super user deletes it: no more company-account sign-in, password sign-in back on', async () => {
    const org = await configured('Deleted OIDC', provider.issuer, { password_sign_in: false });
    expect((await platform.api('DELETE', '/api/sso/connection', { token: org.member.token })).status).toBe(403);
    const deleted = await platform.api('DELETE', '/api/sso/connection', { token: org.superUser.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ configured: false, issuer: '', domains: [], password_sign_in: true });
    expect((await platform.api('POST', '/api/sso/start', { json: { email: `x@${org.domain}` } })).status).toBe(404);
    const again = await platform.api('GET', '/api/sso/connection', { token: org.superUser.token });
    expect(again.body.data.configured).toBe(false);
  });
});

describe('ID token validation (a provider answering forged tokens)', () => {
  let org: Awaited<ReturnType<typeof configured>>;
  beforeAll(async () => {
    org = await configured('Forged OIDC', forged.issuer);
  });

  async function tryToken(change: Record<string, unknown>, signing: 'good' | 'none' | 'other-key' = 'good') {
    const email = `eve${domains}@${org.domain}`;
    const flow = await start(email);
    const nonce = new URL(flow.url).searchParams.get('nonce');
    const state = new URL(flow.url).searchParams.get('state');
    const t = Math.floor(Date.now() / 1000);
    forged.next(
      { iss: forged.issuer, aud: provider.clientId, sub: 'eve-subject', email, email_verified: true, nonce, iat: t, exp: t + 300, ...change },
      signing,
    );
    return finish(`?code=forged-code&state=${state}`, flow.browser_key);
  }

  it('accepts a well-formed token (the refusals below are each for one fault)', async () => {
    const res = await tryToken({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  for (const [fault, change, signing] of [
    ['a wrong nonce', { nonce: 'another-nonce' }, 'good'],
    ['another issuer', { iss: 'https://evil.example' }, 'good'],
    ['another audience', { aud: 'someone-else' }, 'good'],
    ['an expired token', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }, 'good'],
    ['an unsigned token (alg none)', {}, 'none'],
    ['a token signed with another key', {}, 'other-key'],
  ] as const) {
    it(`refuses ${fault} with a 401 and no session`, async () => {
      const [users, sessions] = [await count('users'), await count('sessions')];
      const res = await tryToken({ ...change, sub: `eve-${fault}` }, signing);
      expect(res.status).toBe(401);
      expect(res.body.error_messages).toContain(SSO_MESSAGES.tokenRefused);
      expect([await count('users'), await count('sessions')]).toEqual([users, sessions]);
    });
  }

  it('refuses an e-mail outside the organization’s domains, and one of another organization’s member', async () => {
    const other = await organizationWithMembers(platform, 'Other Plant');
    const wrongDomain = await tryToken({ sub: 'mallory-1', email: other.member.email });
    expect(wrongDomain.status).toBe(403);
    expect(wrongDomain.body.error_messages).toContain(SSO_MESSAGES.wrongDomain);

    const email = `taken@${org.domain}`;
    await platform.ctx.db.updateTable('users').set({ email }).where('id', '=', other.member.id).execute();
    const taken = await tryToken({ sub: 'mallory-2', email });
    expect(taken.status).toBe(409);
    expect(taken.body.error_messages).toContain(SSO_MESSAGES.otherOrganization);
  });

  it('creates nobody beyond the seats', async () => {
    const full = await configured('Full Plant', forged.issuer);
    await giveSeats(platform, full.organizationId, 2);
    const email = `newcomer@${full.domain}`;
    const flow = await start(email);
    const url = new URL(flow.url);
    const t = Math.floor(Date.now() / 1000);
    forged.next({ iss: forged.issuer, aud: provider.clientId, sub: 'newcomer', email, nonce: url.searchParams.get('nonce'), iat: t, exp: t + 300 });
    const users = await count('users');
    const res = await finish(`?code=c&state=${url.searchParams.get('state')}`, flow.browser_key);
    expect(res.status).toBe(409);
    expect(res.body.error_messages).toContain(SSO_MESSAGES.seatsFull);
    expect(await count('users')).toBe(users);
  });
});

describe('the connection', () => {
  it('stores the client secret sealed and never answers it', async () => {
    const org = await configured('Secret Plant', provider.issuer);
    const row = await platform.ctx.db.selectFrom('sso_connections').selectAll().where('organization_id', '=', org.organizationId).executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(provider.clientSecret);
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    const read = await platform.api('GET', '/api/sso/connection', { token: org.superUser.token });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(provider.clientSecret);
    expect(read.body.data).toMatchObject({ configured: true, has_client_secret: true, domains: [org.domain], redirect_uri: redirectUri });

    // Saved again without a secret: the stored one is kept (the provider still accepts the sign-in).
    const resaved = await platform.api('PUT', '/api/sso/connection', {
      token: org.superUser.token,
      json: { issuer: provider.issuer, client_id: provider.clientId, domains: [org.domain], password_sign_in: true },
    });
    expect(resaved.status).toBe(200);
    expect(JSON.stringify(resaved.body)).not.toContain(provider.clientSecret);
    provider.accounts.set('kept-secret', { email: `kept@${org.domain}`, email_verified: true });
    const flow = await start(`kept@${org.domain}`);
    expect((await finish(await signInAtProvider(flow.url, redirectUri, 'kept-secret'), flow.browser_key)).status).toBe(200);
  });

  it('is configured by a super user only', async () => {
    const org = await organizationWithMembers(platform, 'Members Plant');
    const body = { issuer: provider.issuer, client_id: 'x', client_secret: 'y', domains: [freshDomain()], password_sign_in: true };
    expect((await platform.api('GET', '/api/sso/connection')).status).toBe(401);
    expect((await platform.api('GET', '/api/sso/connection', { token: org.member.token })).status).toBe(403);
    expect((await platform.api('PUT', '/api/sso/connection', { token: org.member.token, json: body })).status).toBe(403);
  });

  it('refuses a domain another organization signs in with, bad input and an unreachable provider', async () => {
    const first = await configured('First Claim', provider.issuer);
    const second = await organizationWithMembers(platform, 'Second Claim');
    const base = { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret, password_sign_in: true };
    const taken = await platform.api('PUT', '/api/sso/connection', { token: second.superUser.token, json: { ...base, domains: [first.domain] } });
    expect(taken.status).toBe(409);
    expect(taken.body.error_messages).toContain(first.domain);
    expect((await platform.api('GET', '/api/sso/connection', { token: second.superUser.token })).body.data.configured).toBe(false);

    const badDomain = await platform.api('PUT', '/api/sso/connection', { token: second.superUser.token, json: { ...base, domains: ['not a domain'] } });
    expect(badDomain.status).toBe(400);
    const noSecret = await platform.api('PUT', '/api/sso/connection', {
      token: second.superUser.token,
      json: { ...base, client_secret: '', domains: [freshDomain()] },
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error_messages).toContain(SSO_MESSAGES.secretRequired);
    const unreachable = await platform.api('PUT', '/api/sso/connection', {
      token: second.superUser.token,
      json: { ...base, issuer: 'http://127.0.0.1:9/nothing', domains: [freshDomain()] },
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error_messages).toContain(SSO_MESSAGES.providerUnreachable);

    const unknown = await platform.api('POST', '/api/sso/start', { json: { email: `someone@${freshDomain()}` } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_messages).toContain(SSO_MESSAGES.noConnection);
  });

  it('with password sign-in off, members must use the company account; super users keep their password', async () => {
    const org = await configured('Password Off', provider.issuer, { password_sign_in: false });
    const member = await platform.api('POST', '/api/v4/login', { json: { email: org.member.email, password: STRONG_PASSWORD } });
    expect(member.status).toBe(403);
    expect(member.body.error_messages).toContain(SSO_MESSAGES.passwordOff);
    expect(await signIn(platform, org.superUser.email)).toBeTruthy();
  });
});

describe('an identity provider on a private address', () => {
  it('is refused before any request reaches it where private providers are not allowed (production), and nothing is saved', async () => {
    const guarded = await startPlatform({ SSO_ALLOW_PRIVATE: 'false', SSO_ALLOW_HTTP: 'true' });
    try {
      const org = await organizationWithMembers(guarded, 'Private Provider');
      const before = provider.requests();
      const saved = await guarded.api('PUT', '/api/sso/connection', {
        token: org.superUser.token,
        json: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret, password_sign_in: true, domains: [freshDomain()] },
      });
      expect(saved.status).toBe(400);
      expect(saved.body.error_messages).toBe(SSO_MESSAGES.providerPrivate);
      // The provider never heard of it: not even its discovery document was asked for.
      expect(provider.requests()).toBe(before);
      expect((await guarded.api('GET', '/api/sso/connection', { token: org.superUser.token })).body.data.configured).toBe(false);
      // Cloud metadata and loopback, by name or by address, are refused the same way.
      for (const issuer of ['http://169.254.169.254/latest', 'http://localhost:9/x', 'http://[::1]:9/x']) {
        const refused = await guarded.api('PUT', '/api/sso/connection', {
          token: org.superUser.token,
          json: { issuer, client_id: 'x', client_secret: 'y', password_sign_in: true, domains: [freshDomain()] },
        });
        expect([issuer, refused.status, refused.body.error_messages]).toEqual([issuer, 400, SSO_MESSAGES.providerPrivate]);
      }
    } finally {
      await guarded.close();
    }
  });
});
