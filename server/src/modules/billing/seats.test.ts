import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { countOrganizationMembers } from './billing.queries.ts';

/** The plan's seats hold when every way of adding a person is called many times at once (5 seats: the default). */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const PARALLEL = 50;
const members = (organizationId: number) => countOrganizationMembers(platform.ctx.db, organizationId);
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

describe('seats under parallel additions', () => {
  it(`${PARALLEL} parallel v4/create_user fill the 3 free seats and refuse the rest`, async () => {
    const org = await organizationWithMembers(platform, 'Race Castings');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        platform.api('POST', '/api/v4/create_user', {
          token: org.superUser.token,
          json: { name: `Racer${i}`, last_name: 'Parallel', email: uniqueEmail('racer'), team: 'Line', role: 'Welder' },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(PARALLEL - 3).fill(409)]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.error_messages).toBe('Your plan includes 5 accounts and all are in use: delete a user or change your plan first.');
    expect(await members(org.organizationId)).toBe(5);
  });

  it(`${PARALLEL} parallel v4/register_members of two addresses each invite one pair and refuse the rest`, async () => {
    const org = await organizationWithMembers(platform, 'Race Foundry');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        platform.api('POST', '/api/v4/register_members', { token: org.superUser.token, json: { emails: [uniqueEmail('pair'), uniqueEmail('pair')] } }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    expect(answers.find((a) => a.status === 409)?.body.error_messages).toBe(
      'Your plan includes 5 accounts, you included, and 4 are in use: you can invite 1 more team member.',
    );
    expect(await members(org.organizationId)).toBe(4);
  });

  it('parallel create_user and register_members together never pass the seats', async () => {
    const org = await organizationWithMembers(platform, 'Race Mixed');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2
          ? platform.api('POST', '/api/v4/register_members', { token: org.superUser.token, json: { emails: [uniqueEmail('mix')] } })
          : platform.api('POST', '/api/v4/create_user', {
              token: org.superUser.token,
              json: { name: `Mixed${i}`, last_name: 'Parallel', email: uniqueEmail('mix'), team: 'Line', role: 'Welder' },
            }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await members(org.organizationId)).toBe(5);
  });

  it('the operator command (addMember) keeps to the seats too, in parallel', async () => {
    const org = await organizationWithMembers(platform, 'Race Operator');
    const added = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        addMember(platform.ctx, org.organizationId, { email: uniqueEmail('cli'), password: STRONG_PASSWORD, name: `Cli${i}`, lastName: 'Op' }),
      ),
    );
    expect(added.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const refusal = added.find((a) => a.status === 'rejected');
    expect(refusal?.status === 'rejected' && String(refusal.reason.message)).toBe(
      `The plan of organization ${org.organizationId} includes 5 accounts and all are in use.`,
    );
    expect(await members(org.organizationId)).toBe(5);
  });
});
