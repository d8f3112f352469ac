import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../server/test/pdf-text.ts';
import {
  DEMO,
  expectPath,
  expectVisible,
  field,
  newPage,
  type Stack,
  screenshotAtWidths,
  signInThroughForm,
  uniqueEmail,
  useStack,
  WIDTHS,
} from './harness.ts';

const SCREENSHOTS = process.env.LANGUAGE_SCREENSHOTS;

/**
 * The routes whose screens are translated (issue 40): the pseudo-locale walk reads them for text that did not come
 * from the catalogs. The rest of the route list (e2e/routes.ts) is not converted yet: see the report of issue 40.
 * Parameterised routes take the demo's real ids, read through the API.
 */
const VISITOR_PATHS = [
  '/',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/reset-password?token=not-a-real-token',
  '/login',
  '/login?with=employee-number',
  '/plans',
  '/page/terms',
  '/page/help',
  '/version',
  // A shared link that no longer works (or never did): the shared-video page's notice.
  '/watch/not-a-video/not-a-token',
];

async function translatedPaths(stack: Stack): Promise<string[]> {
  const token = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
  const sections = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
  const categoryId: number = sections[0].category_id;
  const groups = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: categoryId } })).body.data;
  const experts = (await stack.api('GET', '/api/experts', { token })).body.data;
  const videoId: number = groups[0].videos[0].admin_video_id;
  const profile = (await stack.api('GET', '/api/profile', { token })).body.data;
  const team = (await stack.api('GET', `/api/organization/${profile.organization_id}/teams`, { token })).body.data[0];
  const stationId: number = (await stack.api('GET', `/api/organization/${profile.organization_id}/stations`, { token })).body.data.stations[0].id;
  const member = await stack.signIn(DEMO.member.email, DEMO.member.password);
  const memberId: number = (await stack.api('GET', '/api/profile', { token: member })).body.data.user_id;
  return [
    '/home',
    '/achievements',
    '/account',
    // The catalog and its player.
    `/category/${categoryId}`,
    `/sub-category/${groups[0].sub_category_id}/${encodeURIComponent(groups[0].title)}`,
    '/view-all/New%20Releases',
    '/view-all/My%20List',
    '/experts',
    `/experts/${experts[0].cast_crew_id}`,
    `/video/${videoId}`,
    // Search: the empty page, results of every kind, nothing found.
    '/search',
    '/search?q=lean',
    '/search?q=zzqqxx',
    // The toolbox talk a super user leads.
    '/toolbox',
    // Plans and billing; the administration hub, its users, the library.
    '/plans',
    '/plans/me',
    '/manage-organization',
    '/manage-organization/edit',
    '/manage-organization/create-team',
    '/manage-organization/edit-team',
    `/manage-organization/team-form/${encodeURIComponent(team.name)}/${team.id}`,
    `/manage-organization/team-overview/${encodeURIComponent(team.name)}/${team.id}`,
    '/manage-organization/learning-path-creator',
    '/manage-team',
    // The team dashboard: people's names and initials, categories' names in its charts are marked as data.
    '/dashboard',
    '/library',
    '/manage-organization/kiosks',
    '/manage-organization/integrations',
    // Sharing opened without a video: its notice.
    '/share/emails',
    // The pages that send to the plans; a dead shared link.
    '/pay-per-view',
    '/payment-options',
    '/subscription',
    '/watch/not-a-video/not-a-token',
    // Qualifications: the matrix, a station, a person, the new station and training forms.
    '/qualifications',
    `/qualifications/stations/${stationId}`,
    `/qualifications/people/${memberId}`,
    '/qualifications/stations/new',
    '/qualifications/training/new',
    '/qualifications/verify',
    // The account's own pages, the first-login profile and the payment pages after a checkout.
    '/account/edit',
    '/account/change-password',
    '/account/delete',
    '/account/kiosk-pin',
    '/firstLogin',
    '/success-payment',
    '/add-team-member',
    // The studio and the organization's lessons; company sign-in and provisioning settings.
    '/studio',
    '/our-lessons',
    '/manage-organization/sso',
    '/manage-organization/provisioning',
  ];
}

/**
 * Text of the page that came from no message file: with the pseudo-locale on, every translated text is wrapped in
 * `[!!…!!]`; what is left once the wrapped parts are taken out is the page's untranslated text. Content and people
 * (titles, names, the organization's pages) are marked `translate="no"` and skipped, as are figures and punctuation.
 */
async function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const unwrap = (text: string) => {
      let rest = text;
      for (let previous = ''; previous !== rest; ) {
        previous = rest;
        rest = rest.replace(/\[!!((?:(?!\[!!|!!\])[\s\S])*)!!\]/g, ' | ');
      }
      return rest;
    };
    // `data-server-text`: a message the server worded in the caller's language (its messages.json, kept complete by the server's catalog test).
    const SKIPPED = '[translate="no"], script, style, noscript, svg, [data-pseudo-hidden], [data-server-text]';
    const found: string[] = [];
    const keep = (text: string) => {
      for (const piece of unwrap(text).split('|')) {
        const left = piece.replace(/[\d\s.,:;·%/()\-–—+#'"!?…✔º°×•*]+/g, ' ').trim();
        if (/\p{L}/u.test(left)) found.push(piece.trim());
      }
    };
    // What is not shown is not read: marked on the page, dropped from a copy of it.
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const clipped = element.closest('.mantine-VisuallyHidden-root, [class*="visually-hidden"]') !== null;
      if (!clipped && (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none'))
        element.setAttribute('data-pseudo-hidden', '');
      if (element.closest(SKIPPED)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) keep(value);
      }
    }
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll(SKIPPED)) element.remove();
    // Block-level breaks as separators, so that two texts side by side do not read as one word.
    for (const element of copy.querySelectorAll('*')) element.append(' ');
    keep(copy.textContent ?? '');
    for (const element of document.body.querySelectorAll('[data-pseudo-hidden]')) element.removeAttribute('data-pseudo-hidden');
    return [...new Set(found)];
  });
}

describe('languages', () => {
  const env = useStack();

  it('switches a member to Spanish from the header menu: header, home and certificate in Spanish, kept after a reload', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expectVisible(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }));

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();

    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expectVisible(nav.getByRole('link', { name: 'Inicio' }));
    await expectVisible(nav.getByRole('link', { name: 'Ayuda' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    // A first sign-in goes to the profile page first (not translated yet): home is opened from the header once there.
    await expectPath(page, '/firstLogin');
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await expectPath(page, '/home');
    await expectVisible(page.getByRole('heading', { name: 'Su ruta de aprendizaje' }));
    await expectVisible(page.getByRole('heading', { name: 'Esta semana' }));
    expect(await page.getByTestId('path-summary').textContent()).toMatch(/^\d+ COMPLETADAS \/ \d+ EN TOTAL - \d+ % COMPLETADO$/);
    expect(await page.title()).toBe('Inicio · Manufacturing Masters');

    // Saved on the member's profile: the server now writes to them, and answers them, in Spanish.
    const token = await env.stack.signIn(DEMO.member.email, DEMO.member.password);
    const profile = await env.stack.api('GET', '/api/profile', { token });
    expect(profile.body.data.locale).toBe('es');
    const refused = await env.stack.api('POST', '/api/set_organization_locale', { token, json: { locale: 'es' } });
    expect(refused.body.error_messages).toBe('Solo un superusuario puede elegir el idioma de la organización.');

    // The certificate comes as a PDF in Spanish.
    await page.getByRole('button', { name: /Menú del perfil/ }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Certificados' }));
    await page.keyboard.press('Escape');
    await page.goto('/achievements');
    await expectVisible(page.getByRole('heading', { name: 'Certificados', level: 1 }));
    const obtained = page.getByTestId('obtained-certificate').first();
    await expectVisible(obtained.getByText('Se certifica que'));
    const [download] = await Promise.all([page.waitForEvent('download'), obtained.getByRole('button', { name: 'Descargar PDF' }).click()]);
    const text = (await pdfText(new Uint8Array(fs.readFileSync(await download.path())))).text;
    expect(text).toContain('Se certifica que');
    expect(text).toContain('completó satisfactoriamente');
    // The category is named as the member's screens name it in Spanish (the demo's two certificates), never in English.
    expect(text).toMatch(/Salud y seguridad|Excelencia en el piso de producción/);
    expect(text).not.toMatch(/Health and Safety|Shop Floor Excellence/);
    expect(text).toMatch(/Código de verificación: \w+/);

    // The choice survives a reload (and a new tab of the same browser).
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Certificados', level: 1 }));
    await expectVisible(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    // Back to English from the same menu: the specification's texts as written.
    await page.getByRole('button', { name: /Menú del perfil/ }).click();
    // Saved on the profile once the English texts are loaded: the next page is asked for after the server has it.
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/set_locale'),
      page.getByRole('menuitem', { name: 'English' }).click(),
    ]);
    await page.goto('/home');
    await expectVisible(page.getByRole('heading', { name: 'Your learning path' }));
    expect(await page.getByTestId('path-summary').textContent()).toMatch(/^\d+ COMPLETED \/ \d+ TO GO - \d+% COMPLETED$/);
    await page.context().close();
  });

  it('follows the organization’s default for a member who chose none, and the browser’s language for a visitor', async () => {
    const boss = await env.stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    expect((await env.stack.api('POST', '/api/set_organization_locale', { token: boss, json: { locale: 'es' } })).status).toBe(200);
    const page = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await signInThroughForm(page, 'quality@acme.example', 'Acme-Quality-2026');
    // Their first sign-in opens the profile form (not translated yet); the shell is in Spanish already.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Abrir la navegación' }).click();
    await expectVisible(page.getByRole('navigation', { name: 'Navegación del sitio' }).getByRole('link', { name: 'Inicio' }));
    expect((await env.stack.api('POST', '/api/set_organization_locale', { token: boss, json: { locale: null } })).status).toBe(200);
    await page.context().close();

    const visitor = await env.browser.newContext({ baseURL: env.stack.baseUrl, locale: 'es-MX', serviceWorkers: 'block' });
    const landing = await visitor.newPage();
    await landing.goto('/');
    await expectVisible(landing.getByRole('button', { name: /^Idioma: Español/ }));
    expect(await landing.evaluate(() => document.documentElement.lang)).toBe('es');
    await visitor.close();
  });

  it('tells a Spanish visitor who registers and pays the whole confirmation in Spanish, its date as Spanish says it', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
    await page.addInitScript(() => localStorage.setItem('mm-locale', 'es'));
    await page.goto('/register');
    await field(page, 'Nombre').fill('Inés');
    await field(page, 'Apellido').fill('Duarte');
    await field(page, 'Empresa').fill('Fundición Duarte');
    await field(page, 'Correo electrónico').fill(uniqueEmail('ines'));
    await field(page, 'Contraseña').fill('Fundicion-Duarte-2026');
    await page.getByRole('checkbox', { name: /Acepto los Términos/ }).check();
    await page.getByRole('button', { name: 'Comenzar la prueba gratuita' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/offline-checkout/'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await expectPath(page, '/success-payment');
    const sentence = page.getByText(/^Pago confirmado\. Su prueba gratuita de 30 días comenzó y dura hasta el \d{1,2} de [a-z]+ de \d{4}\.$/);
    await expectVisible(sentence);
    // Taken before the page moves on to the invitations (5 s).
    await screenshotAtWidths(page, SCREENSHOTS, 'es-success-payment-confirmed', WIDTHS.desktop);
    await page.context().close();
  });

  it('shows no text outside the catalogs on the translated routes (pseudo-locale walk)', async () => {
    const paths = await translatedPaths(env.stack);
    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      // Before sign-in: the public pages, the sign-in forms and the plans.
      const visitor = await newPage(env.browser, env.stack, width);
      await visitor.addInitScript(() => localStorage.setItem('mm-pseudo-locale', '1'));
      for (const path of VISITOR_PATHS) {
        await visitor.goto(path);
        await expectVisible(visitor.getByRole('heading', { level: 1 }).first());
        await visitor.waitForLoadState('networkidle');
        expect(await untranslatedText(visitor), `${path} at ${width}px`).toEqual([]);
      }
      await visitor.context().close();
      // Signed in through the English form (the helper reads its labels), then the pseudo-locale from the next page on.
      const page = await newPage(env.browser, env.stack, width);
      await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
      await page.evaluate(() => localStorage.setItem('mm-pseudo-locale', '1'));
      // A first sign-in is sent from home to the profile form once: past that, home stays home.
      await page.waitForLoadState('networkidle');
      for (const path of paths) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { level: 1 }).first());
        await page.waitForLoadState('networkidle');
        const url = new URL(page.url());
        expect(url.pathname + url.search).toBe(path);
        // Soft: one run lists every route with untranslated text, not only the first.
        expect.soft(await untranslatedText(page), `${path} at ${width}px`).toEqual([]);
      }
      // Manage users' modal, new and filled in from a user.
      await page.goto('/manage-team');
      await page.getByRole('button', { name: /New User/ }).click();
      await expectVisible(page.getByRole('dialog'));
      expect(await untranslatedText(page), `user modal at ${width}px`).toEqual([]);
      await page.keyboard.press('Escape');
      // The video detail panel, each of its tabs.
      await page.goto(paths[3] as string);
      await page.locator('.mm-video-card').first().click();
      const panel = page.getByRole('dialog');
      for (const tab of await panel.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle');
        expect(await untranslatedText(page), `video panel, ${await tab.textContent()} at ${width}px`).toEqual([]);
      }
      await page.context().close();
    }
    // About 30 routes, each at two widths: minutes on a busy 2-core machine.
  }, 300_000);

  // The translated screens in Spanish at three widths, for a person to look at (longer words, cut labels): only when
  // LANGUAGE_SCREENSHOTS names a folder.
  it.skipIf(!SCREENSHOTS)(
    'takes Spanish screenshots of the translated screens',
    async () => {
      const visitor = await newPage(env.browser, env.stack, WIDTHS.tablet);
      await visitor.addInitScript(() => localStorage.setItem('mm-locale', 'es'));
      for (const [path, name] of [
        ['/login', 'login'],
        ['/plans', 'plans-visitor'],
      ] as const) {
        await visitor.goto(path);
        await expectVisible(visitor.getByRole('heading', { level: 1 }).first());
        await visitor.waitForLoadState('networkidle');
        await screenshotAtWidths(visitor, SCREENSHOTS, `es-${name}`);
      }
      await visitor.context().close();
      const page = await newPage(env.browser, env.stack, WIDTHS.desktop);
      await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
      await page.evaluate(() => localStorage.setItem('mm-locale', 'es'));
      const boss = await env.stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
      const organizationId: number = (await env.stack.api('GET', '/api/profile', { token: boss })).body.data.organization_id;
      const stationId: number = (await env.stack.api('GET', `/api/organization/${organizationId}/stations`, { token: boss })).body.data.stations[0].id;
      const screens = [
        [`/station/${stationId}`, 'station-floor'],
        ['/plans', 'plans'],
        ['/plans/me', 'billing'],
        ['/manage-organization', 'hub'],
        ['/manage-team', 'users'],
        ['/dashboard', 'dashboard'],
        ['/library', 'library'],
        ['/manage-organization/kiosks', 'kiosks'],
        ['/share/emails', 'share'],
        ['/manage-organization/integrations', 'integrations'],
        ['/manage-organization/edit', 'organization-edit'],
        ['/manage-organization/create-team', 'create-team'],
        ['/manage-organization/edit-team', 'teams'],
        ['/manage-organization/learning-path-creator', 'learning-path-creator'],
        ['/pay-per-view', 'pay-per-view'],
        ['/payment-options', 'payment-options'],
        ['/subscription', 'subscription'],
        ['/watch/not-a-video/not-a-token', 'shared-video'],
        ['/qualifications', 'matrix'],
        ['/qualifications/stations/new', 'new-station'],
        ['/qualifications/verify', 'verify-evidence'],
        ['/account/edit', 'account-edit'],
        ['/account/change-password', 'change-password'],
        ['/account/delete', 'account-delete'],
        ['/account/kiosk-pin', 'kiosk-pin'],
        ['/firstLogin', 'first-login'],
        ['/success-payment', 'success-payment'],
        ['/add-team-member', 'add-team-member'],
        ['/studio', 'studio'],
        ['/our-lessons', 'our-lessons'],
        ['/manage-organization/sso', 'sso'],
        ['/manage-organization/provisioning', 'provisioning'],
      ];
      for (const [path, name] of screens) {
        await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
        await page.goto(path as string);
        await expectVisible(page.getByRole('heading', { level: 1 }).first());
        await page.waitForLoadState('networkidle');
        await screenshotAtWidths(page, SCREENSHOTS, `es-${name}`);
      }
      await page.context().close();
    },
    300_000,
  );
});
