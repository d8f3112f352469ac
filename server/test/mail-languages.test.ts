import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atMoment, DAY } from '../src/lib/clock.ts';
import { sendHeadMails } from '../src/modules/evidence/evidence-head.ts';
import { runQualificationClock } from '../src/modules/qualifications/qualification-clock.ts';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from './catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from './harness.ts';

/**
 * Issue 40: the e-mails that were still English for everyone (the registration's confirmation, the daily training
 * digest, the weekly evidence head) go out in their reader's language; an English reader's stay as they were.
 */

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const mailsTo = (email: string, kind: string) =>
  platform.ctx.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('kind', '=', kind).orderBy('id').execute();

describe('e-mails in the reader language', () => {
  it('sends the registration confirmation in the language the visitor registered in', async () => {
    const spanish = uniqueEmail('registra');
    const english = uniqueEmail('registers');
    for (const [email, language] of [
      [spanish, 'es-MX,es;q=0.9'],
      [english, 'en-US'],
    ] as const) {
      const res = await platform.api('POST', '/api/v4/register', {
        headers: { 'accept-language': language },
        json: { name: 'Lucía', last_name: 'Ramos', company: `Fundición ${email}`, email, password: STRONG_PASSWORD, is_super_user: 0, terms: 1 },
      });
      expect(res.status).toBe(201);
    }
    const [es] = await mailsTo(spanish, 'confirm_email');
    expect(es?.subject).toBe('Confirme su correo electrónico para Manufacturing Masters');
    const [en] = await mailsTo(english, 'confirm_email');
    expect(en?.subject).toBe('Confirm your e-mail address for Manufacturing Masters');
  });

  it('writes the training digest and the evidence head for each reader in their own language', async () => {
    const org = await organizationWithMembers(platform, 'Planta Monterrey');
    await openWholeCatalog(platform, org.organizationId);
    // The member reads Spanish; the super user keeps English.
    expect((await platform.api('POST', '/api/set_locale', { token: org.member.token, json: { locale: 'es' } })).status).toBe(200);
    const base = `/api/organization/${org.organizationId}`;
    const station = await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: { name: 'Prensa 4', requirements: [{ kind: 'video', id: catalog.videos.lockout as number }], checklist: [], due_days: 1 },
    });
    expect(station.status).toBe(201);
    const assigned = await platform.api('POST', `${base}/stations/${station.body.data.id}/assignments`, {
      token: org.superUser.token,
      json: { user_ids: [org.member.id] },
    });
    expect(assigned.status).toBe(200);

    // Three days on, at noon UTC (neither has a time zone): the member is overdue.
    const later = Date.now() + 3 * DAY;
    const noon = later - (later % DAY) + 12 * 3600_000;
    await atMoment(noon, () => runQualificationClock(platform.ctx));
    const [own] = await mailsTo(org.member.email, 'training-digest');
    expect(own?.subject).toBe('Su capacitación de puesto pendiente');
    expect(own?.text_body).toContain('Capacitación de puesto por completar:');
    expect(own?.text_body).toMatch(/- Prensa 4: vencida desde el \d\d\/\d\d\/\d{4}/);
    const [boss] = await mailsTo(org.superUser.email, 'training-digest');
    expect(boss?.subject).toBe('People overdue on station training');
    expect(boss?.text_body).toMatch(/- Mia Member, Prensa 4: overdue since \d\d\/\d\d\/\d{4}/);

    // The super user switches to Spanish: the week's evidence head comes in Spanish.
    expect((await platform.api('POST', '/api/set_locale', { token: org.superUser.token, json: { locale: 'es' } })).status).toBe(200);
    const nextWeek = noon + 7 * DAY;
    await atMoment(nextWeek, () => sendHeadMails(platform.ctx, nextWeek));
    const [head] = await mailsTo(org.superUser.email, 'evidence-head');
    expect(head?.subject).toMatch(/^Cabeza de la cadena de evidencias de Planta Monterrey, \d{4}-\d\d-\d\d$/);
    expect(head?.text_body).toContain('Firma (HMAC-SHA256 de la plataforma): ');
    expect(head?.text_body).not.toContain('Head hash');
  });
});
