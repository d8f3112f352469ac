import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PEOPLE_IMPORT_COLUMNS, SHIFTS } from '@mm/contract';
import { buildApp } from '../src/app.ts';
import { insertTeam } from '../src/modules/organization/index.ts';
import { createOrganization } from '../src/modules/organization/organization.service.ts';
import { benchConfig, freshDatabase } from './database.ts';

const TEAMS = ['Assembly', 'Machining', 'Paint', 'Quality', 'Logistics'];

export type PeopleImportBench = {
  rows: number;
  checkMs: number;
  importMs: number;
  againMs: number;
  checkQueries: number;
  importQueries: number;
  created: number;
};

/**
 * The CSV import of `rows` people (issue 39) on a fresh database: half with e-mail (each invited), half by employee
 * number, with shifts; times the dry run, the import (one transaction) and the same file a second time (nothing
 * created), through the app's HTTP routes. `queries` reads the bench's statement counter.
 */
export async function benchPeopleImport(rows: number, queries: () => number): Promise<PeopleImportBench> {
  const database = await freshDatabase('people');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-people-'));
  const config = benchConfig(database.url, dataDir);
  const { app, ctx } = await buildApp(config);
  try {
    const boss = { email: 'boss@bench.example', password: 'Bench-Supervisor-2026', name: 'Bea', lastName: 'Boss', team: TEAMS[0] as string, role: 'Manager' };
    const { organizationId } = await createOrganization(ctx, 'Bench Plant', boss);
    const t = Date.now();
    const plan = await ctx.db
      .insertInto('plans')
      .values({
        key: 'bench-people',
        title: 'Bench',
        price_id: 'bench',
        currency: 'USD',
        amount: 1,
        months: 1,
        no_of_account: rows + 10,
        description: 'Bench plan',
        popular: 0,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('subscriptions').set({ plan_id: plan.id, updated_at: t }).where('organization_id', '=', organizationId).execute();
    const login = await app.inject({ method: 'POST', url: '/api/v4/login', payload: { email: boss.email, password: boss.password } });
    const token = login.json().data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    for (const name of TEAMS.slice(1)) await insertTeam(ctx.db, organizationId, name);
    const file = {
      columns: [...PEOPLE_IMPORT_COLUMNS],
      rows: Array.from({ length: rows }, (_, i) => [
        `First${i}`,
        `Last${i}`,
        i % 2 === 0 ? `person${i}@bench.example` : '',
        i % 2 === 0 ? '' : `B-${i}`,
        TEAMS[i % TEAMS.length] as string,
        'Operator',
        SHIFTS[i % SHIFTS.length] as string,
      ]),
    };
    const timed = async (url: string) => {
      const before = queries();
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url, headers, payload: file });
      const ms = performance.now() - started;
      if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { ms, queries: queries() - before, data: res.json().data };
    };
    const check = await timed(`/api/organization/${organizationId}/people-import/check`);
    if (check.data.new_count !== rows) throw new Error(`the check found ${check.data.new_count} new people of ${rows}`);
    const imported = await timed(`/api/organization/${organizationId}/people-import`);
    const again = await timed(`/api/organization/${organizationId}/people-import`);
    if (again.data.created !== 0) throw new Error('the second import created people');
    return {
      rows,
      checkMs: check.ms,
      importMs: imported.ms,
      againMs: again.ms,
      checkQueries: check.queries,
      importQueries: imported.queries,
      created: imported.data.created,
    };
  } finally {
    await app.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
