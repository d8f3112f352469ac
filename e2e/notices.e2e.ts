import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectHidden, expectVisible, freshDemoMember, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

// In-app notices: a supervisor's alert (administration spec, section 2 "Team dashboard") reaches the member's header.
describe('in-app notices', () => {
  const env = useStack();

  it("shows the supervisor's alerts to the member behind a bell with an unread badge, read once opened", async () => {
    const { stack, browser } = env;
    const supervisor = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    // A newcomer with no notices yet (the demo members have had alerts over the months).
    const password = 'Newcomer-Password-2026';
    const newcomer = await freshDemoMember(stack, { name: 'Ines', lastName: 'Duarte', team: 'Production', role: 'Machine Operator', password });
    const login = await stack.api('POST', '/api/v4/login', { json: { email: newcomer.email, password } });
    const member = login.body.data as { token: string; user_id: number; organization_id: number };

    // The supervisor alerts the member about two categories of the path (the dashboard's call, as the dashboard journey clicks it).
    const path = await stack.api('GET', `/api/get_all_organization_categories_learning_path/${member.organization_id}`, { token: supervisor });
    const [first, second] = path.body.data.data as Array<{ id: number; name: string }>;
    for (const category of [first!, second!]) {
      const sent = await stack.api('GET', `/api/dashboard/team/${member.user_id}?category_id=${category.id}`, { token: supervisor });
      expect(sent.status).toBe(200);
    }

    // The member, on a 425px phone: the bell carries the unread count.
    const page = await newPage(browser, stack, WIDTHS.mobile);
    await signInThroughForm(page, newcomer.email, password);
    await dismissToasts(page);
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    const badge = page.getByTestId('notices-unread');
    await expectVisible(bell, 15_000);
    await expectVisible(badge);
    expect((await badge.textContent())?.trim()).toBe('2');
    expect(await page.locator(`#${await bell.getAttribute('aria-describedby')}`).textContent()).toBe('2 unread notifications');

    // Opened from the keyboard: both messages, newest first, marked read on the server; the badge goes.
    const marked = page.waitForResponse((r) => r.url().endsWith('/api/notices/read') && r.request().method() === 'POST');
    await bell.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expectVisible(list);
    const items = list.getByTestId('notice');
    await expectVisible(items.filter({ hasText: first!.name }));
    expect(await items.count()).toBe(2);
    expect(await items.first().textContent()).toContain(second!.name);
    expect(await items.first().textContent()).toMatch(/asks you to continue/);
    expect(await items.first().locator('time').textContent()).toMatch(/just now|minute/);
    const answer = await marked;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).data).toEqual({ unread: 0 });
    await expectHidden(badge);

    // It fits the phone's width, and Escape closes it and gives the focus back to the bell.
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTHS.mobile);
    await page.keyboard.press('Escape');
    await expectHidden(list);
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);

    // Read stays read.
    expect((await stack.api('GET', '/api/notices', { token: member.token })).body.data.unread).toBe(0);
    await page.reload();
    await expectVisible(bell, 15_000);
    expect(await badge.count()).toBe(0);

    // A notice leads to its category.
    await bell.click();
    await list.getByTestId('notice').filter({ hasText: first!.name }).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/category/${first!.id}`);
    await expectHidden(list);
  });
});
