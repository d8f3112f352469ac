import { KIOSK_TOKEN_HEADER } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { BAD_CREDENTIALS, SETUP_CODE_INVALID } from '../auth/auth.service.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
let acmeCode = '';

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
  await giveSeats(platform, acme.organizationId, 50);
  acmeCode = (await platform.ctx.db.selectFrom('organizations').select('sign_in_code').where('id', '=', acme.organizationId).executeTakeFirstOrThrow())
    .sign_in_code;
}, 60_000);
afterAll(() => platform?.close());

const asBoss = () => ({ token: acme.superUser.token });
const fields = { name: 'Omar', last_name: 'Operator', team: 'Assembly', role: 'Operator' };

async function createByNumber(employeeNumber: string, org = acme) {
  return platform.api('POST', '/api/v4/create_user', { token: org.superUser.token, json: { ...fields, employee_number: employeeNumber } });
}

/** Prints the sheets and reads each setup code off the PDF (its text is not compressed). */
async function printSheets(userIds: number[], token = acme.superUser.token) {
  const res = await platform.api('POST', '/api/enrolment/setup-sheets.pdf', { token, json: { user_ids: userIds } });
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const codes = [...text.matchAll(/\(([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\) Tj/g)].map((m) => m[1] as string);
  return { res, text, codes };
}

const setUp = (employeeNumber: string, setupCode: string, organizationCode = acmeCode) =>
  platform.api('POST', '/api/account-setup', {
    json: {
      organization_code: organizationCode,
      employee_number: employeeNumber,
      setup_code: setupCode,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    },
  });

const employeeLogin = (employeeNumber: string, organizationCode = acmeCode, password = STRONG_PASSWORD) =>
  platform.api('POST', '/api/login/employee-number', { json: { organization_code: organizationCode, employee_number: employeeNumber, password } });

describe('members without e-mail', () => {
  it('are created from Manage users with an employee number, unique within the organization', async () => {
    const both = await platform.api('POST', '/api/v4/create_user', { ...asBoss(), json: { ...fields, email: 'omar@example.com', employee_number: 'E-1' } });
    expect(both.status).toBe(400);
    const neither = await platform.api('POST', '/api/v4/create_user', { ...asBoss(), json: { ...fields, email: '' } });
    expect(neither.status).toBe(400);
    expect(neither.body.error_messages).toContain('employee number');

    const created = await createByNumber(' e-1001 ');
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: null, employee_number: 'E-1001', name: 'Omar' });
    // No e-mail is sent to anyone for them.
    expect(await platform.ctx.db.selectFrom('outbox').select('id').where('subject', 'like', '%Omar%').execute()).toHaveLength(0);

    const twin = await createByNumber('E-1001');
    expect(twin.status).toBe(409);
    expect(twin.body.error_messages).toContain('E-1001');
    // Another organization may use the same number.
    expect((await createByNumber('E-1001', rival)).status).toBe(201);

    const page = await platform.api('GET', `/api/organization/${acme.organizationId}/users/page?q=e-1001`, asBoss());
    expect(page.body.data.users.map((u: { employee_number: string | null }) => u.employee_number)).toEqual(['E-1001']);
  });

  it('keep an employee number unique under parallel creations', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => createByNumber('E-RACE')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error_messages).toContain('employee number');
  });

  it('print a sheet with a one-time setup code that sets the password once and signs them in; then sign in by number', async () => {
    const created = await createByNumber('E-2002');
    const id = created.body.data.id as number;
    const { res, text, codes } = await printSheets([id]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('(Omar Operator) Tj');
    expect(text).toContain(`(${acmeCode}) Tj`);
    expect(text).toContain('(E-2002) Tj');
    expect(text).toContain(`${platform.url}/set-up-account`);
    expect(codes).toHaveLength(1);
    const code = codes[0] as string;
    // Only the hash is kept.
    const stored = await platform.ctx.db.selectFrom('user_tokens').select('token_hash').where('user_id', '=', id).where('purpose', '=', 'setup').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(code.replaceAll('-', ''));

    // Before the setup there is no password: sign-in fails.
    expect((await employeeLogin('E-2002')).status).toBe(401);
    // The code of one person with another's number is refused (and not used up).
    expect((await setUp('E-1001', code)).status).toBe(400);
    const first = await setUp('e-2002', code.toLowerCase().replaceAll('-', ' '));
    expect(first.status).toBe(200);
    expect(first.body.data.user_id).toBe(id);
    // Single use.
    const again = await setUp('E-2002', code);
    expect(again.status).toBe(400);
    expect(again.body.error_messages).toBe(SETUP_CODE_INVALID);

    const signedIn = await employeeLogin('e-2002', acmeCode.toLowerCase());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ user_id: id, organization_id: acme.organizationId });
    const profile = await platform.api('GET', '/api/profile', { token: signedIn.body.data.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ user_id: id, email: '' });

    // Wrong organization code, wrong password, another organization's code: the same refusal.
    for (const refused of [await employeeLogin('E-2002', 'ZZZZZZZZ'), await employeeLogin('E-2002', acmeCode, 'Wrong-Password-999')]) {
      expect(refused.status).toBe(401);
      expect(refused.body.error_messages).toBe(BAD_CREDENTIALS);
    }
    const rivalCode = (
      await platform.ctx.db.selectFrom('organizations').select('sign_in_code').where('id', '=', rival.organizationId).executeTakeFirstOrThrow()
    ).sign_in_code;
    expect((await employeeLogin('E-2002', rivalCode)).status).toBe(401);
    // The e-mail sign-in stays as it was.
    expect((await platform.api('POST', '/api/v4/login', { json: { email: acme.member.email, password: STRONG_PASSWORD } })).status).toBe(200);
  });

  it('refuse an expired setup code, and a reprint replaces the earlier code', async () => {
    const id = (await createByNumber('E-3003')).body.data.id as number;
    const { codes: firstCodes } = await printSheets([id]);
    const { codes: secondCodes } = await printSheets([id]);
    expect((await setUp('E-3003', firstCodes[0] as string)).status).toBe(400);
    await platform.ctx.db
      .updateTable('user_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', id)
      .where('purpose', '=', 'setup')
      .execute();
    const expired = await setUp('E-3003', secondCodes[0] as string);
    expect(expired.status).toBe(400);
    expect(expired.body.error_messages).toBe(SETUP_CODE_INVALID);
  });

  it("another organization's super user and ordinary members cannot print someone's sheet", async () => {
    const id = (await createByNumber('E-4004')).body.data.id as number;
    const foreign = await printSheets([id], rival.superUser.token);
    expect(foreign.res.status).toBe(404);
    expect(foreign.codes).toHaveLength(0);
    expect((await printSheets([id], acme.member.token)).res.status).toBe(403);
    expect((await platform.api('POST', '/api/enrolment/setup-sheets.pdf', { json: { user_ids: [id] } })).status).toBe(401);
    // A member with an e-mail gets e-mailed invitations, not sheets.
    expect((await printSheets([acme.member.id])).res.status).toBe(404);
    expect(await platform.ctx.db.selectFrom('user_tokens').select('id').where('user_id', '=', id).where('purpose', '=', 'setup').execute()).toHaveLength(0);
  });

  it('use the kiosk with their badge and PIN like everyone else', async () => {
    const id = (await createByNumber('E-5005')).body.data.id as number;
    const { codes } = await printSheets([id]);
    const token = (await setUp('E-5005', codes[0] as string)).body.data.token as string;
    expect((await platform.api('POST', '/api/kiosk-pin', { token, json: { pin: '2580', pin_confirmation: '2580' } })).status).toBe(201);
    const teamId = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', id).executeTakeFirstOrThrow()).team_id as number;
    const kiosk = await platform.api('POST', '/api/kiosks', { ...asBoss(), json: { team_id: teamId, name: 'Line 1 tablet' } });
    expect(kiosk.status).toBe(201);
    const headers = { [KIOSK_TOKEN_HEADER]: kiosk.body.data.device_token as string };
    const signedIn = await platform.api('POST', '/api/kiosk/sign-in', { headers, json: { user_id: id, pin: '2580' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user_id).toBe(id);
  });
});
