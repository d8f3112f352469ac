import { SALES_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ SALES_EMAIL: 'deals@learn.example.com' });
});
afterAll(() => platform.close());

const inquiry = {
  name: 'Ana Souza',
  company: 'Souza Metalworks',
  email: 'ana@souza.example',
  people: 300,
  message: 'We run three shifts at one plant and want everyone trained on press safety.',
};

const salesMails = () =>
  platform.ctx.db
    .selectFrom('outbox')
    .select(['to_address', 'kind', 'subject', 'text_body', 'html_body'])
    .where('kind', '=', 'sales_inquiry')
    .orderBy('id')
    .execute();

const send = (json: unknown, headers: Record<string, string> = {}, token?: string) => platform.api('POST', '/api/sales-inquiry', { json, headers, token });

describe('enterprise "talk to us"', () => {
  it("e-mails a visitor's message to SALES_EMAIL, with the address to answer", async () => {
    const res = await send(inquiry);
    expect([res.status, res.body]).toEqual([201, { success: true, message: SALES_MESSAGES.sent, data: null }]);
    const [mail] = await salesMails();
    expect(mail).toMatchObject({ to_address: 'deals@learn.example.com', subject: 'Enterprise inquiry: Souza Metalworks (300 people)' });
    expect(mail?.text_body).toContain(inquiry.message);
    expect(mail?.text_body).toContain('Answer by writing to ana@souza.example.');
    expect(mail?.text_body).not.toContain('signed in as');
  });

  it('names a signed-in sender and escapes what was typed in the HTML body', async () => {
    const forge = await organizationWithMembers(platform, 'Forge Sales');
    const res = await send({ ...inquiry, message: '<script>alert(1)</script> we need 400 seats' }, {}, forge.member.token);
    expect(res.status).toBe(201);
    const mail = (await salesMails()).at(-1);
    expect(mail?.text_body).toContain('of Forge Sales)');
    expect(mail?.html_body).not.toContain('<script>');
    expect(mail?.html_body).toContain('&lt;script&gt;');
  });

  it('refuses invalid forms with 400 and sends nothing', async () => {
    const before = (await salesMails()).length;
    const cases: [unknown, string][] = [
      [{ ...inquiry, email: 'not-an-address' }, 'E-mail must be a valid e-mail address'],
      [{ ...inquiry, name: '   ' }, 'Name is required'],
      [{ ...inquiry, company: 'Evil\r\nBcc: everyone@example.com' }, 'Company must be one line'],
      [{ ...inquiry, people: 0 }, 'People must be at least 1'],
      [{ ...inquiry, people: 'many' }, 'People must be a number'],
      [{ ...inquiry, message: 'hi' }, 'Message must be at least 10 characters'],
      [{ ...inquiry, message: 'x'.repeat(2001) }, 'Message may have at most 2000 characters'],
      [{}, ''],
    ];
    for (const [body, text] of cases) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error_messages).toContain(text);
    }
    expect((await salesMails()).length).toBe(before);
  });

  it('takes at most 5 messages an hour from one address, also when they arrive together', async () => {
    const limited = await startPlatform();
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => limited.api('POST', '/api/sales-inquiry', { json: inquiry })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      const refused = answers.find((a) => a.status === 429);
      expect(refused?.body.error_messages).toBe(SALES_MESSAGES.throttled);
      expect(refused?.headers.get('retry-after')).toBeTruthy();
      const sent = await limited.ctx.db.selectFrom('outbox').select('to_address').where('kind', '=', 'sales_inquiry').execute();
      expect(sent).toEqual(Array.from({ length: 5 }, () => ({ to_address: 'sales@manufacturingmasters.local' })));
    } finally {
      await limited.close();
    }
  });
});
