import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_MESSAGES, LOCALES, pickLocale } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { catalogKeys } from '../../lib/i18n.ts';
import { callerLocale } from '../auth/caller.ts';
import { renewCatalogVersion } from '../settings/index.ts';

let platform: TestPlatform;
let catalog: TestCatalog;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const setLocale = (token: string, locale: string | null, headers: Record<string, string> = {}) =>
  platform.api('POST', '/api/set_locale', { token, json: { locale }, headers });
const NOT_SUPER = "Only a super user can choose the organization's language.";

describe('server catalogs', () => {
  it('has the same keys in every language (e-mails, certificate, audit pack, QR sheets, notices), and every Spanish message translates a text the code says', () => {
    const keys = catalogKeys();
    expect(Object.keys(keys).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      // Plural forms as each language needs them (Spanish has a 'many').
      const base = (l: string, ns: string) => [...new Set((keys[l]?.[ns] ?? []).map((k) => k.replace(/_(one|many|other)$/, '')))].sort();
      for (const ns of ['mail', 'certificate', 'audit', 'qr', 'notices']) expect(base(locale, ns), `${locale}/${ns}`).toEqual(base('en', ns));
    }
    // `messages` is keyed by the English text itself: a key no source file says any more is a stale translation.
    const root = path.resolve(import.meta.dirname, '../../../..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) sources.push(readFileSync(full, 'utf8'));
      }
    };
    walk(path.join(root, 'server/src'));
    walk(path.join(root, 'contract/src'));
    const all = sources.join('\n');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const key of keys[locale]?.messages ?? []) expect(all.includes(key), `${locale}/messages.json: "${key}"`).toBe(true);
    }
  });

  it('answers a kiosk session in the language its switcher sent, a member in their own, else the browser’s', () => {
    const kiosk = { kioskId: 7, locale: 'en' };
    const member = { kioskId: null, locale: 'en' };
    expect(callerLocale(kiosk, 'es')).toBe('es');
    expect(callerLocale(kiosk, null)).toBe('en');
    expect(callerLocale(member, 'es')).toBe('en');
    expect(callerLocale({ kioskId: null, locale: null }, 'es')).toBe('es');
    expect(callerLocale({ kioskId: null, locale: null }, null)).toBe('en');
    expect(callerLocale({ kioskId: null, locale: 'xx' }, null)).toBe('en');
  });

  it('reads the first supported language of an Accept-Language header', () => {
    expect(pickLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLocale('fr-FR,fr;q=0.9,en;q=0.5,es;q=0.7')).toBe('es');
    expect(pickLocale('de, fr')).toBeNull();
    expect(pickLocale(undefined)).toBeNull();
  });
});

describe('choosing a language', () => {
  it('saves a member’s own language and the organization’s default (super user only), and the profile shows both', async () => {
    const org = await organizationWithMembers(platform, 'Planta Norte');
    const profile = async () => (await platform.api('GET', '/api/profile', { token: org.member.token })).body.data;
    expect(await profile()).toMatchObject({ locale: null, organization_locale: null });

    const refused = await platform.api('POST', '/api/set_organization_locale', { token: org.member.token, json: { locale: 'es' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error_messages).toBe(NOT_SUPER);

    const saved = await platform.api('POST', '/api/set_organization_locale', { token: org.superUser.token, json: { locale: 'es' } });
    expect(saved.status).toBe(200);
    expect(await profile()).toMatchObject({ locale: null, organization_locale: 'es' });
    // The organization's default now speaks for the member who chose nothing.
    const inSpanish = await platform.api('POST', '/api/set_organization_locale', { token: org.member.token, json: { locale: 'en' } });
    expect(inSpanish.body.error_messages).toBe('Solo un superusuario puede elegir el idioma de la organización.');

    expect((await setLocale(org.member.token, 'en')).body.message).toBe('Your language was saved.');
    expect(await profile()).toMatchObject({ locale: 'en', organization_locale: 'es' });
    const inEnglish = await platform.api('POST', '/api/set_organization_locale', { token: org.member.token, json: { locale: 'en' } });
    expect(inEnglish.body.error_messages).toBe(NOT_SUPER);

    expect((await setLocale(org.member.token, 'fr')).status).toBe(400);
    expect((await setLocale(org.member.token, null)).status).toBe(200);
    expect(await profile()).toMatchObject({ locale: null, organization_locale: 'es' });
  });
});

describe('messages in the caller’s language', () => {
  it('answers a Spanish member in Spanish and an English member with the specification’s English, byte for byte', async () => {
    const org = await organizationWithMembers(platform);
    const spanish = org.member.token;
    const english = org.superUser.token;
    await setLocale(english, 'en');
    const saved = await setLocale(spanish, 'es');
    expect(saved.body.message).toBe('Su idioma quedó guardado.');

    // A refusal and a not-found, in each language.
    const forbiddenEs = await platform.api('POST', '/api/set_organization_locale', { token: spanish, json: { locale: 'es' } });
    expect(forbiddenEs.body.error_messages).toBe('Solo un superusuario puede elegir el idioma de la organización.');
    const notFoundEs = await platform.api('GET', '/api/certificates/999999/pdf', { token: spanish });
    expect(notFoundEs.status).toBe(404);
    expect(notFoundEs.body.error_messages).toBe('No se encontró el certificado.');
    const notFoundEn = await platform.api('GET', '/api/certificates/999999/pdf', { token: english });
    expect(notFoundEn.body.error_messages).toBe('Certificate not found.');

    // The member's saved language wins over the browser's; a visitor is answered in the browser's.
    const withHeader = await platform.api('GET', '/api/certificates/999999/pdf', { token: english, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(withHeader.body.error_messages).toBe('Certificate not found.');
    const visitorEs = await platform.api('POST', '/api/v4/login', {
      json: { email: uniqueEmail('nobody'), password: 'Wrong-Password-1' },
      headers: { 'accept-language': 'es-419' },
    });
    expect(visitorEs.status).toBe(401);
    expect(visitorEs.body.error_messages).toBe('Estas credenciales no coinciden con nuestros registros.');
    const visitorEn = await platform.api('POST', '/api/v4/login', { json: { email: uniqueEmail('nobody'), password: 'Wrong-Password-1' } });
    expect(visitorEn.body.error_messages).toBe('These credentials do not match our records.');
  });

  it('refuses a kiosk-only route in the language of the request when unsigned', async () => {
    const res = await platform.api('GET', '/api/profile', { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(401);
    expect(res.body.error_messages).toBe('Inicie sesión para continuar.');
    expect((await platform.api('GET', '/api/profile')).body.error_messages).toBe('Please sign in to continue.');
  });
});

describe('e-mails and certificates in the recipient’s language', () => {
  const mailTo = (email: string, kind: string) =>
    platform.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('mails a password reset in Spanish to a Spanish member and in English to an English one', async () => {
    const org = await organizationWithMembers(platform);
    await setLocale(org.member.token, 'es');
    await platform.api('POST', '/api/forgotpassword', { form: { email: org.member.email } });
    await platform.api('POST', '/api/forgotpassword', { form: { email: org.superUser.email } });
    const es = await mailTo(org.member.email, 'password_reset');
    expect(es.subject).toBe('Restablezca su contraseña de Manufacturing Masters');
    expect(es.text_body).toContain('Elegir una contraseña nueva: ');
    expect(es.html_body).toContain('<html lang="es">');
    const en = await mailTo(org.superUser.email, 'password_reset');
    expect(en.subject).toBe('Reset your Manufacturing Masters password');
    expect(en.text_body).toContain('We received a request to reset the password of your account. The link below works once and for 30 minutes.');
    expect(en.text_body).toContain(
      'You receive this message because of your Manufacturing Masters account. It is a service message about your account, not a newsletter.',
    );
  });

  it('mails a progress alert in the member’s language, following the organization’s default', async () => {
    const org = await organizationWithMembers(platform);
    await platform.api('POST', '/api/set_organization_locale', { token: org.superUser.token, json: { locale: 'es' } });
    const alert = () =>
      platform.api('GET', `/api/dashboard/team/${org.member.id}`, {
        token: org.superUser.token,
        query: { category_id: String(catalog.categories.safety), supervisor_name: 'Sam Super' },
      });
    const sent = await alert();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await mailTo(org.member.email, 'progress-alert');
    expect(mail.subject).toMatch(/^Sam Super le recuerda continuar /);
    // The super user chose nothing either, so the spec's English refusal reaches them in Spanish, its translation.
    const again = await alert();
    expect(again.status).toBe(409);
    expect(again.body.error_messages).toBe('Este miembro ya recibió hoy una alerta sobre esta categoría. Inténtelo de nuevo mañana.');
    await setLocale(org.superUser.token, 'en');
    expect((await alert()).body.error_messages).toBe(DASHBOARD_MESSAGES.alreadyAlerted);
  });

  it('prints the certificate in the member’s language, whoever downloads it', async () => {
    const org = await organizationWithMembers(platform);
    const issue = async (userId: number, code: string) =>
      (
        await platform.ctx.db
          .insertInto('certificates')
          .values({
            user_id: userId,
            organization_id: org.organizationId,
            kind: 'category',
            subject_id: catalog.categories.safety!,
            category_id: catalog.categories.safety!,
            sub_category_id: null,
            issued_at: Date.UTC(2026, 10, 27),
            verification_code: code,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const spanishCert = await issue(org.member.id, `ES${Date.now()}`);
    const englishCert = await issue(org.superUser.id, `EN${Date.now()}`);
    await setLocale(org.member.token, 'es');
    const read = async (id: number, token: string) => {
      const res = await fetch(`${platform.url}/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text;
    };
    // The category's Spanish name, as the catalog gives it (an author's), and a micro-certificate of its sub-category.
    await platform.ctx.db
      .insertInto('category_name_translations')
      .values({ category_id: catalog.categories.safety!, locale: 'es', name: 'Salud y seguridad', origin: 'author', source_hash: null, created_at: Date.now() })
      .execute();
    await platform.ctx.db
      .insertInto('sub_category_name_translations')
      .values({
        sub_category_id: catalog.subCategories['safety-basics']!,
        locale: 'es',
        name: 'Fundamentos',
        origin: 'author',
        source_hash: null,
        created_at: Date.now(),
      })
      .execute();
    await renewCatalogVersion(platform.ctx.db);
    const microCode = `MS${Date.now()}`;
    const spanishMicro = (
      await platform.ctx.db
        .insertInto('certificates')
        .values({
          user_id: org.member.id,
          organization_id: org.organizationId,
          kind: 'sub_category',
          subject_id: catalog.subCategories['safety-basics']!,
          category_id: catalog.categories.safety!,
          sub_category_id: catalog.subCategories['safety-basics']!,
          issued_at: Date.UTC(2027, 0, 5),
          verification_code: microCode,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const token of [org.member.token, org.superUser.token]) {
      const es = await read(spanishCert, token);
      expect(es).toContain('CERTIFICADO DE FINALIZACIÓN');
      expect(es).toContain('Se certifica que');
      expect(es).toContain('completó satisfactoriamente');
      expect(es).toContain('Salud y seguridad');
      expect(es).not.toContain('Health and Safety');
      expect(es).toContain('Fecha: 27 de noviembre de 2026');
      expect(es).toContain('Código de verificación: ES');
      expect(es).toContain('Escanee o visite para verificar:');
      const micro = await read(spanishMicro, token);
      expect(micro).toContain('MICROCERTIFICADO');
      expect(micro).toContain('Salud y seguridad - Fundamentos');
      expect(micro).toContain('Fecha: 5 de enero de 2027');
      expect(micro).toContain(`Código de verificación: ${microCode}`);
      expect(micro).toContain(`${platform.url}/verify/${microCode}`);
    }
    const en = await read(englishCert, org.superUser.token);
    expect(en).toContain('CERTIFICATE OF COMPLETION');
    expect(en).toContain('This certifies that');
    expect(en).toContain('has successfully completed');
    expect(en).toContain('Health and Safety');
    expect(en).toContain('Date: 27/11/2026');
    // What the code verifies is the same record, in the catalog's own names, whatever the certificate's language.
    const verified = await platform.api('GET', `/api/certificates/verify/${microCode}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      valid: true,
      member: 'Mia Member',
      kind: 'sub_category',
      category: 'Health and Safety',
      sub_category: 'Basics',
      issued_at: new Date(Date.UTC(2027, 0, 5)).toISOString(),
      verification_code: microCode,
    });
  });
});
