import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * The stations module's own calls (list, choices, create, retire) across two organizations: each organization's
 * super user reaches only its own stations, whichever organization id or station id the request names.
 */

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

type Who = { token: string };

async function plantWithStation(name: string, stationName: string) {
  const org = await organizationWithMembers(platform, name);
  await openWholeCatalog(platform, org.organizationId);
  const call = (who: Who, method: string, orgId: number, path = '', json?: unknown) =>
    platform.api(method, `/api/organization/${orgId}/stations${path}`, { token: who.token, ...(json === undefined ? {} : { json }) });
  const created = await call(org.superUser, 'POST', org.organizationId, '', {
    name: stationName,
    requirements: [{ kind: 'video', id: catalog.videos.lockout as number }],
    checklist: ['Guard closed before the cycle'],
  });
  expect(created.status).toBe(201);
  return { ...org, call, stationId: created.body.data.id as number };
}

const names = (res: { body: { data: { stations: { name: string }[] } } }) => res.body.data.stations.map((s) => s.name);

describe('stations across organizations', () => {
  it("keeps each organization's stations to its own people, and refuses the other's super user on every call", async () => {
    const a = await plantWithStation('Stations Org A', 'Press 7 changeover');
    const b = await plantWithStation('Stations Org B', 'Weld cell 2');

    // Each side sees its own station only.
    const listA = await a.call(a.member, 'GET', a.organizationId);
    expect(listA.status).toBe(200);
    expect(names(listA)).toEqual(['Press 7 changeover']);
    expect(names(await b.call(b.superUser, 'GET', b.organizationId))).toEqual(['Weld cell 2']);

    // B's super user naming A's organization: refused on every call, and nothing written.
    for (const [method, path, json] of [
      ['GET', '', undefined],
      ['GET', '/choices', undefined],
      ['POST', '', { name: 'Planted by B', requirements: [{ kind: 'video', id: catalog.videos.lockout as number }], checklist: ['Guard closed'] }],
      ['DELETE', `/${a.stationId}`, undefined],
    ] as const) {
      const res = await b.call(b.superUser, method, a.organizationId, path, json);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.success).toBe(false);
    }
    // A's super user naming B's station under A's own organization: not found, and B's station stays.
    const crossed = await a.call(a.superUser, 'DELETE', a.organizationId, `/${b.stationId}`);
    expect(crossed.status).toBe(404);
    expect(names(await b.call(b.superUser, 'GET', b.organizationId))).toEqual(['Weld cell 2']);
    expect(names(await a.call(a.superUser, 'GET', a.organizationId))).toEqual(['Press 7 changeover']);

    // A member lists the stations but does not manage them.
    expect((await a.call(a.member, 'GET', a.organizationId, '/choices')).status).toBe(403);
    expect((await a.call(a.member, 'DELETE', a.organizationId, `/${a.stationId}`)).status).toBe(403);

    // The super user retires their own station: gone from the list.
    expect((await a.call(a.superUser, 'DELETE', a.organizationId, `/${a.stationId}`)).status).toBe(200);
    expect(names(await a.call(a.superUser, 'GET', a.organizationId))).toEqual([]);
  });
});
