import { evidenceBreaksText } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { atMoment, DAY, isoWeek } from '../../lib/clock.ts';
import { evidenceKey } from '../../lib/evidence-key.ts';
import { translator } from '../../lib/i18n.ts';
import { checkChain, KEPT_HEAD_INCOMPLETE } from './audit-pack.ts';
import { GENESIS_HASH, hashRecord, signHead } from './evidence-chain.ts';
import { sealLegacyChains, sendHeadMails } from './evidence-head.ts';

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

/** Rewrites an organization's chain from its first record on, as someone with database access would, and its head. */
async function rehashChain(organizationId: number, key: (keyed: number) => Buffer | null) {
  const db = platform.ctx.db;
  const rows = await db.selectFrom('evidence_records').selectAll().where('organization_id', '=', organizationId).orderBy('sequence').execute();
  let previous = GENESIS_HASH;
  for (const r of rows) {
    const hash = hashRecord(previous, { ...r, at: Number(r.at) }, key(r.keyed));
    await db
      .updateTable('evidence_records')
      .set({ previous_hash: previous, hash })
      .where('organization_id', '=', organizationId)
      .where('sequence', '=', r.sequence)
      .execute();
    previous = hash;
  }
  await db.updateTable('evidence_chains').set({ last_hash: previous }).where('organization_id', '=', organizationId).execute();
}

const editCompletion = (organizationId: number) =>
  platform.ctx.db
    .updateTable('evidence_records')
    .set({ detail: JSON.stringify({ video: 'Something else' }) })
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'video_completed')
    .execute();

describe('the keyed chain', () => {
  it('a chain rewritten without the key fails verification; a kept head catches even a rewrite with the key', async () => {
    const p = await signedOffPlant('Rewrite Works');
    const kept = await p.verify();
    expect(kept.intact).toBe(true);
    const pack = await p.pack();
    expect(pack).toContain(`hash ${kept.head!.hash}, time ${kept.head!.at}`);

    // Bad kept-head input is refused in the envelope.
    const partial = await platform.api('GET', `/api/organization/${p.organizationId}/audit-pack/verify`, {
      token: p.superUser.token,
      query: { head: kept.head!.hash },
    });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ success: false, error_messages: KEPT_HEAD_INCOMPLETE });
    const withHead = (head: { hash: string; at: string }) =>
      platform.api('GET', `/api/organization/${p.organizationId}/audit-pack/verify`, {
        token: p.superUser.token,
        query: { head: head.hash, head_at: head.at },
      });
    expect((await withHead(kept.head!)).body.data).toMatchObject({ intact: true, breaks: [] });

    // Edited, then re-hashed forward with plain SHA-256 (the old format) and the head updated.
    await editCompletion(p.organizationId);
    await rehashChain(p.organizationId, () => null);
    const plain = await p.verify();
    expect(plain.intact).toBe(false);
    expect(plain.breaks[0]!.kind).toBe('record');
    expect(await p.pack()).toContain('EVIDENCE CHAIN BROKEN');
    expect((await checkChain(platform.ctx.db, p.organizationId)).intact).toBe(false);
    // Re-hashed with a guessed key.
    await rehashChain(p.organizationId, () => Buffer.from('a guessed key that is not the platform key'));
    expect((await p.verify()).intact).toBe(false);

    // Someone holding the key (leaked) re-seals the edit: only the organization's kept head can tell.
    await rehashChain(p.organizationId, () => evidenceKey());
    expect((await p.verify()).intact).toBe(true);
    const againstKept = (await withHead(kept.head!)).body.data;
    expect(againstKept.intact).toBe(false);
    expect(againstKept.breaks).toEqual([expect.objectContaining({ kind: 'kept_head', message: expect.stringContaining(kept.head!.hash) })]);
    // A forged working row is reported alongside a lost kept head.
    await platform.ctx.db.updateTable('signoffs').set({ signed_by_name: 'FORGED Auditor' }).where('id', '=', p.signoffId).execute();
    expect((await withHead(kept.head!)).body.data.breaks.map((b: { kind: string }) => b.kind)).toEqual(['kept_head', 'signoff']);
  });

  it('keeps a chain written before the key verifying, seals it at start, and catches a rewrite of its plain part', async () => {
    const org = await organizationWithMembers(platform, 'Legacy Works');
    const db = platform.ctx.db;
    const base = `/api/organization/${org.organizationId}`;
    // Three records as the platform wrote them before the chain was keyed (plain SHA-256, keyed 0).
    let previous = GENESIS_HASH;
    const t = Date.now() - 30 * DAY;
    for (let sequence = 1; sequence <= 3; sequence++) {
      const record = {
        organization_id: org.organizationId,
        sequence,
        kind: 'video_completed',
        at: t + sequence,
        user_id: org.member.id,
        station_id: null,
        video_id: catalog.videos.lockout as number,
        revision: 1,
        detail: JSON.stringify({ video: 'Lockout' }),
      };
      const hash = hashRecord(previous, record, null);
      await db
        .insertInto('evidence_records')
        .values({ ...record, previous_hash: previous, hash, keyed: 0 })
        .execute();
      previous = hash;
    }
    await db.insertInto('evidence_chains').values({ organization_id: org.organizationId, last_sequence: 3, last_hash: previous }).execute();
    const verify = async () => (await platform.api('GET', `${base}/audit-pack/verify`, { token: org.superUser.token })).body.data;
    // Unsealed, a plain chain could have been rewritten by anyone: it is not vouched for until sealed.
    expect((await verify()).intact).toBe(false);

    expect(await sealLegacyChains(platform.ctx)).toBeGreaterThanOrEqual(1);
    expect(await sealLegacyChains(platform.ctx)).toBe(0);
    const sealed = await verify();
    expect(sealed).toMatchObject({ intact: true, records: 4 });
    const seal = await db
      .selectFrom('evidence_records')
      .selectAll()
      .where('organization_id', '=', org.organizationId)
      .where('sequence', '=', 4)
      .executeTakeFirstOrThrow();
    expect(seal).toMatchObject({ kind: 'chain_keyed', keyed: 1, previous_hash: previous });

    // Rewriting a plain record and re-hashing the plain part (and the rest, without the key) breaks it.
    await editCompletion(org.organizationId);
    await rehashChain(org.organizationId, () => null);
    expect((await verify()).intact).toBe(false);
    // So does dropping the keyed seal and presenting an all-plain chain.
    await db.deleteFrom('evidence_records').where('organization_id', '=', org.organizationId).where('sequence', '=', 4).execute();
    await db.updateTable('evidence_chains').set({ last_sequence: 3 }).where('organization_id', '=', org.organizationId).execute();
    await rehashChain(org.organizationId, () => null);
    expect((await verify()).breaks[0].message).toMatch(/not sealed with the evidence key/);
  });

  it('e-mails the signed head once a week to the super users, whatever the number of clock runs', async () => {
    const p = await signedOffPlant('Weekly Head Works');
    const head = (await p.verify()).head!;
    const nextWeek = Date.now() + 7 * DAY;
    await atMoment(nextWeek, () => sendHeadMails(platform.ctx, nextWeek));
    await atMoment(nextWeek + 3600_000, () => sendHeadMails(platform.ctx, nextWeek + 3600_000));
    const mails = await platform.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'evidence-head')
      .where('text_body', 'like', `%${head.hash}%`)
      .execute();
    const toBoss = mails.filter((m) => m.to_address === p.superUser.email);
    expect(toBoss).toHaveLength(1);
    const claimed = await platform.ctx.db.selectFrom('evidence_head_mails').select('week').where('organization_id', '=', p.organizationId).execute();
    expect(claimed).toEqual([{ week: isoWeek(nextWeek) }]);
    expect(toBoss[0]!.text_body).toContain(`Head time: ${head.at}`);
    expect(toBoss[0]!.text_body).toContain(
      `Signature (HMAC-SHA256 by the platform): ${signHead(evidenceKey(), p.organizationId, { ...head, at: Date.parse(head.at) })}`,
    );
  });
});

describe('the audit pack and the QR sheets in the caller’s language (issue 40)', () => {
  it('gives a Spanish super user the Spanish pack, breaks and QR sheet; English stays as written, the CSV English for both', async () => {
    const p = await signedOffPlant('Idioma Works');
    const setLocale = (locale: string | null) => platform.api('POST', '/api/set_locale', { token: p.superUser.token, json: { locale } });
    const stationSheet = async () => {
      const res = await fetch(`${platform.url}/api/shopfloor/qr-codes/stations.pdf?station_ids=${p.station.id}`, {
        headers: { authorization: `Bearer ${p.superUser.token}` },
      });
      expect(res.status).toBe(200);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text.replace(/\n/g, ' ');
    };
    const records = (await p.verify()).head!.sequence;

    const english = await p.pack();
    expect(english).toContain('QUALIFICATION AUDIT PACK');
    expect(english).toContain(`Evidence chain intact: ${records} records, every sign-off and qualification matches it.`);
    expect(english).toContain('Stations, required training and requirements');
    expect(english).toContain('Scope: whole organization');
    expect(english).toContain('Press 4 - valid 12 month(s), minimum 1 qualified per shift');
    expect(english).toContain('signed off by Sam Super');
    expect(english).toMatch(/Idioma Works - qualification audit pack - page 1 of \d/);
    expect(await stationSheet()).toContain('Station: am I cleared to run it?');

    expect((await setLocale('es')).status).toBe(200);
    const spanish = await p.pack();
    expect(spanish).toContain('PAQUETE DE AUDITORÍA DE CALIFICACIONES');
    expect(spanish).toContain(`Cadena de evidencia intacta: ${records} registros; cada aprobación y cada calificación coinciden con ella.`);
    expect(spanish).toContain('Puestos, capacitación obligatoria y requisitos');
    expect(spanish).toContain('Alcance: toda la organización');
    expect(spanish).toContain('Press 4 - vigencia de 12 mes(es), mínimo 1 calificados por turno');
    expect(spanish).toContain('aprobación de Sam Super');
    expect(spanish).not.toContain('QUALIFICATION AUDIT PACK');
    const sheet = await stationSheet();
    expect(sheet).toContain('Puesto: ¿estoy autorizado para operarlo?');
    expect(sheet).toContain('Press 4');

    // A qualification the chain never witnessed: the break in Spanish for her, in English for an English caller.
    const db = platform.ctx.db;
    await db.updateTable('qualifications').set({ state: 'qualified', qualified_at: Date.now() }).where('user_id', '=', p.superUser.id).execute();
    const broken = await p.verify();
    expect(broken.breaks.map((b) => b.message)).toEqual([
      'Sam Super en Press 4 figura guardado como «qualified», pero la cadena de evidencia no tiene ninguna calificación para ello.',
    ]);
    const brokenPack = await p.pack();
    expect(brokenPack).toContain('CADENA DE EVIDENCIA ROTA: 1 elemento guardado ya no coincide con la cadena de evidencia');
    expect(brokenPack).toContain('NO COINCIDE CON LA CADENA DE EVIDENCIA');
    // The CSV is for spreadsheets and scripts: English columns and findings whoever asks.
    expect(await p.csv()).toContain('Sam Super at Press 4 is stored as ""qualified"" but the evidence chain holds no qualification for it.');

    expect((await setLocale('en')).status).toBe(200);
    expect((await p.verify()).breaks.map((b) => b.message)).toEqual([
      'Sam Super at Press 4 is stored as "qualified" but the evidence chain holds no qualification for it.',
    ]);
    const englishBroken = await p.pack();
    expect(englishBroken).toContain(`EVIDENCE CHAIN BROKEN: ${evidenceBreaksText(1)}; nothing they say is vouched for.`);
    expect(englishBroken).toContain('DISAGREES WITH THE EVIDENCE CHAIN');
  });

  it('counts in English exactly as the contract’s text does, and in Spanish with Spanish plurals', () => {
    const en = translator('en', 'audit');
    for (const n of [1, 2, 1234])
      expect(en('verdict.broken', { count: n })).toBe(`EVIDENCE CHAIN BROKEN: ${evidenceBreaksText(n)}; nothing they say is vouched for.`);
    expect(en('verdict.intact', { count: 1, head: '' })).toMatch(/^Evidence chain intact: 1 record, every/);
    const es = translator('es', 'audit');
    expect(es('verdict.broken', { count: 2 })).toBe(
      'CADENA DE EVIDENCIA ROTA: 2 elementos guardados ya no coinciden con la cadena de evidencia; nada de lo que dicen está garantizado.',
    );
    expect(es('verdict.intact', { count: 12000, head: '' })).toMatch(
      new RegExp(`^Cadena de evidencia intacta: ${new Intl.NumberFormat('es').format(12000)} registros;`),
    );
  });
});
