import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, dismissToasts, expectVisible, field, newPage, screenshotAtWidths, seriousAxeFindings, signInThroughForm, useStack, WIDTHS } from './harness.ts';

const SCREENSHOTS = process.env.INTEGRATIONS_SCREENSHOTS;

/** A webhook receiver on this machine (the stack allows private addresses for it), recording what it is sent. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.end('received');
  });
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

// Issue 39: a super user connects the plant's MES: an API token (shown once), a webhook endpoint, a test event that
// arrives signed and shows in the delivery log.
describe('integrations', () => {
  const env = useStack({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: '1000' });

  it('creates a token shown once, registers an endpoint, sends a test event and sees it delivered in the log', async () => {
    const { stack, browser } = env;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mes-hook`;

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization');
    await page.getByRole('link', { name: /Integrations/ }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Integrations' }));
    await expectVisible(page.getByText('No API token yet.'));

    // The token: named, scoped, shown once in the dialog.
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await field(dialog, 'Name').fill('MES line 2');
    await dialog.getByRole('checkbox', { name: 'Read users' }).check();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'integrations-create-token', WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = dialog.getByTestId('shown-once');
    await expectVisible(shown);
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^mmk_/);
    // The token works on the integration calls.
    expect((await stack.api('GET', '/api/v1/members', { token })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByText('MES line 2'));
    // Never shown again.
    expect(await page.getByText(token).count()).toBe(0);

    // The endpoint, then a test event.
    await dismissToasts(page);
    await field(page, 'Endpoint URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    const secretBox = page.getByTestId('shown-once');
    await expectVisible(secretBox);
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();

    // It arrives signed as docs/integrations.md says, and the log shows it delivered with the receiver's answer.
    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    await expectVisible(log.getByText('delivered'), 15_000);
    await expectVisible(log.getByText('200 · received'));
    expect(received).toHaveLength(1);
    const [delivery] = received as [(typeof received)[number]];
    expect(JSON.parse(delivery.body).event).toBe('webhook.test');
    const expected = `v1=${createHmac('sha256', secret).update(`${delivery.headers['x-mm-timestamp']}.${delivery.body}`).digest('hex')}`;
    expect(delivery.headers['x-mm-signature']).toBe(expected);
    await dismissToasts(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'integrations-delivery-log', WIDTHS.desktop);
  });
});
