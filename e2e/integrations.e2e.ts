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
/** A Learning Record Store on this machine: basic auth and the xAPI version header required, statements kept by id. */
const LRS_AUTH = `Basic ${Buffer.from('plant-key:plant-lrs-secret').toString('base64')}`;
const statements = new Map<string, { verb: { id: string }; actor: unknown }>();
const lrs = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    response.setHeader('x-experience-api-version', '1.0.3');
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== LRS_AUTH) return void response.writeHead(401).end('{"error":"bad credentials"}');
    if (request.headers['x-experience-api-version'] !== '1.0.3' || request.method !== 'POST' || request.url !== '/xapi/statements')
      return void response.writeHead(400).end('{"error":"not an xAPI statements request"}');
    const statement = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    statements.set(statement.id, statement);
    response.writeHead(200).end(JSON.stringify([statement.id]));
  });
});
afterAll(async () => {
  for (const s of [server, lrs]) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

// Issue 39: a super user connects the plant's MES: an API token (shown once), a webhook endpoint, a test event that
// arrives signed and shows in the delivery log.
describe('integrations', () => {
  const env = useStack({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: '1000', SSO_SECRET_KEY: 'e2e-sso-secret-key-for-the-test-platform-only' });

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

  it('sets up a Learning Record Store, sends a test statement and sees it delivered in the statement log', async () => {
    const { stack, browser } = env;
    await new Promise<void>((resolve) => lrs.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(lrs.address() as AddressInfo).port}/xapi/`;

    const page = await newPage(browser, stack, WIDTHS.desktop);
    await signInThroughForm(page, DEMO.superUser.email, DEMO.superUser.password);
    await page.goto('/manage-organization/integrations');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'xAPI (Learning Record Store)' }));
    const form = page.getByRole('form', { name: 'Learning Record Store settings' });
    await field(form, 'LRS endpoint').fill(endpoint);
    await field(form, 'Key').fill('plant-key');
    await field(form, 'Secret').fill('plant-lrs-secret');
    await form.getByRole('button', { name: 'Save LRS settings' }).click();
    await expectVisible(page.getByText('A secret is kept: leave empty to keep it, or type a new one'));
    // The secret is never answered back, nor shown.
    expect(await field(form, 'Secret').inputValue()).toBe('');
    expect(
      JSON.stringify((await stack.api('GET', '/api/integrations/xapi', { token: await stack.signIn(DEMO.superUser.email, DEMO.superUser.password) })).body),
    ).not.toContain('plant-lrs-secret');

    await dismissToasts(page);
    await form.getByRole('button', { name: 'Send test statement' }).click();
    const log = page.getByRole('table', { name: 'xAPI statements' });
    await expectVisible(log.getByText('delivered'), 15_000);
    await expectVisible(log.getByText('experienced'));
    expect(statements.size).toBe(1);
    const [statement] = [...statements.values()];
    expect(statement?.verb.id).toBe('http://adlnet.gov/expapi/verbs/experienced');
    expect(statement?.actor).toMatchObject({ account: { homePage: expect.any(String), name: expect.stringMatching(/^\d+$/) } });
    await dismissToasts(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'integrations-xapi', WIDTHS.desktop);

    // The removal asks first.
    await form.getByRole('button', { name: 'Remove LRS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the Learning Record Store?' });
    await expectVisible(dialog);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshotAtWidths(page, SCREENSHOTS, 'integrations-xapi-remove', WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
