import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { qrCodeDrawing } from '../../lib/qr-pdf.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const sheet = (token: string, ids: string) =>
  fetch(`${platform.url}/api/shopfloor/qr-codes/videos.pdf?video_ids=${ids}`, { headers: { authorization: `Bearer ${token}` } });

describe('video QR sheets', () => {
  it('prints one vector QR code per video with its title and its stable /video address', async () => {
    const org = await organizationWithMembers(platform, 'QR Org');
    const choices = await platform.api('GET', '/api/shopfloor/qr-codes', { token: org.superUser.token });
    expect(choices.body.data.videos.map((v: { id: number }) => v.id)).toContain(catalog.videos.lockout);
    expect(choices.body.data.videos.map((v: { id: number }) => v.id)).not.toContain(catalog.videos.draft);

    const res = await sheet(org.superUser.token, `${catalog.videos.lockout},${catalog.videos.ppe}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf).toContain('(Lockout)');
    expect(pdf).toContain('(Ppe)');
    const url = `${platform.url}/video/${catalog.videos.lockout}`;
    expect(pdf).toContain(`(${url})`);
    // The drawing holds exactly the dark modules of that address's QR code.
    const darkModules = [...QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.data].filter(Boolean).length;
    expect(qrCodeDrawing(url, 0, 0, 170).match(/ re\n/g)).toHaveLength(darkModules);
    // The first label (top left): centred in its 297.5 pt column, above its title.
    expect(pdf).toContain(qrCodeDrawing(url, (595 / 2 - 170) / 2, 20 + 2 * ((842 - 60) / 3) + 60, 170));
  });

  it('is for super users only, and refuses an empty or unknown choice', async () => {
    const org = await organizationWithMembers(platform, 'QR Members');
    expect((await sheet(org.member.token, String(catalog.videos.lockout))).status).toBe(403);
    expect((await platform.api('GET', '/api/shopfloor/qr-codes', { token: org.member.token })).status).toBe(403);
    expect((await sheet(org.superUser.token, '')).status).toBe(400);
    expect((await sheet(org.superUser.token, String(catalog.videos.draft))).status).toBe(400);
    expect((await sheet(org.superUser.token, 'abc')).status).toBe(400);
  });

  it("prints station labels opening /station/{id}, only for the caller's own organization's work stations", async () => {
    const org = await organizationWithMembers(platform, 'QR Stations');
    const base = `/api/organization/${org.organizationId}/stations`;
    const press = { name: 'Press 7', requirements: [{ kind: 'video', id: catalog.videos.lockout }], checklist: ['Guards closed'], validity_months: 12 };
    const station = (await platform.api('POST', base, { token: org.superUser.token, json: press })).body.data;
    const training = (await platform.api('POST', base, { token: org.superUser.token, json: { ...press, kind: 'training', name: 'Induction', checklist: [] } }))
      .body.data;
    const choices = (await platform.api('GET', '/api/shopfloor/qr-codes', { token: org.superUser.token })).body.data;
    expect(choices.stations).toEqual([{ id: station.id, name: 'Press 7' }]);
    expect(choices.teams.map((t: { name: string }) => t.name)).toContain('Assembly');

    const stationSheet = (token: string, ids: string) =>
      fetch(`${platform.url}/api/shopfloor/qr-codes/stations.pdf?station_ids=${ids}`, { headers: { authorization: `Bearer ${token}` } });
    const res = await stationSheet(org.superUser.token, String(station.id));
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf).toContain('(Press 7)');
    expect(pdf).toContain(`(${platform.url}/station/${station.id})`);
    // Required training has no machine to stick a label on; another organization's super user gets nothing.
    expect((await stationSheet(org.superUser.token, String(training.id))).status).toBe(400);
    const other = await organizationWithMembers(platform, 'QR Stations Other');
    expect((await stationSheet(other.superUser.token, String(station.id))).status).toBe(400);
    expect((await stationSheet(org.member.token, String(station.id))).status).toBe(403);
  });
});
