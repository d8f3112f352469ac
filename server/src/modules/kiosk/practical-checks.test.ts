import { KIOSK_MESSAGES, KIOSK_TOKEN_HEADER } from '@mm/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { expectPrivatePicture, SIGNED_PICTURE, storedAddress } from '../../../test/private-pictures.ts';
import { addMember } from '../organization/organization.service.ts';
import { NOT_A_SIGNER, STEPS_MISMATCH } from '../qualifications/practical-checks.service.ts';
import { NOT_A_PHOTO } from './kiosk.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const CHECKLIST = ['Guards closed before cycling', 'Two-hand control used'];
type Who = { id: number; token: string };

/**
 * An organization with a kiosk for its Assembly team, PINs for the member (2580) and the super user (1470), a station
 * with a checklist requiring one video, the member assigned and trained, and a second member (Otto, PIN 3690).
 */
async function plant(name: string) {
  const org = await organizationWithMembers(platform, name);
  await openWholeCatalog(platform, org.organizationId);
  const base = `/api/organization/${org.organizationId}`;
  const teamId = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', org.member.id).executeTakeFirstOrThrow()).team_id as number;
  const enrolled = await platform.api('POST', '/api/kiosks', { token: org.superUser.token, json: { team_id: teamId, name: 'Cell tablet' } });
  expect(enrolled.status).toBe(201);
  const setPin = async (who: Who, pin: string) =>
    expect((await platform.api('POST', '/api/kiosk-pin', { token: who.token, json: { pin, pin_confirmation: pin } })).status).toBe(201);
  await setPin(org.member, '2580');
  await setPin(org.superUser, '1470');
  const ottoEmail = uniqueEmail('otto');
  const ottoId = await addMember(platform.ctx, org.organizationId, {
    email: ottoEmail,
    password: STRONG_PASSWORD,
    name: 'Otto',
    lastName: 'Crew',
    team: 'Assembly',
  });
  const otto = { id: ottoId, token: (await platform.api('POST', '/api/v4/login', { json: { email: ottoEmail, password: STRONG_PASSWORD } })).body.data.token };
  await setPin(otto, '3690');
  const lockout = catalog.videos.lockout as number;
  const station = await platform.api('POST', `${base}/stations`, {
    token: org.superUser.token,
    json: { name: 'Press 4', requirements: [{ kind: 'video', id: lockout }], checklist: CHECKLIST, validity_months: 12, min_per_shift: 0 },
  });
  expect(station.status).toBe(201);
  const stationId = station.body.data.id as number;
  expect(
    (await platform.api('POST', `${base}/stations/${stationId}/assignments`, { token: org.superUser.token, json: { user_ids: [org.member.id, otto.id] } }))
      .status,
  ).toBe(200);
  expect(
    (await platform.api('POST', '/api/watch-user-video', { token: org.member.token, json: { user: org.member.id, video: lockout, timeSpent: 1 } })).status,
  ).toBe(201);
  const device = { [KIOSK_TOKEN_HEADER]: enrolled.body.data.device_token as string };
  const record = (json: Record<string, unknown>) =>
    platform.api('POST', '/api/kiosk/practical-checks', {
      headers: device,
      json: {
        station_id: stationId,
        operator_id: org.member.id,
        trainer_id: org.superUser.id,
        steps: CHECKLIST.map((item) => ({ item, passed: true, note: '' })),
        operator_pin: '2580',
        trainer_pin: '1470',
        ...json,
      },
    });
  const standing = async () =>
    (await platform.api('GET', `${base}/qualifications?user_id=${org.member.id}`, { token: org.superUser.token })).body.data.stations.find(
      (s: { station_id: number }) => s.station_id === stationId,
    );
  const checksStored = async () =>
    Number(
      (
        await platform.ctx.db
          .selectFrom('practical_checks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', org.organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const evidence = () =>
    platform.ctx.db
      .selectFrom('evidence_records')
      .select(['kind', 'user_id', 'station_id', 'detail'])
      .where('organization_id', '=', org.organizationId)
      .orderBy('sequence')
      .execute();
  const kioskId = enrolled.body.data.kiosk.id as number;
  return { ...org, base, otto, stationId, kioskId, device, record, standing, checksStored, evidence };
}

const photo = (device: Record<string, string>, bytes: Buffer, type = 'image/png') => {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), 'step.png');
  return platform.api('POST', '/api/kiosk/practical-checks/photos', { headers: device, body: form });
};

describe('practical checks on the kiosk', () => {
  it('lists the station for the kiosk, refuses wrong PINs, keeps a failed check without signing, and signs off a passed one into the chain', async () => {
    const p = await plant('Practical Org');
    const stations = await platform.api('GET', '/api/kiosk/practical-checks/stations', { headers: p.device });
    expect(stations.status).toBe(200);
    const listed = stations.body.data.stations.find((s: { id: number }) => s.id === p.stationId);
    expect(listed).toMatchObject({ name: 'Press 4', checklist: CHECKLIST });
    expect(listed.operators.map((o: { user_id: number }) => o.user_id).sort()).toEqual([p.member.id, p.otto.id].sort());
    expect(listed.trainers).toEqual([{ user_id: p.superUser.id, name: 'Sam', last_name: 'Super', has_pin: true }]);
    expect(JSON.stringify(stations.body)).not.toMatch(/argon2|pin_hash|email/);

    // A photo passes the picture check (re-encoded to WebP); a file that is no picture is refused.
    const shot = await photo(
      p.device,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    expect(shot.status).toBe(201);
    // Kept private: the kiosk gets a signed address to show it back; the address it is kept at opens nothing.
    expect(storedAddress(shot.body.data.photo_url)).toMatch(/^\/uploads\/practical\/[\w-]+\.webp$/);
    const notPhoto = await photo(p.device, Buffer.from('%PDF-1.4 not a picture'));
    expect(notPhoto.status).toBe(400);
    expect(notPhoto.body.error_messages).toBe(NOT_A_PHOTO);
    expect((await photo({ [KIOSK_TOKEN_HEADER]: 'forged' }, Buffer.from('x'))).status).toBe(401);

    // A wrong operator PIN, then a wrong trainer PIN: nothing recorded, nothing signed.
    const wrongOperator = await p.record({ operator_pin: '9999' });
    expect(wrongOperator.status).toBe(401);
    expect(wrongOperator.body.error_messages).toBe(KIOSK_MESSAGES.operatorWrongPin);
    const wrongTrainer = await p.record({ trainer_pin: '9999' });
    expect(wrongTrainer.status).toBe(401);
    expect(wrongTrainer.body.error_messages).toBe(KIOSK_MESSAGES.trainerWrongPin);
    expect(await p.checksStored()).toBe(0);
    expect((await p.standing()).state).toBe('awaiting_signoff');

    // The form must be the station's checklist; a plain member may not be the trainer.
    const shuffled = await p.record({ steps: [...CHECKLIST].reverse().map((item) => ({ item, passed: true })) });
    expect(shuffled.status).toBe(400);
    expect(shuffled.body.error_messages).toBe(STEPS_MISMATCH);
    const byOtto = await p.record({ trainer_id: p.otto.id, trainer_pin: '3690' });
    expect(byOtto.status).toBe(403);
    expect(byOtto.body.error_messages).toBe(NOT_A_SIGNER);
    const forgedPhoto = await p.record({ steps: CHECKLIST.map((item) => ({ item, passed: true, photo_url: 'https://evil.example/x.webp' })) });
    expect(forgedPhoto.status).toBe(400);
    expect(await p.checksStored()).toBe(0);

    // A failed step: recorded as evidence, not signed; the person page names the step to redo.
    const failed = await p.record({
      steps: [
        { item: CHECKLIST[0], passed: true, note: 'Guards closed every cycle.', photo_url: shot.body.data.photo_url },
        { item: CHECKLIST[1], passed: false, note: 'Held one button with his knee.' },
      ],
    });
    expect(failed.status).toBe(201);
    expect(failed.body.data).toMatchObject({ passed: false, person_name: 'Mia Member', trainer_name: 'Sam Super', station_name: 'Press 4' });
    expect(failed.body.data.steps[0].photo_url).toMatch(SIGNED_PICTURE);
    const afterFail = await p.standing();
    expect(afterFail.state).toBe('awaiting_signoff');
    expect(afterFail.missing).toEqual(['signoff']);
    expect(afterFail.last_practical).toMatchObject({ passed: false, trainer_name: 'Sam Super', failed_steps: [CHECKLIST[1]] });
    const failedRecord = (await p.evidence()).filter((r) => r.kind === 'practical_check');
    expect(failedRecord).toHaveLength(1);
    expect(failedRecord[0]).toMatchObject({ user_id: p.member.id, station_id: p.stationId });
    expect(JSON.parse(failedRecord[0]!.detail)).toMatchObject({
      passed: false,
      trainer: 'Sam Super',
      confirmed_by: ['operator_pin', 'trainer_pin'],
      steps: [
        { item: CHECKLIST[0], passed: true, note: 'Guards closed every cycle.', photo_url: storedAddress(shot.body.data.photo_url) },
        { item: CHECKLIST[1], passed: false, note: 'Held one button with his knee.', photo_url: null },
      ],
    });
    expect((await p.evidence()).some((r) => r.kind === 'signed_off')).toBe(false);

    // Every step passed: the check is the sign-off; the chain has both records and verifies; the pack prints the check.
    const passed = await p.record({});
    expect(passed.status).toBe(201);
    expect(passed.body.data.passed).toBe(true);
    const afterPass = await p.standing();
    expect(afterPass.state).toBe('qualified');
    expect(afterPass.last_signoff).toMatchObject({ signed_by_name: 'Sam Super' });
    expect(afterPass.last_practical).toMatchObject({ passed: true, failed_steps: [] });
    expect((await p.evidence()).map((r) => r.kind).filter((k) => k === 'practical_check' || k === 'signed_off')).toEqual([
      'practical_check',
      'practical_check',
      'signed_off',
    ]);
    const verify = await platform.api('GET', `${p.base}/audit-pack/verify`, { token: p.superUser.token });
    expect(verify.body.data).toMatchObject({ intact: true, first_broken_sequence: null });
    const csv = await fetch(`${platform.url}${p.base}/audit-pack?user_id=${p.member.id}&format=csv`, {
      headers: { authorization: `Bearer ${p.superUser.token}` },
    });
    const text = await csv.text();
    expect(text).toContain('did not pass the practical check at Press 4 observed by Sam Super, confirmed by both PINs');
    expect(text).toContain('FAIL: Two-hand control used (Held one button with his knee.)');
    expect(text).toContain('passed the practical check at Press 4 observed by Sam Super');

    // The verification compares every practical check row with its record: a failed step turned into a pass is caught.
    const failedId = failed.body.data.id as number;
    const original = await platform.ctx.db.selectFrom('practical_checks').select(['passed', 'steps']).where('id', '=', failedId).executeTakeFirstOrThrow();
    const forged = (JSON.parse(original.steps) as { passed: boolean }[]).map((step) => ({ ...step, passed: true }));
    await platform.ctx.db
      .updateTable('practical_checks')
      .set({ passed: 1, steps: JSON.stringify(forged) })
      .where('id', '=', failedId)
      .execute();
    const broken = await platform.api('GET', `${p.base}/audit-pack/verify`, { token: p.superUser.token });
    expect(broken.body.data.intact).toBe(false);
    expect(broken.body.data.breaks).toEqual([
      expect.objectContaining({
        kind: 'practical',
        message: expect.stringMatching(
          /^Practical check of Mia Member at Press 4 \(.*\) differs from evidence record #\d+ \(result, steps, notes or photos\)\.$/,
        ),
      }),
    ]);
    await platform.ctx.db.updateTable('practical_checks').set(original).where('id', '=', failedId).execute();
    expect((await platform.api('GET', `${p.base}/audit-pack/verify`, { token: p.superUser.token })).body.data.intact).toBe(true);
  });

  it("another organization's kiosk can neither read nor record a check of this organization", async () => {
    const a = await plant('Practical Victim');
    const b = await plant('Practical Attacker');
    const bStations = await platform.api('GET', '/api/kiosk/practical-checks/stations', { headers: b.device });
    expect(bStations.body.data.stations.map((s: { id: number }) => s.id)).toEqual([b.stationId]);
    // A's operator through B's kiosk (right PINs): not on B's team.
    const foreignOperator = await b.record({ station_id: a.stationId, operator_id: a.member.id, trainer_id: a.superUser.id });
    expect(foreignOperator.status).toBe(404);
    // B's people at A's station: no such station in B's organization.
    const foreignStation = await b.record({ station_id: a.stationId });
    expect(foreignStation.status).toBe(404);
    // A's trainer signing B's operator: no such person in B's organization.
    const foreignTrainer = await b.record({ trainer_id: a.superUser.id });
    expect(foreignTrainer.status).toBe(404);
    expect(await a.checksStored()).toBe(0);
    expect(await b.checksStored()).toBe(0);
    expect((await a.standing()).state).toBe('awaiting_signoff');
    // Without a device token nothing is listed.
    expect((await platform.api('GET', '/api/kiosk/practical-checks/stations')).status).toBe(401);
  });

  it("shows a check's details to the organization's super users only, its photo opening only at the signed address", async () => {
    const p = await plant('Practical Detail Org');
    const other = await plant('Practical Detail Stranger');
    const png = (background: string) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .png()
        .toBuffer();
    const shot = (await photo(p.device, await png('#884422'))).body.data.photo_url as string;
    const theirs = (await photo(other.device, await png('#224488'))).body.data.photo_url as string;
    const recorded = await p.record({
      steps: [
        { item: CHECKLIST[0], passed: true, note: 'Guards closed every cycle.', photo_url: shot },
        { item: CHECKLIST[1], passed: false, note: 'Held one button with his knee.' },
      ],
    });
    expect(recorded.status).toBe(201);
    const checkId = recorded.body.data.id as number;
    // The person page names the last check, so a supervisor can open it.
    expect((await p.standing()).last_practical.id).toBe(checkId);

    const path = `${p.base}/practical-checks/${checkId}`;
    const detail = await platform.api('GET', path, { token: p.superUser.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: checkId,
      station_id: p.stationId,
      station_name: 'Press 4',
      user_id: p.member.id,
      person_name: 'Mia Member',
      trainer_name: 'Sam Super',
      passed: false,
      signed_off: false,
      steps: [
        { item: CHECKLIST[0], passed: true, note: 'Guards closed every cycle.', photo_url: expect.stringMatching(SIGNED_PICTURE) },
        { item: CHECKLIST[1], passed: false, note: 'Held one button with his knee.', photo_url: null },
      ],
    });
    const record = (await p.evidence()).find((r) => r.kind === 'practical_check');
    const chained = await platform.ctx.db
      .selectFrom('evidence_records')
      .select(['sequence', 'hash'])
      .where('organization_id', '=', p.organizationId)
      .where('kind', '=', 'practical_check')
      .executeTakeFirstOrThrow();
    expect(record).toBeDefined();
    expect(detail.body.data.evidence).toEqual({ sequence: chained.sequence, hash: chained.hash });
    // It names the tablet it was recorded on; a revoked one is said to be revoked; none when recorded outside a kiosk.
    expect(detail.body.data.kiosk).toEqual({ id: p.kioskId, name: 'Cell tablet', revoked: false });
    const signed = detail.body.data.steps[0].photo_url as string;
    expect(storedAddress(signed)).toBe(storedAddress(shot));
    await expectPrivatePicture(platform, signed, theirs);

    // The operator, another organization's super user, a forged id: refused; no session: 401.
    expect((await platform.api('GET', path, { token: p.member.token })).status).toBe(403);
    expect((await platform.api('GET', path, { token: other.superUser.token })).status).toBe(403);
    expect((await platform.api('GET', `${other.base}/practical-checks/${checkId}`, { token: other.superUser.token })).status).toBe(404);
    expect((await platform.api('GET', `${p.base}/practical-checks/999999`, { token: p.superUser.token })).status).toBe(404);
    expect((await platform.api('GET', `${p.base}/practical-checks/abc`, { token: p.superUser.token })).status).toBe(400);
    expect((await platform.api('GET', path)).status).toBe(401);

    const revoked = await platform.api('POST', `/api/kiosks/${p.kioskId}/revoke`, { token: p.superUser.token, headers: { 'accept-language': 'es' } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('El quiosco quedó revocado.');
    expect((await platform.api('GET', path, { token: p.superUser.token })).body.data.kiosk).toEqual({ id: p.kioskId, name: 'Cell tablet', revoked: true });
    await platform.ctx.db.updateTable('practical_checks').set({ kiosk_id: null }).where('id', '=', checkId).execute();
    expect((await platform.api('GET', path, { token: p.superUser.token })).body.data.kiosk).toBeNull();
  });

  it('lists the checks recorded at a station for its super users, newest first and paged; another organization gets 404', async () => {
    const p = await plant('Practical Station List Org');
    const other = await plant('Practical Station List Stranger');
    const list = (base: string, stationId: number, token: string | undefined, query = '') =>
      platform.api('GET', `${base}/stations/${stationId}/practical-checks${query}`, token ? { token } : {});
    const failing = CHECKLIST.map((item, i) => ({ item, passed: i === 0, note: '' }));

    // No check yet: an empty page.
    const empty = await list(p.base, p.stationId, p.superUser.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ checks: [], total: 0, skip: 0, take: 20 });

    const first = await p.record({ steps: failing });
    const second = await p.record({ operator_id: p.otto.id, operator_pin: '3690', steps: failing });
    const third = await p.record({});
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    // The other organization's check at its own station is not among them.
    expect((await other.record({})).status).toBe(201);

    const page1 = await list(p.base, p.stationId, p.superUser.token, '?take=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 3, skip: 0, take: 2 });
    expect(page1.body.data.checks).toEqual([
      {
        id: third.body.data.id,
        user_id: p.member.id,
        person_name: 'Mia Member',
        trainer_name: 'Sam Super',
        recorded_at: third.body.data.recorded_at,
        passed: true,
        signed_off: true,
      },
      {
        id: second.body.data.id,
        user_id: p.otto.id,
        person_name: 'Otto Crew',
        trainer_name: 'Sam Super',
        recorded_at: second.body.data.recorded_at,
        passed: false,
        signed_off: false,
      },
    ]);
    const page2 = await list(p.base, p.stationId, p.superUser.token, '?take=2&skip=2');
    expect(page2.body.data).toMatchObject({ total: 3, skip: 2, take: 2 });
    expect(page2.body.data.checks.map((c: { id: number }) => c.id)).toEqual([first.body.data.id]);
    // Each opens the details dialog by its id.
    expect((await platform.api('GET', `${p.base}/practical-checks/${first.body.data.id}`, { token: p.superUser.token })).status).toBe(200);

    // Another organization's super user: its own organization's path with this station is 404, this organization's 403.
    const foreign = await list(other.base, p.stationId, other.superUser.token);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Mia');
    expect((await list(p.base, p.stationId, other.superUser.token)).status).toBe(403);
    expect((await list(other.base, other.stationId, other.superUser.token)).body.data.total).toBe(1);
    // The operator, no session, no such station, a page out of bounds.
    expect((await list(p.base, p.stationId, p.member.token)).status).toBe(403);
    expect((await list(p.base, p.stationId, undefined)).status).toBe(401);
    expect((await list(p.base, 999999, p.superUser.token)).status).toBe(404);
    expect((await list(p.base, p.stationId, p.superUser.token, '?take=0')).status).toBe(400);
    expect((await list(p.base, p.stationId, p.superUser.token, '?take=101')).status).toBe(400);
    expect((await list(p.base, p.stationId, p.superUser.token, '?skip=-1')).status).toBe(400);
  });

  it('answers a Spanish kiosk in Spanish: the PIN refusals and the recorded check', async () => {
    const p = await plant('Practical Spanish Org');
    const spanish = { ...p.device, 'accept-language': 'es' };
    const body = {
      station_id: p.stationId,
      operator_id: p.member.id,
      trainer_id: p.superUser.id,
      steps: CHECKLIST.map((item, i) => ({ item, passed: i === 0, note: '' })),
      operator_pin: '9999',
      trainer_pin: '1470',
    };
    const wrong = await platform.api('POST', '/api/kiosk/practical-checks', { headers: spanish, json: body });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_messages).toBe('El PIN del operario es incorrecto. No se registró nada: el operario lo vuelve a introducir.');
    const signIn = await platform.api('POST', '/api/kiosk/sign-in', { headers: spanish, json: { user_id: p.otto.id, pin: '0000' } });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error_messages).toBe('PIN incorrecto. Inténtelo de nuevo.');
    const recorded = await platform.api('POST', '/api/kiosk/practical-checks', { headers: spanish, json: { ...body, operator_pin: '2580' } });
    expect(recorded.status).toBe(201);
    expect(recorded.body.message).toBe('La comprobación práctica de Mia Member en Press 4 queda registrada: no superada, sin aprobación.');
    // The same kiosk in English.
    const english = await platform.api('POST', '/api/kiosk/practical-checks', { headers: p.device, json: { ...body, operator_pin: '2580' } });
    expect(english.body.message).toBe('The practical check of Mia Member at Press 4 is recorded: not passed, not signed off.');
  });
});
