import { CERTIFICATE_MESSAGES, SALES_MESSAGES } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectPath, expectToast, expectVisible, field, newPage, signInThroughForm, useStack, WIDTHS } from './harness.ts';

// Locks enforced by the server (design.md, availability) and shown as a locked state; the guest on a paid
// feature is signed out (member spec, section 6) onto the public plans with the free trial.
describe('locked categories and the way to the plans', () => {
  const env = useStack();

  it('a locked category, its sub-category and its video show the locked panel with the spec text and the way home', async () => {
    const { stack, browser } = env;
    const token = await stack.signIn(DEMO.member.email, DEMO.member.password);
    const home = (await stack.api('POST', '/api/learning_path_home', { token, json: {} })).body.data;
    const locked = (
      home.categories as Array<{ category_id: number; available: boolean; sub_categories: Array<{ sub_category_id: number; name: string }> }>
    ).find((c) => !c.available);
    expect(locked).toBeDefined();
    const refused = await stack.api('POST', '/api/categoryVideos', { token, json: { category_id: locked!.category_id } });
    expect([refused.status, refused.body.error_messages]).toEqual([403, CERTIFICATE_MESSAGES.categoryLocked]);
    // A super user previews it: the way to a video id of that category.
    const supervisor = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
    const groups = (await stack.api('POST', '/api/categoryVideos', { token: supervisor, json: { category_id: locked!.category_id } })).body.data;
    const videoId: number = groups[0].videos[0].admin_video_id;
    const subCategory = locked!.sub_categories[0]!;

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password);
    await dismissToasts(page);
    for (const path of [`/category/${locked!.category_id}`, `/sub-category/${subCategory.sub_category_id}/${encodeURIComponent(subCategory.name)}`]) {
      await page.goto(path);
      await expectVisible(page.getByText('This category is locked'), 15_000);
      await expectVisible(page.getByText(CERTIFICATE_MESSAGES.categoryLocked));
      // A locked state, not a failure: no sign-out, no error toast.
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      expect(await page.getByRole('alert').filter({ hasText: CERTIFICATE_MESSAGES.categoryLocked }).count()).toBe(0);
    }
    await page.goto(`/video/${videoId}`);
    await expectVisible(page.getByRole('heading', { name: 'This category is locked' }), 15_000);
    await expectVisible(page.getByText(CERTIFICATE_MESSAGES.categoryLocked));
    expect(await page.locator('video').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectPath(page, '/home');
  });

  it('the guest pressing a paid feature is signed out onto the public plans, whose free trial leads to sign-up', async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.mobile);
    await signInThroughForm(page, DEMO.guest.email, DEMO.guest.password);
    await dismissToasts(page);
    await page.goto('/plans');
    await expectPath(page, '/plans');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Plans' }), 15_000);
    // Signed out: the public plans with their prices, not the sign-in form.
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('accessToken')))).toBe(false);
    const plans = (await stack.api('POST', '/api/subscription_plans')).body.data as Array<{ title: string; price_id: string }>;
    const offered = plans.filter((p) => p.price_id.length > 2);
    expect(offered.length).toBeGreaterThan(0);
    for (const plan of offered) await expectVisible(page.getByRole('article', { name: `${plan.title} plan` }));
    await expectVisible(page.getByText(/USD \d/).first());
    await page.getByRole('link', { name: 'Start your free trial', exact: true }).click();
    await expectPath(page, '/register');
  });

  it("a plant finds plans that seat it, the spec's plan first, and writes to sales for more", async () => {
    const { stack, browser } = env;
    const page = await newPage(browser, stack, WIDTHS.tablet);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await dismissToasts(page);
    await page.goto('/plans');
    const cards = page.getByRole('article');
    await expectVisible(cards.first(), 15_000);
    // Plan 1 (the registration's) first and as it was; then plans for 25, 100 and 500 people.
    await expectVisible(cards.first().getByRole('heading', { name: 'Team', exact: true }));
    await expectVisible(cards.first().getByText('5 accounts', { exact: true }));
    await expectVisible(cards.first().getByText('USD 149.00').first());
    for (const [title, seats, price] of [
      ['Plant 25', '25 accounts', 'USD 490'],
      ['Plant 100', '100 accounts', 'USD 990'],
      ['Plant 500', '500 accounts', 'USD 3,900'],
    ] as const) {
      const card = page.getByRole('article', { name: `${title} plan` });
      await expectVisible(card.getByText(seats, { exact: true }));
      await expectVisible(card.getByText(price).first());
    }

    const enterprise = page.getByRole('article', { name: 'Enterprise plan' });
    await enterprise.getByRole('button', { name: 'Talk to us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enterprise: talk to us' });
    await dialog.getByRole('button', { name: 'Send to sales' }).click();
    await expectVisible(dialog.getByText('Enter a valid e-mail address, such as name@company.com.'));
    await expectVisible(dialog.getByText('Enter how many people to train.'));
    await field(dialog, 'Name').fill('Ana Souza');
    await field(dialog, 'Company').fill('Souza Metalworks');
    await field(dialog, 'E-mail').fill('ana@souza.example');
    await field(dialog, 'People to train').fill('1200');
    await field(dialog, 'Message').fill('Four plants, three shifts each: we want press safety for everyone.');
    await dialog.getByRole('button', { name: 'Send to sales' }).click();
    await expectToast(page, SALES_MESSAGES.sent);
    await dialog.waitFor({ state: 'hidden' });
    const mail = await stack.mail.waitForMail('sales@manufacturingmasters.local', 'Enterprise inquiry: Souza Metalworks (1200 people)');
    expect(mail.text).toContain('Four plants, three shifts each');
    expect(mail.text).toContain('ana@souza.example');
  });
});
