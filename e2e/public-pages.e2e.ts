import { describe, expect, it } from 'vitest';
import { expectPath, expectVisible, newPage, useStack, WIDTHS } from './harness.ts';

// Member spec, section 2: /page/{id} (side list of pages, title, HTML body, footer) and the footer's dynamic pages.
describe('public information pages', () => {
  const env = useStack();

  it('shows a page with the side list and moves between pages without signing in', async () => {
    const page = await newPage(env.browser, env.stack);
    await page.goto('/page/terms');
    const article = page.locator('article');
    await expectVisible(article.getByRole('heading', { level: 1, name: 'Terms and Conditions' }));
    const side = page.getByRole('navigation', { name: 'Pages', exact: true });
    for (const title of ['Terms and Conditions', 'Privacy Policy', 'Help', 'Contact Us'])
      await expectVisible(side.getByRole('link', { name: title, exact: true }));
    await side.getByRole('link', { name: 'Privacy Policy' }).click();
    await expectPath(page, '/page/privacy');
    await expectVisible(article.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    expect(await article.locator('script').count()).toBe(0);
  });

  it('lists the pages in the footer, at phone width too', async () => {
    const page = await newPage(env.browser, env.stack, WIDTHS.mobile);
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    await expectVisible(footer.getByRole('link', { name: 'Contact Us', exact: true }));
    await footer.getByRole('link', { name: 'Help', exact: true }).click();
    await expectPath(page, '/page/help');
    await expectVisible(page.locator('article').getByRole('heading', { level: 1, name: 'Help' }));
  });

  it('says so for a page that does not exist', async () => {
    const page = await newPage(env.browser, env.stack);
    await page.goto('/page/does-not-exist');
    await expectVisible(page.getByText('This page does not exist.'));
  });
});
