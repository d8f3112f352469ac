import { PEOPLE_IMPORT_COLUMNS, PEOPLE_IMPORT_NOT_READY, peopleImportTemplate } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
  await giveSeats(platform, acme.organizationId, 40);
}, 60_000);
afterAll(() => platform?.close());

const header = [...PEOPLE_IMPORT_COLUMNS];
const row = (first: string, last: string, email: string, number: string, team = 'Assembly', role = 'Operator', shift = 'day') => [
  first,
  last,
  email,
  number,
  team,
  role,
  shift,
];
const check = (orgId: number, body: unknown, token = acme.superUser.token) =>
  platform.api('POST', `/api/organization/${orgId}/people-import/check`, { token, json: body });
const importFile = (orgId: number, body: unknown, token = acme.superUser.token) =>
  platform.api('POST', `/api/organization/${orgId}/people-import`, { token, json: body });
const members = async (orgId: number) =>
  Number(
    (
      await platform.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', orgId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const outboxTo = async (address: string) =>
  (await platform.ctx.db.selectFrom('outbox').select(['kind', 'subject']).where('to_address', '=', address).execute()).length;

describe('people import', () => {
  it('writes nothing for a file with mixed problems and lists every row’s problem', async () => {
    const before = await members(acme.organizationId);
    const body = {
      columns: [...header, 'badge'],
      rows: [
        row('Ana', 'Alvarez', 'ana.mixed@example.com', ''),
        row('Ben', 'Brown', 'not-an-address', ''),
        row('', 'Carter', 'carl.mixed@example.com', ''),
        row('Dee', 'Diaz', '', ''),
        row('Eve', 'Evans', 'ana.mixed@example.com', ''),
        row('Finn', 'Ford', '', 'M-1', 'Nowhere'),
        row('Gus', 'Green', acme.member.email, ''),
        row('Hal', 'Hill', rival.member.email, ''),
        row('Ivy', 'Irwin', '', 'M-2', 'Assembly', 'Operator', 'weekend'),
        row('Jo', 'Jones', 'jo.mixed@example.com', 'M-3'),
      ],
    };
    const res = await check(acme.organizationId, body);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.ready).toBe(false);
    expect(data.file_problems).toEqual([{ code: 'unknown_column', column: 'badge' }]);
    const problems = Object.fromEntries(data.rows.map((r: { line: number; problems: unknown[] }) => [r.line, r.problems]));
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toEqual([{ code: 'invalid', column: 'email', line: null }]);
    expect(problems[4]).toEqual([{ code: 'missing', column: 'first_name', line: null }]);
    expect(problems[5]).toEqual([{ code: 'contact', column: null, line: null }]);
    expect(problems[6]).toEqual([{ code: 'duplicate', column: 'email', line: 2 }]);
    expect(problems[7]).toEqual([{ code: 'unknown_team', column: 'team', line: null }]);
    expect(problems[8]).toEqual([{ code: 'taken', column: 'email', line: null }]);
    expect(problems[9]).toEqual([{ code: 'taken', column: 'email', line: null }]);
    expect(problems[10]).toEqual([{ code: 'invalid', column: 'shift', line: null }]);
    expect(problems[11]).toEqual([{ code: 'contact', column: null, line: null }]);
    expect(data).toMatchObject({ new_count: 1, invalid_count: 9, present_count: 0 });

    const refused = await importFile(acme.organizationId, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages).toBe(PEOPLE_IMPORT_NOT_READY);
    expect(await members(acme.organizationId)).toBe(before);
    expect(await outboxTo('ana.mixed@example.com')).toBe(0);
  });

  it('reports missing columns without reading the rows', async () => {
    const res = await check(acme.organizationId, { columns: ['first_name', 'team'], rows: [['Ana', 'Assembly']] });
    expect(res.body.data.file_problems).toEqual([
      { code: 'missing_column', column: 'last_name' },
      { code: 'missing_column', column: 'role' },
      { code: 'no_contact_column', column: 'email' },
    ]);
    expect(res.body.data.rows).toEqual([]);
  });

  it('imports a clean file in one go, invites e-mail members, keeps shifts, and a second import changes nothing', async () => {
    const before = await members(acme.organizationId);
    const body = {
      // Headers as people write them: any case, spaces, the Spanish names.
      columns: ['First Name', 'Last name', 'E-mail', 'Employee number', 'Equipo', 'Role', 'Shift'],
      rows: [
        row('Kai', 'King', 'kai.clean@example.com', ''),
        row('Lou', 'Lane', '', 'c-100', 'assembly', 'Welder', 'Night shift'),
        row('Max', 'Moss', '', 'C-101', 'Assembly', 'Operator', ''),
      ],
    };
    const dry = await check(acme.organizationId, body);
    expect(dry.body.data).toMatchObject({ ready: true, new_count: 3, present_count: 0, invalid_count: 0 });
    expect(await members(acme.organizationId)).toBe(before);

    const first = await importFile(acme.organizationId, body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ created: 3, present: 0, invited: 1 });
    expect(first.body.data.without_email.map((p: { employee_number: string }) => p.employee_number)).toEqual(['C-100', 'C-101']);
    expect(await members(acme.organizationId)).toBe(before + 3);
    expect(await outboxTo('kai.clean@example.com')).toBe(1);
    const lou = first.body.data.without_email[0].id;
    const shift = await platform.ctx.db.selectFrom('person_shifts').select('shift').where('user_id', '=', lou).executeTakeFirst();
    expect(shift?.shift).toBe('night');
    const created = await platform.api('GET', `/api/organization/${acme.organizationId}/users/page?q=Lane`, { token: acme.superUser.token });
    expect(created.body.data.users[0]).toMatchObject({ name: 'Lou', team: 'Assembly', role: 'Welder', employee_number: 'C-100', email: null });
    const webhookEvents = await platform.ctx.db.selectFrom('users').select('id').where('email', '=', 'kai.clean@example.com').executeTakeFirst();
    expect(webhookEvents).toBeDefined();

    const again = await check(acme.organizationId, body);
    expect(again.body.data).toMatchObject({ ready: true, new_count: 0, present_count: 3 });
    const second = await importFile(acme.organizationId, body);
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ created: 0, present: 3, invited: 0, without_email: [] });
    expect(await members(acme.organizationId)).toBe(before + 3);
    expect(await outboxTo('kai.clean@example.com')).toBe(1);
  });

  it('counts the seats: rows past the free ones are shown, refused whole, and parallel imports never exceed the plan', async () => {
    const org = await organizationWithMembers(platform, 'Seats');
    await giveSeats(platform, org.organizationId, 6);
    // 2 seats used (super user and member): 4 free.
    const file = (prefix: string, n: number) => ({ columns: header, rows: Array.from({ length: n }, (_, i) => row(`P${i}`, prefix, '', `${prefix}-${i}`)) });
    const over = await check(org.organizationId, file('over', 5), org.superUser.token);
    expect(over.body.data.rows.at(-1).problems).toEqual([{ code: 'over_seats', column: null, line: null }]);
    expect(over.body.data).toMatchObject({ new_count: 4, invalid_count: 1, seats: { seats: 6, in_use: 2, free: 4 } });
    const refused = await importFile(org.organizationId, file('over', 5), org.superUser.token);
    expect(refused.status).toBe(409);
    expect(await members(org.organizationId)).toBe(2);

    const [a, b] = await Promise.all([
      importFile(org.organizationId, file('pa', 3), org.superUser.token),
      importFile(org.organizationId, file('pb', 3), org.superUser.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await members(org.organizationId)).toBe(5);
  });

  it('is refused to another organization’s super user, an ordinary member and the anonymous', async () => {
    const body = { columns: header, rows: [row('Zed', 'Zane', 'zed.refused@example.com', '')] };
    for (const call of [check, importFile]) {
      expect((await call(acme.organizationId, body, rival.superUser.token)).status).toBe(403);
      expect((await call(acme.organizationId, body, acme.member.token)).status).toBe(403);
      const anonymous = await platform.api('POST', `/api/organization/${acme.organizationId}/people-import`, { json: body });
      expect(anonymous.status).toBe(401);
    }
    expect(await outboxTo('zed.refused@example.com')).toBe(0);
  });

  it('refuses a body it cannot read with a 400, never a 500', async () => {
    expect((await check(acme.organizationId, { columns: [], rows: [] })).status).toBe(400);
    expect((await check(acme.organizationId, { columns: header, rows: 'nope' })).status).toBe(400);
    const many = { columns: header, rows: Array.from({ length: 5001 }, () => row('A', 'B', '', 'X')) };
    expect((await check(acme.organizationId, many)).status).toBe(400);
  });

  it('writes a template that a spreadsheet shows as text', () => {
    const template = peopleImportTemplate({
      first_name: '=HYPERLINK("x")',
      last_name: '+Lopez',
      email: '@ana',
      employee_number: '-7',
      team: 'Assembly',
      role: 'Operator',
      shift: 'day',
      manager: '',
    });
    expect(template).toBe(
      `first_name,last_name,email,employee_number,team,role,shift,manager\r\n"'=HYPERLINK(""x"")",'+Lopez,'@ana,'-7,Assembly,Operator,day,\r\n`,
    );
  });

  it('names each person’s manager by e-mail or employee number of a live member, and lists an unknown one before writing', async () => {
    const withManager = (cells: string[], manager: string) => [...cells, manager];
    const rows = [
      withManager(row('Kim', 'Keller', 'kim.managed@example.com', ''), acme.superUser.email.toUpperCase()),
      withManager(row('Lou', 'Lane', '', 'MG-1'), ''),
      withManager(row('Max', 'Moss', '', 'MG-2'), rival.superUser.email),
      withManager(row('Ned', 'Nash', '', 'MG-3'), 'nobody-7'),
    ];
    const mixed = await check(acme.organizationId, { columns: [...header.slice(0, -1), 'Supervisor'], rows });
    expect(mixed.status).toBe(200);
    const problems = Object.fromEntries(mixed.body.data.rows.map((r: { line: number; problems: unknown[] }) => [r.line, r.problems]));
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toEqual([]);
    // Another organization's member and no one at all: the same problem, nothing written.
    expect(problems[4]).toEqual([{ code: 'unknown_manager', column: 'manager', line: null }]);
    expect(problems[5]).toEqual([{ code: 'unknown_manager', column: 'manager', line: null }]);
    expect((await importFile(acme.organizationId, { columns: header, rows })).status).toBe(400);

    // Fixed: the manager by employee number (any case), among the members just imported.
    rows[2] = withManager(row('Max', 'Moss', '', 'MG-2'), 'mg-1');
    rows[3] = withManager(row('Ned', 'Nash', '', 'MG-3'), '');
    const first = await importFile(acme.organizationId, { columns: header, rows: rows.slice(0, 2) });
    expect(first.status).toBe(201);
    const second = await importFile(acme.organizationId, { columns: header, rows });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ created: 2, present: 2 });
    const managers = await platform.ctx.db
      .selectFrom('users')
      .select(['employee_number', 'email', 'manager_id'])
      .where('organization_id', '=', acme.organizationId)
      .where((eb) => eb.or([eb('employee_number', 'in', ['MG-1', 'MG-2', 'MG-3']), eb('email', '=', 'kim.managed@example.com')]))
      .orderBy('id')
      .execute();
    const lou = managers.find((m) => m.employee_number === 'MG-1');
    const louId = (await platform.ctx.db.selectFrom('users').select('id').where('employee_number', '=', 'MG-1').executeTakeFirstOrThrow()).id;
    expect(lou?.manager_id).toBeNull();
    expect(managers.map((m) => m.manager_id)).toEqual([acme.superUser.id, null, louId, null]);
    // The invitation, written once for the whole file, carries this person's own token in both bodies.
    const invitation = await platform.ctx.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'kim.managed@example.com')
      .executeTakeFirstOrThrow();
    const token = /accept-invitation\?token=([A-Za-z0-9_-]{20,})/.exec(invitation.text_body)?.[1];
    expect(token).toBeDefined();
    expect(invitation.html_body).toContain(`accept-invitation?token=${token}`);
    // The API gives it to HR systems with the member.
    const listed = await platform.api('GET', `/api/organization/${acme.organizationId}/users`, { token: acme.superUser.token });
    expect(listed.body.data.find((u: { email: string | null }) => u.email === 'kim.managed@example.com')).toMatchObject({ manager_id: acme.superUser.id });
  });
});
