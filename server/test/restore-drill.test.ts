import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFigures, type Figures } from '../../scripts/restore-drill.ts';
import type { Db } from '../src/db/client.ts';
import { MASTER_PLAYLIST, mediaRoot, POSTER } from '../src/modules/catalog/media.ts';
import { seedDemoOrganization } from '../src/modules/demo/demo-organization.ts';
import { DEMO_SUPER_USER } from '../src/modules/demo/demo-people.ts';
import { insertDemoCatalog } from './catalog-fixture.ts';
import { freshDatabaseUrl, signIn, startPlatform } from './harness.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

/**
 * The demo catalog's categories and lessons inserted without probing or transcoding (catalog-fixture.ts), all on one
 * stand-in asset whose playlist and poster sit in the file store: the drill is about data, not renditions. The demo
 * organization is then played over it by the demo's own code.
 */
async function insertDemoCatalogWithFiles(db: Db, dataDir: string): Promise<void> {
  await insertDemoCatalog(db, () => 90);
  const assetDir = path.join(mediaRoot(dataDir), 'e'.repeat(64));
  fs.mkdirSync(path.join(assetDir, '360p'), { recursive: true });
  fs.writeFileSync(path.join(assetDir, MASTER_PLAYLIST), '#EXTM3U\n');
  fs.writeFileSync(path.join(assetDir, '360p', 'index.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n');
  fs.writeFileSync(path.join(assetDir, POSTER), 'poster');
}

describe('compareFigures', () => {
  const figures: Figures = {
    tables: [{ table: 'users', rows: 2, digest: 'a' }],
    evidence: [{ organizationId: 1, intact: true, records: 3, lastHash: 'h' }],
    files: [{ file: 'evidence.key', size: 64, sha256: 'k' }],
    demo: { '/api/get_all_rankings': '200 {}' },
  };

  it('finds nothing between identical figures, and names every difference otherwise', () => {
    expect(compareFigures(figures, structuredClone(figures))).toEqual([]);
    const after: Figures = {
      tables: [{ table: 'users', rows: 2, digest: 'b' }],
      evidence: [{ organizationId: 1, intact: false, records: 3, lastHash: 'h' }],
      files: [],
      demo: { '/api/get_all_rankings': '200 {"x":1}' },
    };
    expect(compareFigures(figures, after)).toEqual([
      'table users: {"table":"users","rows":2,"digest":"a"} before, {"table":"users","rows":2,"digest":"b"} after',
      'evidence of organization 1: {"organizationId":1,"intact":true,"records":3,"lastHash":"h"} before, {"organizationId":1,"intact":false,"records":3,"lastHash":"h"} after',
      'file evidence.key: missing after the restore',
      'demo answer /api/get_all_rankings: ["/api/get_all_rankings","200 {}"] before, ["/api/get_all_rankings","200 {\\"x\\":1}"] after',
      'evidence of organization 1: the chain does not verify after the restore',
    ]);
  });
});

describe.skipIf(!onPostgres)('the restore drill on the demo organization (PostgreSQL)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-drill-source-'));
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // About a minute on an idle machine (most of it the demo's six months played on PostgreSQL); the machine is shared.
  it('backs up, wipes the database and the file store, restores, and finds every figure identical', { timeout: 600_000 }, async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const source = await startPlatform({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    let members: number;
    let certificates: unknown;
    try {
      await insertDemoCatalogWithFiles(source.ctx.db, dataDir);
      expect(await seedDemoOrganization(source.ctx)).toBe(true);
      const token = await signIn(source, DEMO_SUPER_USER.email, DEMO_SUPER_USER.password);
      const organizationId = (await source.api('GET', '/api/profile', { token })).body.data.organization_id as number;
      members = (await source.api('GET', `/api/organization/${organizationId}/users`, { token })).body.data.length;
      certificates = (await source.api('GET', '/api/get_all_rankings', { token, query: { organization_id: String(organizationId) } })).body.data;
      expect(members).toBeGreaterThan(50);
    } finally {
      await source.close();
    }

    const drill = await run(process.execPath, ['--import', 'tsx', 'scripts/restore-drill.ts', '--wipe'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, EVIDENCE_KEY: '', LOG_LEVEL: 'silent' },
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`the drill failed:\n${error.stdout}\n${error.stderr}`);
    });
    console.log(drill.stdout);
    expect(drill.stdout).toContain('Wiped: database');
    expect(drill.stdout).toMatch(/Evidence chains: \d+ organizations, [1-9]\d* records, each verified after the restore\./);
    expect(drill.stdout).toMatch(/Files: [1-9]\d* /);
    expect(drill.stdout).toContain('Demo organization: 4 answers compared.');
    expect(drill.stdout).toContain('Restore drill passed');

    // The restored platform, on its own: the demo's super user signs in with the password of before, and sees the same.
    const restored = await startPlatform({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    try {
      const token = await signIn(restored, DEMO_SUPER_USER.email, DEMO_SUPER_USER.password);
      const organizationId = (await restored.api('GET', '/api/profile', { token })).body.data.organization_id as number;
      expect((await restored.api('GET', `/api/organization/${organizationId}/users`, { token })).body.data.length).toBe(members);
      expect((await restored.api('GET', '/api/get_all_rankings', { token, query: { organization_id: String(organizationId) } })).body.data).toEqual(
        certificates,
      );
    } finally {
      await restored.close();
    }
  });
});
