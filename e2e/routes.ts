import type { Page } from 'playwright-core';
import { DEMO, type Stack } from './harness.ts';

/**
 * Every route of both specification documents (member-and-public.md and administration.md, section 2)
 * and of the app's route tables (web/src/app/*-routes.tsx), as each role reaches it. Parameterised
 * routes take real ids of the demo, read through the API. Shared by the accessibility journey and the
 * screenshot script so both always cover the same pages.
 */
export type Role = 'visitor' | 'member' | 'superUser' | 'guest';
export const ROLES: Role[] = ['visitor', 'member', 'superUser', 'guest'];

export type RouteVisit = { path: string; label: string };

/** Reached signed out (member spec, "Signed-out routes"); unknown paths redirect to /login. */
const PUBLIC_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/accept-invitation?token=not-a-real-token',
  '/login?with=employee-number',
  '/set-up-account?organization=ABCD2345&employee=E-1001',
  '/confirm-email?token=not-a-real-token',
  '/page/terms',
  '/page/help',
  '/version',
  '/verify/NOT-A-CODE',
  '/watch/not-a-video/not-a-token',
  // A browser not enrolled as a kiosk: says so (the enrolled kiosk is covered by e2e/kiosk.e2e.ts).
  '/kiosk',
  // The practical check's page, on a browser not enrolled as a kiosk (e2e/practical-check.e2e.ts walks an enrolled one).
  '/kiosk/practical-check',
  // Opened without an identity provider's answer: says the sign-in was not started here (e2e/sso.e2e.ts walks a real one).
  '/sso/callback',
];

/** Reached by every signed-in role (member spec, "Signed-in routes"). */
const SIGNED_IN_PATHS = [
  '/home',
  '/achievements',
  '/firstLogin',
  '/account',
  '/account/edit',
  '/account/change-password',
  '/account/delete',
  '/account/kiosk-pin',
  '/change-password',
  '/page/help',
  '/page/terms',
  '/version',
  '/verify/NOT-A-CODE',
  '/plans',
  '/plans/me',
  '/pay-per-view',
  '/payment-options',
  '/subscription',
  '/success-payment',
  '/add-team-member',
  '/accept-invitation?token=not-a-real-token',
  '/confirm-email?token=not-a-real-token',
  '/share/emails',
  '/view-all/New%20Releases',
  '/view-all/Recommended',
  '/view-all/My%20List',
  '/experts',
  '/trailer',
  '/watch/not-a-video/not-a-token',
  '/qualifications',
  '/our-lessons',
];

/** Super users only (administration spec, section 2; member spec: /dashboard and /library). */
const SUPER_USER_PATHS = [
  '/dashboard',
  '/library',
  '/manage-organization',
  '/manage-organization/edit',
  '/manage-organization/create-team',
  '/manage-organization/edit-team',
  '/manage-organization/learning-path-creator',
  '/manage-team',
  '/manage-organization/kiosks',
  '/manage-organization/sso',
  '/manage-organization/provisioning',
  '/manage-organization/integrations',
  '/toolbox',
  '/studio',
  '/manage-organization/qr-codes',
  '/qualifications/stations/new',
  '/qualifications/training/new',
  '/qualifications/verify',
];

/** The guest is signed out on a paid feature (member spec, section 6): those pages are visited signed out instead. */
const SIGNS_THE_GUEST_OUT = new Set(['/plans']);

type DemoIds = {
  categoryId: number;
  subCategory: { id: number; name: string };
  videoId: number;
  expertId: number;
  team: { id: number; name: string };
  stationId: number;
  memberId: number;
};

async function demoIds(stack: Stack): Promise<DemoIds> {
  const token = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
  const profile = (await stack.api('GET', '/api/profile', { token })).body.data;
  const sections = (await stack.api('POST', '/api/home_first_section', { token, json: {} })).body.data;
  const categoryId: number = sections[0].category_id;
  const groups = (await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: categoryId } })).body.data;
  const experts = (await stack.api('GET', '/api/experts', { token })).body.data;
  const teams = (await stack.api('GET', `/api/organization/${profile.organization_id}/teams`, { token })).body.data;
  const stations = (await stack.api('GET', `/api/organization/${profile.organization_id}/stations`, { token })).body.data.stations;
  const member = (await stack.api('GET', '/api/profile', { token: await stack.signIn(DEMO.member.email, DEMO.member.password) })).body.data;
  return {
    categoryId,
    subCategory: { id: groups[0].sub_category_id, name: groups[0].title },
    videoId: groups[0].videos[0].admin_video_id,
    expertId: experts[0].cast_crew_id,
    team: { id: teams[0].id, name: teams[0].name },
    stationId: stations[0].id,
    memberId: member.user_id,
  };
}

/** The pages each role visits, in a stable order. */
export async function routesByRole(stack: Stack): Promise<Record<Role, RouteVisit[]>> {
  const ids = await demoIds(stack);
  const catalog = [
    `/category/${ids.categoryId}`,
    `/sub-category/${ids.subCategory.id}/${encodeURIComponent(ids.subCategory.name)}`,
    `/video/${ids.videoId}`,
    // The video's knowledge check (issue 38): none in the demo, which the page says.
    `/video/${ids.videoId}/check`,
    `/experts/${ids.expertId}`,
    // A station's QR label: every signed-in person gets their verdict (or, for the guest, the refusal).
    `/station/${ids.stationId}`,
  ];
  const teamPages = [
    `/manage-organization/team-form/${encodeURIComponent(ids.team.name)}/${ids.team.id}`,
    `/manage-organization/team-overview/${encodeURIComponent(ids.team.name)}/${ids.team.id}`,
  ];
  const qualificationPages = [
    `/qualifications/stations/${ids.stationId}`,
    `/qualifications/people/${ids.memberId}`,
    `/assessments/videos/${ids.videoId}`,
    `/assessments/videos/${ids.videoId}/results`,
  ];
  const visits = (paths: string[]) => paths.map((path) => ({ path, label: decodeURIComponent(path) }));
  const signedIn = [...SIGNED_IN_PATHS, ...catalog];
  return {
    visitor: visits(PUBLIC_PATHS),
    member: visits(signedIn),
    superUser: visits([...signedIn, ...SUPER_USER_PATHS, ...teamPages, ...qualificationPages]),
    guest: visits(signedIn.filter((path) => !SIGNS_THE_GUEST_OUT.has(path))),
  };
}

export const CREDENTIALS: Record<Exclude<Role, 'visitor'>, { email: string; password: string }> = {
  member: DEMO.member,
  superUser: DEMO.superUser,
  guest: DEMO.guest,
};

/**
 * Opens a route and waits until it has settled: its main heading rendered (or 10 s passed, which the
 * accessibility journey then reports) and no loader or skeleton left on screen (bounded: players and
 * notices keep the network busy, so "network idle" would cost seconds on every page).
 */
export async function visitRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"], [role="status"][aria-label="Loading the page"]'),
      undefined,
      {
        timeout: 5000,
      },
    )
    .catch(() => undefined);
}

/** A dialog, drawer, menu or popover of a walked page, opened before the page is scanned again. */
export type OverlayVisit = { label: string; path: string; width: number; open: (page: Page) => Promise<void> };

const click =
  (name: string, role: 'button' | 'menuitem' = 'button') =>
  async (page: Page) => {
    await page.getByRole(role, { name, exact: true }).first().click();
  };
/** Waits for what opened: a dialog, a menu or a popover's dialog, visible and done animating. */
async function opened(page: Page, role: 'dialog' | 'menu'): Promise<void> {
  await page.getByRole(role).last().waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
}
const openWith =
  (role: 'dialog' | 'menu', ...steps: Array<(page: Page) => Promise<void>>) =>
  async (page: Page) => {
    for (const step of steps) await step(page);
    await opened(page, role);
  };

/**
 * Every overlay of the walked pages, per role (issue 33): the header's profile menu, notices and quick menu, the
 * phone's navigation drawer and dashboard drawers, the video detail panel, the player's menus, the account's and
 * administration's dialogs, the landing page's FAQ.
 */
export async function overlaysByRole(stack: Stack): Promise<Record<Role, OverlayVisit[]>> {
  const ids = await demoIds(stack);
  const { desktop, mobile } = { desktop: 1280, mobile: 425 };
  const signedIn = (quickMenuInfo: boolean): OverlayVisit[] => [
    { label: 'profile menu', path: '/home', width: desktop, open: openWith('menu', click('Profile menu')) },
    { label: 'notices', path: '/home', width: desktop, open: openWith('dialog', click('Notifications')) },
    { label: 'quick menu', path: '/home', width: desktop, open: openWith('menu', click('Quick menu')) },
    ...(quickMenuInfo
      ? [
          {
            label: 'Update User Info dialog',
            path: '/home',
            width: desktop,
            open: openWith('dialog', click('Quick menu'), click('Update User Info', 'menuitem')),
          },
        ]
      : []),
    { label: 'navigation drawer', path: '/home', width: mobile, open: openWith('dialog', click('Open navigation')) },
    {
      label: 'video detail panel',
      path: `/category/${ids.categoryId}`,
      width: desktop,
      open: openWith('dialog', (page) => page.locator('.mm-video-card').first().click()),
    },
    {
      label: 'player quality menu',
      path: `/video/${ids.videoId}`,
      width: desktop,
      open: openWith('menu', async (page) => {
        const quality = page.getByRole('button', { name: /^Quality / });
        await page.locator('video').first().hover();
        await quality.click();
      }),
    },
    {
      label: 'player speed menu',
      path: `/video/${ids.videoId}`,
      width: desktop,
      open: openWith('menu', async (page) => {
        await page.locator('video').first().hover();
        await page.getByRole('button', { name: /^Playback speed/ }).click();
      }),
    },
  ];
  return {
    visitor: [{ label: 'FAQ dialog', path: '/', width: desktop, open: openWith('dialog', (page) => page.locator('.mm-faq-card').first().click()) }],
    member: [...signedIn(true), { label: 'Edit profile dialog', path: '/account', width: desktop, open: openWith('dialog', click('Edit profile')) }],
    superUser: [...signedIn(true), { label: 'New User dialog', path: '/manage-team', width: desktop, open: openWith('dialog', click('New User')) }],
    guest: signedIn(false),
  };
}
