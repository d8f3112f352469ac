import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

describe('one e-mail, many parallel requests', () => {
  it('creates the user once and answers every other request 409, never 500', async () => {
    const org = await organizationWithMembers(platform, 'Same Email Plant');
    await giveSeats(platform, org.organizationId, 50);
    const email = uniqueEmail('twice');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        platform.api('POST', '/api/v4/create_user', {
          token: org.superUser.token,
          json: {
            name: 'Anna',
            last_name: 'Berg',
            team: 'Assembly',
            role: 'Operator',
            email,
            password: STRONG_PASSWORD,
            password_confirmation: STRONG_PASSWORD,
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error_messages).toMatch(/has already been taken\.$/);
    const rows = await platform.ctx.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute();
    expect(rows).toHaveLength(1);
  });
});
