import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { DAY } from '../../lib/clock.ts';
import { checkChain } from './audit-pack.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const CHECKLIST = ['Guards closed before cycling', 'Two-hand control used'];

/** A plant whose member is signed off and qualified at a press, and whose super user is assigned but untrained. */
async function signedOffPlant(name: string) {
  const org = await organizationWithMembers(platform, name);
  await openWholeCatalog(platform, org.organizationId);
  const base = `/api/organization/${org.organizationId}`;
  const su = (method: string, path: string, json?: unknown) =>
    platform.api(method, `${base}${path}`, { token: org.superUser.token, ...(json === undefined ? {} : { json }) });
  const lockout = catalog.videos.lockout as number;
  const station = (
    await su('POST', '/stations', {
      name: 'Press 4',
      description: 'The 200 t stamping press.',
      requirements: [{ kind: 'video', id: lockout }],
      checklist: CHECKLIST,
      validity_months: 12,
      min_per_shift: 1,
    })
  ).body.data;
  await su('POST', `/stations/${station.id}/assignments`, { user_ids: [org.member.id, org.superUser.id] });
  await platform.api('POST', '/api/watch-user-video', { token: org.member.token, json: { user: org.member.id, video: lockout, timeSpent: 1 } });
  const signed = await su('POST', '/signoffs', {
    station_id: station.id,
    user_id: org.member.id,
    checklist: CHECKLIST.map((item) => ({ item, checked: true })),
    comment: 'Ran 20 parts safely.',
  });
  expect(signed.status).toBe(201);
  const verify = async () => {
    const res = await su('GET', '/audit-pack/verify');
    expect(res.status).toBe(200);
    return res.body.data as { intact: boolean; breaks: { kind: string; message: string }[]; head: { sequence: number; hash: string; at: string } | null };
  };
  const pack = async () => {
    const res = await fetch(`${platform.url}${base}/audit-pack`, { headers: { authorization: `Bearer ${org.superUser.token}` } });
    expect(res.status).toBe(200);
    return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text.replace(/\n/g, ' ');
  };
  const csv = async () => (await su('GET', '/audit-pack?format=csv')).body as string;
  return { ...org, station, signoffId: signed.body.data.id as number, verify, pack, csv };
}

describe('the audit pack vouches only for what the evidence chain witnessed', () => {
  it('reports a forged, back-dated or invented sign-off or qualification as a break, in the API, the PDF, the CSV and the check', async () => {
    const p = await signedOffPlant('Forgery Works');
    const db = platform.ctx.db;
    const clean = await p.verify();
    expect(clean).toMatchObject({ intact: true, breaks: [] });
    expect(clean.head?.sequence).toBeGreaterThan(0);
    const cleanPack = await p.pack();
    expect(cleanPack).toContain('Evidence chain intact');
    expect(cleanPack).toContain(clean.head!.hash);
    expect(cleanPack).toContain('signed off by Sam Super');

    const original = await db.selectFrom('signoffs').selectAll().where('id', '=', p.signoffId).executeTakeFirstOrThrow();
    const restore = () => db.updateTable('signoffs').set(original).where('id', '=', p.signoffId).execute();

    // A forged signer, comment and checklist.
    await db
      .updateTable('signoffs')
      .set({ signed_by_name: 'FORGED Auditor', comment: 'All fine', checklist: JSON.stringify([{ item: 'Anything', checked: true }]) })
      .where('id', '=', p.signoffId)
      .execute();
    const forged = await p.verify();
    expect(forged.intact).toBe(false);
    expect(forged.breaks).toEqual([expect.objectContaining({ kind: 'signoff', message: expect.stringMatching(/signer, comment, checklist/) })]);
    const forgedPack = await p.pack();
    expect(forgedPack).not.toContain('Evidence chain intact');
    expect(forgedPack).toContain('EVIDENCE CHAIN BROKEN');
    expect(forgedPack).not.toContain('FORGED Auditor');
    expect(forgedPack).toContain('STORED SIGN-OFF DISAGREES WITH THIS RECORD');
    expect(await p.csv()).toContain('BROKEN');
    expect((await checkChain(db, p.organizationId)).intact).toBe(false);
    await restore();
    expect((await p.verify()).intact).toBe(true);

    // Back-dated by 400 days.
    await db
      .updateTable('signoffs')
      .set({ signed_at: Number(original.signed_at) - 400 * DAY })
      .where('id', '=', p.signoffId)
      .execute();
    const backdated = await p.verify();
    expect(backdated.intact).toBe(false);
    expect(backdated.breaks[0]!.message).toMatch(/\(time\)/);
    expect(await p.pack()).toContain('EVIDENCE CHAIN BROKEN');
    await restore();

    // A sign-off row the chain never saw.
    const { id: _id, ...copy } = original;
    await db
      .insertInto('signoffs')
      .values({ ...copy, user_id: p.superUser.id })
      .execute();
    const invented = await p.verify();
    expect(invented.breaks).toEqual([expect.objectContaining({ kind: 'signoff', message: expect.stringMatching(/is not in the evidence chain/) })]);
    await db.deleteFrom('signoffs').where('id', '>', p.signoffId).execute();

    // The untrained super user set to qualified; the member's expiry moved.
    await db.updateTable('qualifications').set({ state: 'qualified', qualified_at: Date.now() }).where('user_id', '=', p.superUser.id).execute();
    const promoted = await p.verify();
    expect(promoted.breaks).toEqual([
      expect.objectContaining({
        kind: 'qualification',
        message: 'Sam Super at Press 4 is stored as "qualified" but the evidence chain holds no qualification for it.',
      }),
    ]);
    const promotedPack = await p.pack();
    expect(promotedPack).toContain('EVIDENCE CHAIN BROKEN');
    expect(promotedPack).toContain('DISAGREES WITH THE EVIDENCE CHAIN');
    await db.updateTable('qualifications').set({ state: 'not_started', qualified_at: null }).where('user_id', '=', p.superUser.id).execute();
    const held = await db.selectFrom('qualifications').select('expires_at').where('user_id', '=', p.member.id).executeTakeFirstOrThrow();
    await db
      .updateTable('qualifications')
      .set({ expires_at: Number(held.expires_at) + 365 * DAY })
      .where('user_id', '=', p.member.id)
      .execute();
    expect((await p.verify()).breaks[0]!.message).toMatch(/qualification dates differ/);
    await db.updateTable('qualifications').set({ expires_at: held.expires_at }).where('user_id', '=', p.member.id).execute();

    // An edited evidence record.
    expect((await p.verify()).intact).toBe(true);
    await db
      .updateTable('evidence_records')
      .set({ detail: JSON.stringify({ video: 'Something else' }) })
      .where('organization_id', '=', p.organizationId)
      .where('kind', '=', 'video_completed')
      .execute();
    const edited = await p.verify();
    expect(edited.breaks).toEqual([expect.objectContaining({ kind: 'record' })]);
    expect(await p.pack()).toContain('EVIDENCE CHAIN BROKEN');
  });
});
