import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

async function invitationLink(email: string): Promise<string> {
  const mail = await platform.ctx.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'invitation')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/accept-invitation\?token=\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`no invitation link in: ${mail.text_body}`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('v4/register_members', () => {
  it('invites within the seats (the super user counts), reporting registered and bad addresses', async () => {
    // Acme: super user + 1 member of 5 seats (operator trial, no plan: the default 5).
    const acme = await organizationWithMembers(platform, 'Acme');
    const fresh = [uniqueEmail('new'), uniqueEmail('new')];
    const res = await platform.api('POST', '/api/v4/register_members', {
      token: acme.superUser.token,
      json: { emails: [...fresh, acme.member.email, 'not-an-address', ''], super_user_id: acme.superUser.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ invited: fresh, already_registered: [acme.member.email], invalid: ['not-an-address'] });
    expect(res.body.message).toContain(`Already registered: ${acme.member.email}.`);
    expect(res.body.message).toContain('Not valid e-mail addresses: not-an-address.');

    // 4 of 5 seats used: two more is over the limit, and nobody is invited.
    const over = [uniqueEmail('over'), uniqueEmail('over')];
    const refused = await platform.api('POST', '/api/v4/register_members', { token: acme.superUser.token, form: { emails: JSON.stringify(over) } });
    expect(refused.status).toBe(409);
    expect(refused.body.error_messages).toBe('Your plan includes 5 accounts, you included, and 4 are in use: you can invite 1 more team member.');
    const created = await platform.ctx.db.selectFrom('users').select('id').where('email', 'in', over).execute();
    expect(created).toEqual([]);

    const last = await platform.api('POST', '/api/v4/register_members', { token: acme.superUser.token, form: { emails: over[0]! } });
    expect(last.status).toBe(201);
  });

  it('is for the super user of an organization with a plan', async () => {
    const acme = await organizationWithMembers(platform, 'Acme');
    const denied = await platform.api('POST', '/api/v4/register_members', { token: acme.member.token, json: { emails: [uniqueEmail()] } });
    expect(denied.status).toBe(403);
    const empty = await platform.api('POST', '/api/v4/register_members', { token: acme.superUser.token, json: { emails: ['', ' '] } });
    expect(empty.status).toBe(400);
    const rival = await organizationWithMembers(platform, 'Rival');
    const asOther = await platform.api('POST', '/api/v4/register_members', {
      token: rival.superUser.token,
      json: { emails: [uniqueEmail()], super_user_id: acme.superUser.id },
    });
    expect(asOther.status).toBe(403);
  });
});

describe('accept-invitation', () => {
  it('sets the password once and signs the member in to the inviting organization', async () => {
    const acme = await organizationWithMembers(platform, 'Acme');
    const email = uniqueEmail('invited');
    await platform.api('POST', '/api/v4/register_members', { token: acme.superUser.token, json: { emails: [email] } });
    const link = await invitationLink(email);
    expect(link.startsWith(`${platform.url}/accept-invitation?token=`)).toBe(true);

    // Nobody can sign in before the invitation is accepted.
    expect((await platform.api('POST', '/api/v4/login', { json: { email, password: '' } })).status).toBe(401);

    const weak = await platform.api('POST', '/api/accept-invitation', { json: { token: tokenOf(link), password: 'short', password_confirmation: 'short' } });
    expect(weak.status).toBe(400);

    const accepted = await platform.api('POST', '/api/accept-invitation', {
      form: { token: tokenOf(link), password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ organization_id: acme.organizationId, is_super_user: 0, team: 'Assembly' });
    expect(JSON.stringify(accepted.body)).not.toMatch(/password_hash|argon2/);
    await signIn(platform, email);

    const again = await platform.api('POST', '/api/accept-invitation', {
      json: { token: tokenOf(link), password: 'Another-Strong-Pass-77', password_confirmation: 'Another-Strong-Pass-77' },
    });
    expect(again.status).toBe(400);
    await signIn(platform, email, STRONG_PASSWORD);
  });

  it('invitees and operator-created users go through the first-login profile once', async () => {
    const acme = await organizationWithMembers(platform, 'Firsts');
    const invited = uniqueEmail('invited');
    await platform.api('POST', '/api/v4/register_members', { token: acme.superUser.token, json: { emails: [invited] } });
    const accepted = await platform.api('POST', '/api/accept-invitation', {
      json: { token: tokenOf(await invitationLink(invited)), password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    // Accepting is the first sign-in: home opens /firstLogin on logged_in_account 1.
    expect(accepted.body.data).toMatchObject({ logged_in_account: 1, first_login: 1 });

    // The CLI's create-user (addMember) signs in with the password the operator gave.
    const operatorMade = uniqueEmail('operator');
    await addMember(platform.ctx, acme.organizationId, { email: operatorMade, password: STRONG_PASSWORD, name: 'Olga', lastName: 'Ops' });
    const firstSignIn = await platform.api('POST', '/api/v4/login', { json: { email: operatorMade, password: STRONG_PASSWORD } });
    expect(firstSignIn.body.data).toMatchObject({ logged_in_account: 1, first_login: 1 });

    for (const session of [accepted.body.data, firstSignIn.body.data]) {
      const auth = { token: session.token };
      const push = await platform.api('POST', `/api/user/${session.user_id}/updateFirstLoginInLibraryPush`, auth);
      expect(push.body.data).toEqual({ first_login: 1, logged_in_account: 1 });
      const save = { name: 'Ivan', lastName: 'Invited', mobile: '', bio: '', firstLogin: 1 };
      expect((await platform.api('POST', `/api/user/${session.user_id}/infos`, { ...auth, json: save })).status).toBeLessThan(300);
      // A second save (another tab) does not count again.
      expect((await platform.api('POST', `/api/user/${session.user_id}/infos`, { ...auth, json: save })).status).toBeLessThan(300);
      const user = await platform.ctx.db
        .selectFrom('users')
        .select(['first_login', 'logged_in_account'])
        .where('id', '=', session.user_id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ first_login: 0, logged_in_account: 2 });
    }
    // The next sign-in is not a first one.
    const next = await platform.api('POST', '/api/v4/login', { json: { email: invited, password: STRONG_PASSWORD } });
    expect(next.body.data).toMatchObject({ logged_in_account: 3, first_login: 0 });
  });
});
