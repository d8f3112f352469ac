import { SSO_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { authnRequestOf, idpMetadata, OTHER_CERT, type ResponseOptions, startSamlIdp, type TestIdp } from '../../../test/saml-idp.ts';

let platform: TestPlatform;
let idp: TestIdp;

beforeAll(async () => {
  platform = await startPlatform();
  idp = await startSamlIdp();
});
afterAll(async () => {
  await idp.close();
  await platform.close();
});

let domains = 0;
const freshDomain = () => `saml${process.pid}x${++domains}.test`;

const count = async (table: 'users' | 'sessions' | 'sso_identities' | 'saml_sign_in_codes') =>
  Number(
    (
      await platform.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const written = async () => ({
  users: await count('users'),
  sessions: await count('sessions'),
  identities: await count('sso_identities'),
  codes: await count('saml_sign_in_codes'),
});

/** An organization whose super user configured SAML from the test identity provider's metadata. */
async function configured(name: string, extra: Record<string, unknown> = {}) {
  const org = await organizationWithMembers(platform, name);
  const domain = freshDomain();
  const saved = await platform.api('PUT', '/api/sso/saml-connection', {
    token: org.superUser.token,
    json: { metadata_xml: idp.metadata(), domains: [domain], password_sign_in: true, ...extra },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data).toMatchObject({ configured: true, protocol: 'saml', saml: { entity_id: idp.entityId, sso_url: idp.ssoUrl } });
  const sp = saved.body.data.service_provider as { entity_id: string; acs_url: string; metadata_url: string };
  return { ...org, domain, sp };
}

async function start(email: string) {
  const res = await platform.api('POST', '/api/sso/start', { json: { email } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const flow = res.body.data as { url: string; browser_key: string };
  return { ...flow, request: authnRequestOf(flow.url) };
}

/** The IdP's form post to the ACS, as the browser makes it; answers where the ACS redirects. */
async function post(acsUrl: string, samlResponse: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(acsUrl, { method: 'POST', body: new URLSearchParams({ SAMLResponse: samlResponse }), redirect: 'manual' });
  return { status: res.status, location: new URL(res.headers.get('location') ?? '', platform.url) };
}

const finish = (location: URL, browserKey: string) => platform.api('POST', '/api/sso/finish', { json: { search: location.search, browser_key: browserKey } });

type Org = Awaited<ReturnType<typeof configured>>;
const answer = (org: Org, flow: Awaited<ReturnType<typeof start>>, email: string, change: Partial<ResponseOptions> = {}) =>
  idp.response({
    inResponseTo: flow.request.id,
    audience: org.sp.entity_id,
    recipient: org.sp.acs_url,
    nameId: email,
    attributes: { email, given_name: 'Ada', family_name: 'Byron', department: 'Assembly' },
    ...change,
  });

describe('SAML 2.0 sign-in', () => {
  it('the service provider metadata names the entity id and the ACS, and wants signed assertions', async () => {
    const org = await configured('Metadata SAML');
    const res = await fetch(org.sp.metadata_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await res.text();
    expect(xml).toContain(`entityID="${org.sp.entity_id}"`);
    expect(xml).toContain(`Location="${org.sp.acs_url}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('a signed answer signs the member in: created once within the seats, found the second time', async () => {
    const org = await configured('Acme SAML', { team_claim: 'department' });
    const email = `ada@${org.domain}`;
    const before = await written();

    const flow = await start(email);
    expect(flow.url.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    expect(flow.request).toMatchObject({ destination: idp.ssoUrl, acsUrl: org.sp.acs_url, issuer: org.sp.entity_id });
    const posted = await post(org.sp.acs_url, answer(org, flow, email));
    expect(posted.status).toBe(303);
    expect(posted.location.pathname).toBe('/sso/callback');
    expect(posted.location.searchParams.get('saml')).toBeTruthy();

    // Another browser (without the key the sign-in started with) cannot use the code, nor can the right one after that.
    expect((await finish(posted.location, 'another-browser')).status).toBe(400);
    const flow2 = await start(email);
    const posted2 = await post(org.sp.acs_url, answer(org, flow2, email));
    const signedIn = await finish(posted2.location, flow2.browser_key);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data).toMatchObject({ organization_id: org.organizationId, name: 'Ada', team: 'Assembly', is_super_user: 0 });
    expect(await count('users')).toBe(before.users + 1);
    // The code is single use.
    expect((await finish(posted2.location, flow2.browser_key)).status).toBe(400);

    const flow3 = await start(email);
    const again = await finish((await post(org.sp.acs_url, answer(org, flow3, email))).location, flow3.browser_key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.user_id).toBe(signedIn.body.data.user_id);
    expect(await count('users')).toBe(before.users + 1);
    expect(await count('sso_identities')).toBe(before.identities + 1);
  });

  it('refuses a member beyond the seats', async () => {
    const org = await configured('Full SAML');
    await giveSeats(platform, org.organizationId, 2);
    const email = `late@${org.domain}`;
    const flow = await start(email);
    const res = await finish((await post(org.sp.acs_url, answer(org, flow, email))).location, flow.browser_key);
    expect(res.status).toBe(409);
    expect(res.body.error_messages).toContain(SSO_MESSAGES.seatsFull);
  });

  describe('refusals write nothing', () => {
    let org: Org;
    beforeAll(async () => {
      org = await configured('Refusing SAML');
    });

    const refusals: [string, (flow: Awaited<ReturnType<typeof start>>, email: string) => string][] = [
      ['an unsigned assertion', (flow, email) => answer(org, flow, email, { signing: 'none' })],
      ['an assertion signed by another key', (flow, email) => answer(org, flow, email, { signing: 'other' })],
      ['an assertion for another audience', (flow, email) => answer(org, flow, email, { audience: 'https://other.example/sp' })],
      ['a wrong recipient', (flow, email) => answer(org, flow, email, { recipient: 'https://other.example/acs', destination: org.sp.acs_url })],
      ['a wrong destination', (flow, email) => answer(org, flow, email, { destination: 'https://other.example/acs' })],
      ['an expired assertion', (flow, email) => answer(org, flow, email, { issueInstant: Date.now() - 20 * 60_000, notOnOrAfter: Date.now() - 60_000 })],
      ['an unsolicited answer (no InResponseTo)', (flow, email) => answer(org, flow, email, { inResponseTo: null })],
      ['an answer to a request we never issued', (flow, email) => answer(org, flow, email, { inResponseTo: '_not-ours' })],
    ];
    for (const [what, make] of refusals) {
      it(`refuses ${what}`, async () => {
        const email = `eve${domains}${what.length}@${org.domain}`;
        const before = await written();
        const flow = await start(email);
        const posted = await post(org.sp.acs_url, make(flow, email));
        expect(posted.status).toBe(303);
        expect(posted.location.searchParams.get('saml_error')).toBe('refused');
        expect(posted.location.searchParams.get('saml')).toBeNull();
        const res = await finish(posted.location, flow.browser_key);
        expect(res.status).toBe(401);
        expect(res.body.error_messages).toContain(SSO_MESSAGES.samlRefused);
        expect(await written()).toEqual(before);
      });
    }

    it('refuses a replayed answer (the same assertion again)', async () => {
      const email = `replay@${org.domain}`;
      const flow = await start(email);
      const signed = answer(org, flow, email);
      const first = await post(org.sp.acs_url, signed);
      expect(first.location.searchParams.get('saml')).toBeTruthy();
      const before = await written();
      const replay = await post(org.sp.acs_url, signed);
      expect(replay.location.searchParams.get('saml_error')).toBe('refused');
      // The same assertion answering a new request of ours: refused by its id.
      const flow2 = await start(email);
      const assertionId = '_replayed-assertion';
      const once = await post(org.sp.acs_url, answer(org, flow2, email, { assertionId }));
      expect(once.location.searchParams.get('saml')).toBeTruthy();
      const flow3 = await start(email);
      const twice = await post(org.sp.acs_url, answer(org, flow3, email, { assertionId }));
      expect(twice.location.searchParams.get('saml_error')).toBe('refused');
      expect((await written()).users).toBe(before.users);
    });

    it('refuses an answer posted to another organization’s ACS', async () => {
      const other = await configured('Other SAML');
      const email = `mallory@${org.domain}`;
      const flow = await start(email);
      const before = await written();
      const posted = await post(other.sp.acs_url, answer(org, flow, email, { audience: other.sp.entity_id, recipient: other.sp.acs_url }));
      expect(posted.location.searchParams.get('saml_error')).toBe('refused');
      expect(await written()).toEqual(before);
    });

    it('refuses an e-mail of another organization’s domain', async () => {
      const other = await configured('Domain owner SAML');
      const email = `intruder@${other.domain}`;
      const flow = await start(`someone@${org.domain}`);
      const before = await written();
      const res = await finish((await post(org.sp.acs_url, answer(org, flow, email))).location, flow.browser_key);
      expect(res.status).toBe(403);
      expect(res.body.error_messages).toContain(SSO_MESSAGES.wrongDomain);
      expect({ ...(await written()), codes: 0 }).toEqual({ ...before, codes: 0 });
    });
  });

  it('two parallel first sign-ins of the same new person both sign in, as one member', async () => {
    const org = await configured('Parallel SAML');
    const email = `twin@${org.domain}`;
    const before = await count('users');
    const flows = [await start(email), await start(email)];
    const locations = [await post(org.sp.acs_url, answer(org, flows[0]!, email)), await post(org.sp.acs_url, answer(org, flows[1]!, email))];
    const results = await Promise.all(locations.map((l, i) => finish(l.location, flows[i]!.browser_key)));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.data.user_id).toBe(results[1]!.body.data.user_id);
    expect(await count('users')).toBe(before + 1);
  });
});

describe('SAML connection settings', () => {
  it('refuses metadata without a signing certificate, and needs metadata at all', async () => {
    const org = await organizationWithMembers(platform, 'Bad metadata');
    const noCert = idpMetadata(idp.entityId, idp.ssoUrl).replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    const bad = await platform.api('PUT', '/api/sso/saml-connection', {
      token: org.superUser.token,
      json: { metadata_xml: noCert, domains: [freshDomain()], password_sign_in: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages).toContain(SSO_MESSAGES.metadataUnreadable);
    const none = await platform.api('PUT', '/api/sso/saml-connection', {
      token: org.superUser.token,
      json: { domains: [freshDomain()], password_sign_in: true },
    });
    expect(none.status).toBe(400);
    expect(await platform.ctx.db.selectFrom('sso_connections').where('organization_id', '=', org.organizationId).selectAll().execute()).toEqual([]);
  });

  it('reads the metadata from its address, and the certificate it names is the one checked', async () => {
    const org = await organizationWithMembers(platform, 'Metadata URL SAML');
    const saved = await platform.api('PUT', '/api/sso/saml-connection', {
      token: org.superUser.token,
      json: { metadata_url: `${idp.ssoUrl.replace('/sso', '/metadata')}`, domains: [freshDomain()], password_sign_in: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ protocol: 'saml', password_sign_in: false, saml: { metadata_url: expect.stringContaining('/metadata') } });
    expect(saved.body.data.saml.certificate_expires_at).toBeGreaterThan(Date.now());
    // Another certificate in pasted metadata replaces it.
    const replaced = await platform.api('PUT', '/api/sso/saml-connection', {
      token: org.superUser.token,
      json: { metadata_xml: idpMetadata(idp.entityId, idp.ssoUrl, OTHER_CERT), domains: [freshDomain()], password_sign_in: true },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.saml.metadata_url).toBeNull();
  });

  it('only a super user configures or deletes it; deleting turns password sign-in back on', async () => {
    const org = await configured('Delete SAML', { password_sign_in: false });
    for (const token of [org.member.token, undefined]) {
      expect((await platform.api('DELETE', '/api/sso/connection', { token })).status).toBeGreaterThanOrEqual(401);
      expect(
        (
          await platform.api('PUT', '/api/sso/saml-connection', {
            token,
            json: { metadata_xml: idp.metadata(), domains: [freshDomain()], password_sign_in: true },
          })
        ).status,
      ).toBeGreaterThanOrEqual(401);
    }
    const deleted = await platform.api('DELETE', '/api/sso/connection', { token: org.superUser.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ configured: false, domains: [], password_sign_in: true, saml: null });
    expect((await platform.api('POST', '/api/sso/start', { json: { email: `x@${org.domain}` } })).status).toBe(404);
    expect((await platform.api('DELETE', '/api/sso/connection', { token: org.superUser.token })).status).toBe(404);
  });
});

describe('invitations while password sign-in is off', () => {
  it('an invited member does not set a password: they are sent to single sign-on, which finds their account', async () => {
    const org = await configured('Invite SAML', { password_sign_in: false });
    const email = `invited@${org.domain}`;
    const invited = await platform.api('POST', '/api/v4/register_members', { token: org.superUser.token, json: { emails: [email] } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mail = await platform.ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'invitation')
      .executeTakeFirstOrThrow();
    const token = new URL(/https?:\/\/\S+\/accept-invitation\?token=\S+/.exec(mail.text_body)![0]).searchParams.get('token')!;
    const before = await count('sessions');
    const accepted = await platform.api('POST', '/api/accept-invitation', {
      json: { token, password: 'Correct-Horse-Battery-42', password_confirmation: 'Correct-Horse-Battery-42' },
    });
    expect(accepted.status).toBe(403);
    expect(accepted.body.error_messages).toContain(SSO_MESSAGES.passwordOff);
    expect(await count('sessions')).toBe(before);
    const member = await platform.ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(member.password_hash).toBeNull();

    const flow = await start(email);
    const signedIn = await finish((await post(org.sp.acs_url, answer(org, flow, email))).location, flow.browser_key);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.user_id).toBe(member.id);
  });
});
