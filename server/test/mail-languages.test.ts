import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atMoment, DAY } from '../src/lib/clock.ts';
import { replaceVideoTitleTranslations } from '../src/modules/captions/index.ts';
import { sendHeadMails } from '../src/modules/evidence/evidence-head.ts';
import { messageIdOf } from '../src/modules/mail/outbox.ts';
import { runQualificationClock } from '../src/modules/qualifications/qualification-clock.ts';
import { renewCatalogVersion } from '../src/modules/settings/index.ts';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from './catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from './harness.ts';
import { type ReadMail, readMail, smtpCapture } from './smtp-capture.ts';

/**
 * Issue 40: every e-mail goes out in its reader's language (their own, else their organization's, else English), as
 * delivered to a real SMTP server here; an English reader's stay as they were.
 */

let platform: TestPlatform;
let catalog: TestCatalog;
let smtp: SMTPServer;
const received: string[] = [];
beforeAll(async () => {
  smtp = await smtpCapture(0, received);
  const port = (smtp.server.address() as { port: number }).port;
  platform = await startPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}`, SALES_EMAIL: 'deals@learn.example.com' });
  catalog = await importTestCatalog(platform);
});
afterAll(async () => {
  await platform.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** The last message of `kind` to `to`, once the SMTP server has it, as its reader sees it. */
async function delivered(to: string, kind: string): Promise<ReadMail> {
  const row = () =>
    platform.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirst();
  for (let i = 0; i < 400; i++) {
    const message = await row();
    if (message?.status === 'sent') {
      const id = messageIdOf(message, platform.ctx.config.publicUrl);
      const raw = received.find((r) => readMail(r).messageId === id);
      if (raw) return readMail(raw);
    }
    // Messages written in a transaction wait for the queue's sweep: hand them over now.
    if (i % 20 === 19) await platform.ctx.mailer.queuePending();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${kind} e-mail to ${to} reached the SMTP server`);
}

/** A Spanish reader's message: Spanish subject and words in both parts, `<html lang="es">`, no English footer. */
function expectSpanish(mail: ReadMail, subject: string | RegExp, words: string) {
  if (typeof subject === 'string') expect(mail.subject).toBe(subject);
  else expect(mail.subject).toMatch(subject);
  expect(mail.text).toContain(words);
  expect(mail.html).toContain('<html lang="es">');
  expect(mail.text).toContain('Recibe este mensaje por su cuenta de Manufacturing Masters.');
  expect(mail.html).toContain('Recibe este mensaje por su cuenta de Manufacturing Masters.');
  expect(mail.text).not.toContain('You receive this message');
}

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
    expectSpanish(await delivered(spanish, 'confirm_email'), 'Confirme su correo electrónico para Manufacturing Masters', 'Confirmar mi correo electrónico: ');
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

  it('delivers every kind of e-mail to a Spanish organization in Spanish, names of the catalog in Spanish too', async () => {
    // The catalog's Spanish names of the categories the e-mails name (an author's, as the catalog file gives them).
    const t0 = Date.now();
    await platform.ctx.db
      .insertInto('category_name_translations')
      .values([
        { category_id: catalog.categories.safety as number, locale: 'es', name: 'Salud y seguridad', origin: 'author', source_hash: null, created_at: t0 },
        { category_id: catalog.categories.lean as number, locale: 'es', name: 'Mejora continua', origin: 'author', source_hash: null, created_at: t0 },
      ])
      .execute();
    await renewCatalogVersion(platform.ctx.db);

    // Nobody chose a language of their own: the organization's default, Spanish, is everyone's.
    const org = await organizationWithMembers(platform, 'Planta Saltillo');
    await openWholeCatalog(platform, org.organizationId);
    expect((await platform.api('POST', '/api/set_organization_locale', { token: org.superUser.token, json: { locale: 'es' } })).status).toBe(200);
    const base = `/api/organization/${org.organizationId}`;

    // Password reset.
    await platform.api('POST', '/api/forgotpassword', { form: { email: org.member.email } });
    expectSpanish(await delivered(org.member.email, 'password_reset'), 'Restablezca su contraseña de Manufacturing Masters', 'Elegir una contraseña nueva: ');

    // Invitations: by the team-members page and by Manage users.
    const invited = uniqueEmail('invitada');
    expect((await platform.api('POST', '/api/v4/register_members', { token: org.superUser.token, json: { emails: [invited] } })).status).toBe(201);
    expectSpanish(await delivered(invited, 'invitation'), 'Lo invitan a Planta Saltillo en Manufacturing Masters', 'Crear mi contraseña: ');
    const created = uniqueEmail('creada');
    const createdRes = await platform.api('POST', '/api/v4/create_user', {
      token: org.superUser.token,
      json: { name: 'Rosa', last_name: 'Vega', email: created, team: 'Assembly', role: 'Operadora' },
    });
    expect(createdRes.status, JSON.stringify(createdRes.body)).toBe(201);
    expectSpanish(
      await delivered(created, 'invitation'),
      'Lo invitan a Planta Saltillo en Manufacturing Masters',
      'Cree su contraseña para activar su cuenta.',
    );

    // A supervisor's alert and broadcast name the category as the member sees it.
    const alert = await platform.api('GET', `/api/dashboard/team/${org.member.id}`, {
      token: org.superUser.token,
      query: { category_id: String(catalog.categories.safety), supervisor_name: 'Sam Super' },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(200);
    const alerted = await delivered(org.member.email, 'progress-alert');
    expectSpanish(alerted, 'Sam Super le recuerda continuar Salud y seguridad', 'Sam Super le pide que siga con «Salud y seguridad»');
    expect(alerted.text).not.toContain('Health and Safety');
    const broadcast = await platform.api('POST', '/api/send_broadcast', {
      token: org.superUser.token,
      json: { organizationId: org.organizationId, categoryId: catalog.categories.lean },
    });
    expect(broadcast.status, JSON.stringify(broadcast.body)).toBe(200);
    expectSpanish(await delivered(org.member.email, 'progress-broadcast'), 'Sam Super le recuerda continuar Mejora continua', 'Continuar Mejora continua: ');

    // A share, in the sender's language.
    const friend = uniqueEmail('amigo');
    const shared = await platform.api('POST', '/api/videos/share', {
      token: org.member.token,
      json: { admin_video_id: catalog.videos.lockout, emails: JSON.stringify([friend]), content: 'Mírelo antes del turno', name: 'Mia' },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expectSpanish(await delivered(friend, 'share'), /compartió «.+» con usted en Manufacturing Masters$/, 'Ver el video: ');

    // A sign-off request to the super user (the station names no trainer).
    const press = await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: { name: 'Prensa 7', requirements: [{ kind: 'video', id: catalog.videos.lockout as number }], checklist: ['Guardas cerradas'], validity_months: 12 },
    });
    expect(press.status, JSON.stringify(press.body)).toBe(201);
    await platform.api('POST', `${base}/stations/${press.body.data.id}/assignments`, { token: org.superUser.token, json: { user_ids: [org.member.id] } });
    await platform.api('POST', '/api/watch-user-video', {
      token: org.member.token,
      json: { user: org.member.id, video: catalog.videos.lockout, timeSpent: 1 },
    });
    const asked = await platform.api('POST', `${base}/stations/${press.body.data.id}/signoff-requests`, { token: org.member.token });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expectSpanish(
      await delivered(org.superUser.email, 'signoff-request'),
      'Mia Member pide su aprobación en Prensa 7',
      'Abrir las calificaciones de Mia Member: ',
    );

    // The daily training digest (retraining and training due) and the weekly evidence head.
    const welding = await platform.api('POST', `${base}/stations`, {
      token: org.superUser.token,
      json: { name: 'Soldadura 2', requirements: [{ kind: 'video', id: catalog.videos['confined-space'] as number }], checklist: [], due_days: 1 },
    });
    expect(welding.status, JSON.stringify(welding.body)).toBe(201);
    await platform.api('POST', `${base}/stations/${welding.body.data.id}/assignments`, { token: org.superUser.token, json: { user_ids: [org.member.id] } });
    const later = Date.now() + 3 * DAY;
    const noon = later - (later % DAY) + 12 * 3600_000;
    await atMoment(noon, () => runQualificationClock(platform.ctx));
    expectSpanish(await delivered(org.member.email, 'training-digest'), 'Su capacitación de puesto pendiente', '- Soldadura 2: vencida desde el ');
    expectSpanish(
      await delivered(org.superUser.email, 'training-digest'),
      'Personas con capacitación de puesto vencida',
      '- Mia Member, Soldadura 2: vencida desde el ',
    );
    const nextWeek = noon + 7 * DAY;
    await atMoment(nextWeek, () => sendHeadMails(platform.ctx, nextWeek));
    expectSpanish(await delivered(org.superUser.email, 'evidence-head'), /^Cabeza de la cadena de evidencias de Planta Saltillo, /, 'Hash de la cabeza: ');

    // An expert reads the language the catalog gives them: Max reads Spanish, the lesson under its Spanish title.
    await replaceVideoTitleTranslations(
      platform.ctx.db,
      catalog.videos.lockout as number,
      [{ locale: 'es', title: 'Bloqueo y etiquetado', description: '' }],
      Date.now(),
    );
    const toMax = await platform.api('POST', `/api/experts/${catalog.experts.max}/contact`, {
      token: org.member.token,
      json: { message: '¿Cada cuánto revisamos los candados?', admin_video_id: catalog.videos.lockout },
    });
    expect(toMax.status, JSON.stringify(toMax.body)).toBe(201);
    const max = await delivered('max@experts.example', 'expert_contact');
    expectSpanish(
      max,
      'Mia Member tiene una pregunta para usted en Manufacturing Masters',
      'Mia Member, de Planta Saltillo, le escribió sobre su video «Bloqueo y etiquetado»:',
    );
    expect(max.text).toContain('Hola, Max Maker:');
    expect(max.text).toContain(`Responda escribiendo a ${org.member.email}.`);
    expect(max.text).toContain(`Responder a Mia Member: mailto:${org.member.email}`);

    // Eve's catalog entry gives no language, and the sales desk has none: English, whatever the sender reads.
    const contact = await platform.api('POST', `/api/experts/${catalog.experts.eve}/contact`, {
      token: org.member.token,
      json: { message: '¿Cómo auditamos las cajas de bloqueo?', admin_video_id: catalog.videos.lockout },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const expert = await delivered('eve@experts.example', 'expert_contact');
    expect(expert.subject).toBe('Mia Member has a question for you on Manufacturing Masters');
    expect(expert.text).toContain('Mia Member of Planta Saltillo wrote to you about your video "Lockout":');
    expect(expert.text).toContain('¿Cómo auditamos las cajas de bloqueo?');
    expect(expert.html).toContain('<html lang="en">');
    const sales = await platform.api('POST', '/api/sales-inquiry', {
      token: org.member.token,
      json: { name: 'Ana Souza', company: 'Souza Metalworks', email: 'ana@souza.example', people: 300, message: 'Tres turnos, una planta.' },
    });
    expect(sales.status, JSON.stringify(sales.body)).toBe(201);
    const desk = await delivered('deals@learn.example.com', 'sales_inquiry');
    expect(desk.subject).toBe('Enterprise inquiry: Souza Metalworks (300 people)');
    expect(desk.text).toContain(
      `Ana Souza of Souza Metalworks asks about a plan for 300 people (sent while signed in as ${org.member.email} of Planta Saltillo):`,
    );
    expect(desk.text).toContain('Reply to Ana Souza: mailto:ana@souza.example');
  });
});
