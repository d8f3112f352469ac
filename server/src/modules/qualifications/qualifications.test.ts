import { REQUIRED_TRAINING_NO_CHECKLIST } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, reimportTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { atMoment, DAY } from '../../lib/clock.ts';
import { replaceVideoTitleTranslations } from '../captions/title-translations.queries.ts';
import { checkChain } from '../evidence/audit-pack.ts';
import { verifyCertificate } from '../learning/certificates.service.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { runQualificationClock } from './qualification-clock.ts';
import { NOT_A_TRAINER, NOT_YOURSELF } from './qualifications.policy.ts';
import { CHECKLIST_INCOMPLETE, TRAINING_INCOMPLETE } from './signoffs.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

type Who = { id: number; token: string };
const CHECKLIST = ['Guards closed before cycling', 'Two-hand control used', 'Scrap bin emptied safely'];

async function plant(name: string) {
  const org = await organizationWithMembers(platform, name);
  await openWholeCatalog(platform, org.organizationId);
  const base = `/api/organization/${org.organizationId}`;
  const call = (who: Who, method: string, path: string, json?: unknown) =>
    platform.api(method, `${base}${path}`, { token: who.token, ...(json === undefined ? {} : { json }) });
  const watch = (who: Who, videoId: number) =>
    platform.api('POST', '/api/watch-user-video', { token: who.token, json: { user: who.id, video: videoId, timeSpent: 1 } });
  return { ...org, base, call, watch };
}

const pressStation = (videoIds: number[], extra: Record<string, unknown> = {}) => ({
  name: 'Press 4',
  description: 'The 200 t stamping press.',
  requirements: videoIds.map((id) => ({ kind: 'video', id })),
  checklist: CHECKLIST,
  validity_months: 12,
  min_per_shift: 2,
  ...extra,
});

const stateOf = async (p: Awaited<ReturnType<typeof plant>>, who: Who, stationId: number) => {
  const res = await p.call(who, 'GET', '/qualifications');
  expect(res.status).toBe(200);
  return res.body.data.stations.find((s: { station_id: number }) => s.station_id === stationId);
};

describe('qualifications', () => {
  it('moves a person from assignment through training and sign-off to qualified, and the matrix and coverage follow', async () => {
    const p = await plant('Qualify Org');
    const lockout = catalog.videos.lockout as number;
    const confined = catalog.videos['confined-space'] as number;
    const created = await p.call(p.superUser, 'POST', '/stations', pressStation([lockout, confined]));
    expect(created.status).toBe(201);
    const station = created.body.data;
    expect(station).toMatchObject({ name: 'Press 4', required_video_count: 2, checklist: CHECKLIST, assigned_count: 0 });

    const teams = await platform.api('GET', `${p.base}/teams`, { token: p.superUser.token });
    const assembly =
      teams.body.data.teams?.find?.((t: { name: string }) => t.name === 'Assembly') ?? teams.body.data.find((t: { name: string }) => t.name === 'Assembly');
    const assigned = await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { team_id: assembly.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assigned).toBe(2);

    expect((await stateOf(p, p.member, station.id)).state).toBe('not_started');
    expect((await p.watch(p.member, lockout)).status).toBe(201);
    const training = await stateOf(p, p.member, station.id);
    expect(training.state).toBe('in_training');
    expect(training.required.find((r: { video_id: number }) => r.video_id === lockout)).toMatchObject({ revision: 1, completed_revision: 1 });
    expect(training.due_at).not.toBeNull();

    // Sign-off before the training is complete is refused; so is signing off oneself, or by a plain member.
    const ticked = CHECKLIST.map((item) => ({ item, checked: true }));
    const early = await p.call(p.superUser, 'POST', '/signoffs', { station_id: station.id, user_id: p.member.id, checklist: ticked });
    expect(early.status).toBe(409);
    expect(early.body.error_messages).toBe(TRAINING_INCOMPLETE);

    expect((await p.watch(p.member, confined)).status).toBe(201);
    expect((await stateOf(p, p.member, station.id)).state).toBe('awaiting_signoff');

    const byMember = await p.call(p.member, 'POST', '/signoffs', { station_id: station.id, user_id: p.superUser.id, checklist: ticked });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error_messages).toBe(NOT_A_TRAINER);
    const self = await p.call(p.member, 'POST', '/signoffs', { station_id: station.id, user_id: p.member.id, checklist: ticked });
    expect(self.body.error_messages).toBe(NOT_YOURSELF);
    const partial = await p.call(p.superUser, 'POST', '/signoffs', {
      station_id: station.id,
      user_id: p.member.id,
      checklist: ticked.map((c, i) => ({ ...c, checked: i > 0 })),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error_messages).toBe(CHECKLIST_INCOMPLETE);

    const signed = await p.call(p.superUser, 'POST', '/signoffs', {
      station_id: station.id,
      user_id: p.member.id,
      checklist: ticked,
      comment: 'Ran 20 parts safely.',
    });
    expect(signed.status).toBe(201);
    expect(signed.body.data).toMatchObject({ person_name: 'Mia Member', signed_by_name: 'Sam Super', comment: 'Ran 20 parts safely.' });
    expect(signed.body.data.evidence.map((e: { revision: number }) => e.revision)).toEqual([1, 1]);
    const qualified = await stateOf(p, p.member, station.id);
    expect(qualified.state).toBe('qualified');
    expect(Date.parse(qualified.expires_at) - Date.parse(qualified.qualified_at)).toBeGreaterThan(364 * DAY);

    // The matrix: the member's cell green, the super user's (assigned, nothing watched) not started; coverage by shift.
    expect((await p.call(p.superUser, 'PUT', `/qualifications/people/${p.member.id}/shift`, { shift: 'night' })).status).toBe(200);
    const matrix = await p.call(p.superUser, 'GET', '/qualifications/matrix');
    expect(matrix.status).toBe(200);
    const cell = (userId: number) =>
      matrix.body.data.people.find((x: { user_id: number }) => x.user_id === userId).cells.find((c: { station_id: number }) => c.station_id === station.id);
    expect(cell(p.member.id).state).toBe('qualified');
    expect(cell(p.superUser.id).state).toBe('not_started');
    expect(matrix.body.data.stations[0].coverage).toEqual([
      { shift: 'day', qualified: 0 },
      { shift: 'evening', qualified: 0 },
      { shift: 'night', qualified: 1 },
    ]);
    expect(matrix.body.data.stations[0].closest.map((c: { user_id: number }) => c.user_id)).toEqual([p.superUser.id]);
    const night = await p.call(p.superUser, 'GET', '/qualifications/matrix?shift=night');
    expect(night.body.data.people.map((x: { user_id: number }) => x.user_id)).toEqual([p.member.id]);
    const csv = await fetch(`${platform.url}${p.base}/qualifications/matrix.csv`, { headers: { authorization: `Bearer ${p.superUser.token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('Mia Member,Assembly,Night shift,Qualified until');

    // The audit pack names the revision watched and the sign-off; the chain verifies.
    const pdf = await fetch(`${platform.url}${p.base}/audit-pack?user_id=${p.member.id}`, { headers: { authorization: `Bearer ${p.superUser.token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    for (const expected of [
      'QUALIFICATION AUDIT PACK',
      'Evidence chain intact',
      'Watched: Lockout, revision 1',
      'signed off by Sam Super',
      '[x] Two-hand control used',
    ])
      expect(text).toContain(expected);
    const verify = await p.call(p.superUser, 'GET', '/audit-pack/verify');
    expect(verify.body.data).toMatchObject({ intact: true, first_broken_sequence: null });
    expect(verify.body.data.records).toBeGreaterThanOrEqual(6);
  });

  it('expires by the clock: reassigns the content in the warning period, expires at the date, sends one digest a day', async () => {
    const p = await plant('Expiry Org');
    const ppe = catalog.videos.ppe as number;
    const station = (
      await p.call(p.superUser, 'POST', '/stations', pressStation([ppe], { name: 'Forklift', checklist: [], validity_months: 1, warning_days: 10 }))
    ).body.data;
    await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [p.member.id] });
    await p.watch(p.member, ppe);
    const qualified = await stateOf(p, p.member, station.id);
    expect(qualified.state).toBe('qualified');
    const expiresAt = Date.parse(qualified.expires_at);

    await atMoment(expiresAt - 5 * DAY, () => runQualificationClock(platform.ctx));
    const expiring = await stateOf(p, p.member, station.id);
    expect(expiring.state).toBe('expiring');
    // The content is reassigned: the completed record is closed, a fresh watch is needed, due by the expiry date.
    expect(expiring.required[0].completed_revision).toBeNull();
    expect(Date.parse(expiring.due_at)).toBe(expiresAt);

    await atMoment(expiresAt + DAY, () => runQualificationClock(platform.ctx));
    expect((await stateOf(p, p.member, station.id)).state).toBe('expired');

    // Overdue now: one digest to the member and one to the super user for the local day, whatever the runs.
    // (The run at the expiry may already have sent the previous day's digest, depending on the hour the test runs.)
    const digestsBefore = await platform.ctx.db.selectFrom('outbox').select('id').where('kind', '=', 'training-digest').execute();
    const later = expiresAt + 2 * DAY;
    const noon = later - (later % DAY) + 12 * 3600_000;
    await atMoment(noon, () => runQualificationClock(platform.ctx));
    await atMoment(noon + 3600_000, () => runQualificationClock(platform.ctx));
    const digests = await platform.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'training-digest')
      .where('id', 'not in', [0, ...digestsBefore.map((d) => d.id)])
      .execute();
    expect(digests.filter((d) => d.to_address === p.member.email)).toHaveLength(1);
    const boss = digests.filter((d) => d.to_address === p.superUser.email);
    expect(boss).toHaveLength(1);
    expect(boss[0]!.text_body).toContain('Mia Member, Forklift: overdue since');
    await atMoment(noon + DAY, () => runQualificationClock(platform.ctx));
    const nextDay = await platform.ctx.db
      .selectFrom('outbox')
      .select('to_address')
      .where('kind', '=', 'training-digest')
      .where('to_address', '=', p.member.email)
      .where('id', 'not in', [0, ...digestsBefore.map((d) => d.id)])
      .execute();
    expect(nextDay).toHaveLength(2);

    // Watching again renews the qualification.
    await p.watch(p.member, ppe);
    expect((await stateOf(p, p.member, station.id)).state).toBe('qualified');
    // Every transition the clock made is witnessed by the chain: the stored rows agree with it.
    expect((await checkChain(platform.ctx.db, p.organizationId)).breaks).toEqual([]);
  });

  it('required training: assigned with a due date, completed by watching alone, and the category certificate expires with it', async () => {
    const p = await plant('Training Org');
    const safety = catalog.categories.safety as number;
    const course = {
      kind: 'training',
      name: 'Safety induction',
      requirements: [{ kind: 'category', id: safety }],
      validity_months: 12,
      due_days: 10,
    };
    const withChecklist = await p.call(p.superUser, 'POST', '/stations', { ...course, checklist: ['Observed'] });
    expect(withChecklist.status).toBe(400);
    expect(withChecklist.body.error_messages).toBe(REQUIRED_TRAINING_NO_CHECKLIST);
    const created = await p.call(p.superUser, 'POST', '/stations', { ...course, min_per_shift: 3, trainer_ids: [p.member.id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ kind: 'training', min_per_shift: 0, trainers: [], checklist: [] });
    const training = created.body.data;
    expect((await p.call(p.member, 'POST', '/stations', course)).status).toBe(403);

    await p.call(p.superUser, 'POST', `/stations/${training.id}/assignments`, { user_ids: [p.member.id] });
    const assigned = await stateOf(p, p.member, training.id);
    expect(assigned).toMatchObject({ station_kind: 'training', state: 'not_started' });
    expect(Date.parse(assigned.due_at) - Date.parse(assigned.assigned_at)).toBe(10 * DAY);
    const notices = await platform.api('GET', '/api/notices', { token: p.member.token });
    expect(JSON.stringify(notices.body)).toContain('Safety induction is required training for you: complete it by');

    // Every listed video of the category watched: qualified without a sign-off, and the category certificate carries the validity.
    for (const key of ['lockout', 'ppe', 'confined-space']) expect((await p.watch(p.member, catalog.videos[key] as number)).status).toBe(201);
    const done = await stateOf(p, p.member, training.id);
    expect(done.state).toBe('qualified');
    expect(done.due_at).toBeNull();
    const certificates = await platform.api('GET', `/api/get_all_user_certifications/${p.member.id}`, { token: p.member.token });
    const certificate = certificates.body.data.certifications.find((c: { category_id: number }) => c.category_id === safety);
    expect(certificate).toMatchObject({ valid_until: done.expires_at, expired: false });
    const verified = await platform.api('GET', `/api/certificates/verify/${certificate.verification_code}`);
    expect(verified.body.data).toMatchObject({ valid: true, valid_until: done.expires_at });
    const pdf = await fetch(`${platform.url}/api/certificates/${certificate.id}/pdf`, { headers: { authorization: `Bearer ${p.member.token}` } });
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('Valid until:');

    // Past the date (without renewal) the certificate and the training are expired, the certificate no longer verifies.
    const after = Date.parse(done.expires_at) + DAY;
    await atMoment(after, () => runQualificationClock(platform.ctx));
    expect((await stateOf(p, p.member, training.id)).state).toBe('expired');
    // (The clock of a request is the server's own: the verification is read through the service at that moment.)
    const refused = await atMoment(after, () => verifyCertificate(platform.ctx, certificate.verification_code));
    expect(refused).toMatchObject({ valid: false, valid_until: done.expires_at });
  });

  it('sends the qualified back to training on a revision that requires it, and requalifies them on the new revision', async () => {
    const p = await plant('Revision Org');
    const lockout = catalog.videos.lockout as number;
    const trainer = await addMember(platform.ctx, p.organizationId, {
      email: uniqueEmail('tina'),
      password: STRONG_PASSWORD,
      name: 'Tina',
      lastName: 'Trainer',
      team: 'Assembly',
    });
    const trainerToken = await signIn(
      platform,
      (await platform.ctx.db.selectFrom('users').select('email').where('id', '=', trainer).executeTakeFirstOrThrow()).email ?? '',
    );
    const station = (await p.call(p.superUser, 'POST', '/stations', pressStation([lockout], { name: 'Lockout authorised', trainer_ids: [trainer] }))).body.data;
    await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [p.member.id] });
    await p.watch(p.member, lockout);
    const ticked = CHECKLIST.map((item) => ({ item, checked: true }));
    // A trainer of the station signs off (no super user needed).
    const signed = await platform.api('POST', `${p.base}/signoffs`, {
      token: trainerToken,
      json: { station_id: station.id, user_id: p.member.id, checklist: ticked },
    });
    expect(signed.status).toBe(201);
    expect((await stateOf(p, p.member, station.id)).state).toBe('qualified');

    const summary = await reimportTestCatalog(
      platform,
      (c) => {
        const video = c.categories[0]!.sub_categories[0]!.videos[0]! as Record<string, unknown>;
        video.playbook = 'lockout-v2.pdf';
        video.requires_retraining = true;
      },
      { 'lockout-v2.pdf': '%PDF-1.4\n% revision 2 of the lockout playbook\n%%EOF\n' },
    );
    expect(summary.videos).toBeGreaterThan(0);
    const due = await stateOf(p, p.member, station.id);
    expect(due.state).toBe('retraining_due');
    expect(due.required[0]).toMatchObject({ revision: 2, completed_revision: null });
    const notices = await platform.api('GET', '/api/notices', { token: p.member.token });
    expect(JSON.stringify(notices.body)).toContain('has a new revision');

    await p.watch(p.member, lockout);
    expect((await stateOf(p, p.member, station.id)).state).toBe('awaiting_signoff');
    const again = await platform.api('POST', `${p.base}/signoffs`, {
      token: trainerToken,
      json: { station_id: station.id, user_id: p.member.id, checklist: ticked },
    });
    expect(again.body.data.evidence[0].revision).toBe(2);
    expect((await stateOf(p, p.member, station.id)).state).toBe('qualified');
    expect((await checkChain(platform.ctx.db, p.organizationId)).breaks).toEqual([]);
  });

  it("keeps another organization's stations and people out, and detects an edited evidence record", async () => {
    const a = await plant('Chain Victim');
    const b = await plant('Chain Attacker');
    const lockout = catalog.videos.lockout as number;
    const station = (await a.call(a.superUser, 'POST', '/stations', pressStation([lockout]))).body.data;
    await a.call(a.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [a.member.id] });
    await a.watch(a.member, lockout);

    expect((await platform.api('GET', `${a.base}/stations`, { token: b.superUser.token })).status).toBe(403);
    expect((await platform.api('GET', `${a.base}/qualifications/matrix`, { token: b.superUser.token })).status).toBe(403);
    expect((await b.call(b.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [b.member.id] })).status).toBe(404);
    // Their own station, for the victim's team: no such team in the attacker's organization.
    const aTeams = (await platform.api('GET', `${a.base}/teams`, { token: a.superUser.token })).body.data;
    const aTeam = (aTeams.teams ?? aTeams)[0] as { id: number };
    const bStation = (await b.call(b.superUser, 'POST', '/stations', pressStation([lockout]))).body.data;
    const crossTeam = await b.call(b.superUser, 'POST', `/stations/${bStation.id}/assignments`, { team_id: aTeam.id });
    expect(crossTeam.status).toBe(404);
    expect(crossTeam.body.error_messages).toBe('No such team in your organization.');
    expect((await b.call(b.superUser, 'POST', '/stations', pressStation([lockout], { trainer_ids: [a.member.id] }))).status).toBe(404);
    expect((await b.call(b.superUser, 'GET', `/qualifications?user_id=${a.member.id}`)).status).toBe(404);
    expect((await a.call(a.member, 'GET', `/qualifications?user_id=${a.superUser.id}`)).status).toBe(403);
    expect((await a.call(a.member, 'GET', '/qualifications/matrix')).status).toBe(403);

    expect((await checkChain(platform.ctx.db, a.organizationId)).intact).toBe(true);
    await platform.ctx.db
      .updateTable('evidence_records')
      .set({ revision: 7 })
      .where('organization_id', '=', a.organizationId)
      .where('kind', '=', 'video_completed')
      .execute();
    const broken = await a.call(a.superUser, 'GET', '/audit-pack/verify');
    expect(broken.body.data.intact).toBe(false);
    expect(broken.body.data.first_broken_sequence).toBeGreaterThan(0);
  });

  it("a station's QR page: red when not assigned, amber with the reason while training, green once signed off; ask for sign-off notifies the trainer once; other organizations refused", async () => {
    const p = await plant('Floor Org');
    const lockout = catalog.videos.lockout as number;
    const trainerEmail = uniqueEmail('trainer');
    const trainer = await addMember(platform.ctx, p.organizationId, {
      email: trainerEmail,
      password: STRONG_PASSWORD,
      name: 'Tom',
      lastName: 'Trainer',
      team: 'Assembly',
    });
    const station = (await p.call(p.superUser, 'POST', '/stations', pressStation([lockout], { trainer_ids: [trainer], validity_months: 12 }))).body.data;
    const floor = async () => {
      const res = await p.call(p.member, 'GET', `/stations/${station.id}/floor`);
      expect(res.status).toBe(200);
      return res.body.data;
    };

    expect(await floor()).toMatchObject({
      verdict: 'not_qualified',
      headline: 'Not qualified',
      state: null,
      can_request_signoff: false,
      signers: ['Tom Trainer'],
    });
    await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [p.member.id] });
    const training = await floor();
    expect(training).toMatchObject({ verdict: 'training_needed', headline: 'Training needed', state: 'not_started' });
    expect(training.reason).toMatch(/^1 of 1 required video left to watch, due by \d\d\/\d\d\/\d{4}, then a sign-off at the station\.$/);
    // The same reason as a code and figures, for the web to say in the operator's language.
    expect(training).toMatchObject({ reason_code: 'training', reason_params: { left: 1, required: 1, overdue: false, signoff: true, until: null } });
    expect(training.reason_params.due).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(training.clips).toEqual([expect.objectContaining({ video_id: lockout, watched: false, revision: expect.any(Number) })]);
    // An operator whose tablet asks for Spanish reads the lesson's Spanish title (once the catalog has one).
    await replaceVideoTitleTranslations(platform.ctx.db, lockout, [{ locale: 'es', title: 'Bloqueo y etiquetado', description: '' }], Date.now());
    await renewCatalogVersion(platform.ctx.db);
    const inSpanish = await platform.api('GET', `${p.base}/stations/${station.id}/floor`, { token: p.member.token, headers: { 'accept-language': 'es' } });
    expect(inSpanish.body.data.clips.map((c: { title: string }) => c.title)).toEqual(['Bloqueo y etiquetado']);
    expect((await floor()).clips.map((c: { title: string }) => c.title)).toEqual(['Lockout']);
    await replaceVideoTitleTranslations(platform.ctx.db, lockout, [], Date.now());
    await renewCatalogVersion(platform.ctx.db);
    // Asking before the videos are done is refused.
    expect((await p.call(p.member, 'POST', `/stations/${station.id}/signoff-requests`)).status).toBe(409);

    await p.watch(p.member, lockout);
    const awaiting = await floor();
    expect(awaiting).toMatchObject({ verdict: 'training_needed', state: 'awaiting_signoff', can_request_signoff: true, signoff_requested_at: null });
    expect(awaiting.clips[0].watched).toBe(true);
    const asked = await p.call(p.member, 'POST', `/stations/${station.id}/signoff-requests`);
    expect(asked.status).toBe(201);
    expect(asked.body.data.notified).toBe(1);
    // A second tap is refused and notifies nobody again.
    const again = await p.call(p.member, 'POST', `/stations/${station.id}/signoff-requests`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const mails = await platform.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'subject'])
      .where('kind', '=', 'signoff-request')
      .where('to_address', '=', trainerEmail)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Mia Member asks for sign-off at Press 4');
    const notices = await platform.ctx.db.selectFrom('notices').select('message').where('user_id', '=', trainer).execute();
    expect(notices.map((n) => n.message)).toContain('Mia Member asks for sign-off at Press 4: the videos are done.');
    expect((await floor()).can_request_signoff).toBe(false);

    await p.call(p.superUser, 'POST', '/signoffs', {
      station_id: station.id,
      user_id: p.member.id,
      checklist: CHECKLIST.map((item) => ({ item, checked: true })),
    });
    const cleared = await floor();
    expect(cleared).toMatchObject({ verdict: 'cleared', headline: 'Cleared to run', state: 'qualified' });
    expect(cleared.reason).toMatch(/^You are qualified until \d\d\/\d\d\/\d{4}\.$/);

    // Another organization's super user, and a made-up station, are refused.
    const other = await plant('Floor Other Org');
    expect((await platform.api('GET', `${p.base}/stations/${station.id}/floor`, { token: other.superUser.token })).status).toBe(403);
    expect((await other.call(other.member, 'GET', `/stations/${station.id}/floor`)).status).toBe(404);
    expect((await other.call(other.member, 'POST', `/stations/${station.id}/signoff-requests`)).status).toBe(404);
  });

  it('sends a person back to training once when one import revises two videos of their station (each video.revised handled alone)', async () => {
    const p = await plant('Two Revisions Org');
    const [lockout, ppe] = [catalog.videos.lockout as number, catalog.videos.ppe as number];
    const station = (await p.call(p.superUser, 'POST', '/stations', pressStation([lockout, ppe], { name: 'Lockout and PPE' }))).body.data;
    await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [p.member.id] });
    for (const video of [lockout, ppe]) await p.watch(p.member, video);
    await p.call(p.superUser, 'POST', '/signoffs', {
      station_id: station.id,
      user_id: p.member.id,
      checklist: CHECKLIST.map((item) => ({ item, checked: true })),
    });
    expect((await stateOf(p, p.member, station.id)).state).toBe('qualified');

    await reimportTestCatalog(
      platform,
      (c) => {
        for (const [index, file] of [
          [0, 'lockout-v3.pdf'],
          [1, 'ppe-v2.pdf'],
        ] as const) {
          const video = c.categories[0]!.sub_categories[0]!.videos[index]! as Record<string, unknown>;
          video.playbook = file;
          video.requires_retraining = true;
        }
      },
      { 'lockout-v3.pdf': '%PDF-1.4\n% revision 3 of the lockout playbook\n%%EOF\n', 'ppe-v2.pdf': '%PDF-1.4\n% the PPE playbook\n%%EOF\n' },
    );
    const due = await stateOf(p, p.member, station.id);
    expect(due.state).toBe('retraining_due');
    expect(due.required.map((r: { completed_revision: number | null }) => r.completed_revision)).toEqual([null, null]);
    const db = platform.ctx.db;
    const evidence = await db.selectFrom('evidence_records').select('kind').where('user_id', '=', p.member.id).where('station_id', '=', station.id).execute();
    expect(evidence.filter((e) => e.kind === 'retraining_due')).toHaveLength(1);
    const notices = await db.selectFrom('notices').select('message').where('user_id', '=', p.member.id).execute();
    expect(notices.filter((n) => n.message.includes('Lockout and PPE has a new revision'))).toHaveLength(1);
    expect((await checkChain(db, p.organizationId)).breaks).toEqual([]);
  });
});
