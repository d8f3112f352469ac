import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';

/** What people type (names, teams, stations) comes out of every CSV export as text a spreadsheet never runs or splits. */
let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const csvOf = async (path: string, token: string) => {
  const res = await fetch(`${platform.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  return res.text();
};

describe('CSV exports are safe in a spreadsheet', () => {
  it('neutralises formulas and quotes every separator in the qualification matrix and the audit pack', async () => {
    const org = await organizationWithMembers(platform, 'Formula Plant');
    await openWholeCatalog(platform, org.organizationId);
    const email = uniqueEmail('formula');
    const crafty = await addMember(platform.ctx, org.organizationId, { email, password: STRONG_PASSWORD, name: '=1+2', lastName: ';=3+4', team: '-Line\t7' });
    const craftyToken = await signIn(platform, email);
    const base = `/api/organization/${org.organizationId}`;
    const station = await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: {
        name: '@SUM(A1);x',
        description: 'A press',
        requirements: [{ kind: 'video', id: catalog.videos.lockout }],
        checklist: [],
        validity_months: 12,
        min_per_shift: 1,
      },
    });
    expect(station.status).toBe(201);
    const assigned = await platform.api('POST', `${base}/stations/${station.body.data.id}/assignments`, {
      token: org.superUser.token,
      json: { user_ids: [crafty] },
    });
    expect(assigned.status).toBe(200);
    expect(
      (await platform.api('POST', '/api/watch-user-video', { token: craftyToken, json: { user: crafty, video: catalog.videos.lockout, timeSpent: 1 } })).status,
    ).toBe(201);

    const matrix = await csvOf(`${base}/qualifications/matrix.csv`, org.superUser.token);
    const [header, ...rows] = matrix.split('\r\n');
    expect(header).toBe(`Person,Team,Shift,"'@SUM(A1);x"`);
    expect(rows.find((row) => row.includes('3+4'))).toMatch(/^"'=1\+2 ;=3\+4","'-Line\t7",/);

    const pack = await csvOf(`${base}/audit-pack?format=csv&user_id=${crafty}`, org.superUser.token);
    const lines = pack.split('\r\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    // Every evidence record names the person; the verification row the pack ends with names nobody.
    const records = lines.slice(1).filter((line) => !line.startsWith(',,verified,'));
    expect(records.length).toBe(lines.length - 2);
    for (const line of records) expect(line).toContain(`,"'=1+2 ;=3+4",`);
    // No cell of either export starts a formula: every cell starting with = + - @ carries the apostrophe.
    for (const line of [...matrix.split('\r\n'), ...lines]) expect(line).not.toMatch(/(^|,)"?[=+@]/);
  });
});
