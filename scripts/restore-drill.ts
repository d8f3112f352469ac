/**
 * The restore drill (docs/operations.md): back up with scripts/backup.sh, restore with scripts/restore.sh, and check
 * that the restored platform holds exactly what was backed up:
 *   - every table's row count and content digest, taken in the very snapshot pg_dump reads (so a live database may
 *     keep writing during the drill);
 *   - every organization's evidence chain verified record by record (the key comes from EVIDENCE_KEY or the restored
 *     DATA_DIR/evidence.key);
 *   - every file of the file store (path, size, sha256);
 *   - when the demo organization is there: its dashboard, rankings and member list, asked of the platform itself.
 *
 *   DATABASE_URL=postgres://.../mm DATA_DIR=/var/lib/manufacturing-masters node --import tsx scripts/restore-drill.ts
 *       restores into a scratch database (<name>_drill_<time>) and directory, then drops them: safe on production.
 *   ... scripts/restore-drill.ts --wipe
 *       drops the database and empties DATA_DIR after the backup, then restores into them: the disaster itself, for a
 *       test or a spare machine, never for production.
 * Exit 0 when everything is identical, 1 otherwise (each difference printed).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config/env.ts';
import { createDb, type Db } from '../server/src/db/client.ts';
import { organizationIds, type TableDigest, tableDigests } from '../server/src/db/table-digests.ts';
import { resolveEvidenceKey, useEvidenceKey } from '../server/src/lib/evidence-key.ts';
import { openSession } from '../server/src/modules/auth/sessions.queries.ts';
import { DEMO_SUPER_USER } from '../server/src/modules/demo/demo-people.ts';
import { checkChain } from '../server/src/modules/evidence/audit-pack.ts';
import { findUserByEmail } from '../server/src/modules/users/users.queries.ts';

const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL('.', import.meta.url));

export type Figures = {
  tables: TableDigest[];
  evidence: { organizationId: number; intact: boolean; records: number; lastHash: string | null }[];
  files: { file: string; size: number; sha256: string }[];
  /** The demo organization's answers (JSON) by call, when it exists. */
  demo: Record<string, string>;
};

/** Where two sets of figures differ, one line each; empty when identical. */
export function compareFigures(before: Figures, after: Figures): string[] {
  const differences: string[] = [];
  const byKey = <T>(items: T[], key: (item: T) => string) => new Map(items.map((item) => [key(item), item]));
  const diff = <T>(kind: string, a: T[], b: T[], key: (item: T) => string) => {
    const left = byKey(a, key);
    const right = byKey(b, key);
    for (const [k, item] of left) {
      const other = right.get(k);
      if (!other) differences.push(`${kind} ${k}: missing after the restore`);
      else if (JSON.stringify(other) !== JSON.stringify(item)) differences.push(`${kind} ${k}: ${JSON.stringify(item)} before, ${JSON.stringify(other)} after`);
    }
    for (const k of right.keys()) if (!left.has(k)) differences.push(`${kind} ${k}: only after the restore`);
  };
  diff('table', before.tables, after.tables, (t) => t.table);
  diff('evidence of organization', before.evidence, after.evidence, (e) => String(e.organizationId));
  diff('file', before.files, after.files, (f) => f.file);
  diff('demo answer', Object.entries(before.demo), Object.entries(after.demo), ([call]) => call);
  for (const e of after.evidence) if (!e.intact) differences.push(`evidence of organization ${e.organizationId}: the chain does not verify after the restore`);
  return differences;
}

function fileManifest(dataDir: string): Figures['files'] {
  const files: Figures['files'] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(dataDir, full);
      if (entry.name.startsWith('.partial-') || /^platform\.sqlite/.test(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile())
        files.push({ file: relative, size: fs.statSync(full).size, sha256: createHash('sha256').update(fs.readFileSync(full)).digest('hex') });
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir);
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

async function databaseFigures(db: Db): Promise<Pick<Figures, 'tables' | 'evidence'>> {
  const tables = await tableDigests(db);
  const evidence: Figures['evidence'] = [];
  for (const organizationId of await organizationIds(db)) {
    const check = await checkChain(db, organizationId);
    evidence.push({ organizationId, intact: check.intact, records: check.records, lastHash: check.lastHash ?? null });
  }
  return { tables, evidence };
}

/** The demo super user's view, asked of a platform built on the database (in process, no port). */
async function demoAnswers(databaseUrl: string, dataDir: string): Promise<Figures['demo']> {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
  const { app, ctx } = await buildApp(config);
  try {
    const admin = await findUserByEmail(ctx.db, DEMO_SUPER_USER.email);
    if (!admin?.organization_id) return {};
    const organizationId = admin.organization_id;
    // A session of its own rather than a sign-in, which would change the person's last sign-in; ended afterwards.
    const token = await openSession(ctx.db, admin.id, 'restore-drill');
    const answers: Figures['demo'] = {};
    for (const url of [
      `/api/get_organization_team_overall_progress?organizationId=${organizationId}`,
      `/api/get_organization_compliance_report?organizationId=${organizationId}`,
      `/api/get_all_rankings?organization_id=${organizationId}`,
      `/api/organization/${organizationId}/users`,
    ]) {
      const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      answers[url.replace(/\?.*/, '')] = `${answer.statusCode} ${answer.body}`;
    }
    await app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    return answers;
  } finally {
    await app.close();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { wipe: { type: 'boolean' }, keep: { type: 'string' } } });
  const config = loadConfig();
  if (config.dialect !== 'postgres') {
    console.error('The restore drill needs PostgreSQL (DATABASE_URL=postgres://...): it checks pg_dump backups.');
    return 1;
  }
  const sourceUrl = config.databaseUrl;
  const sourceName = decodeURIComponent(new URL(sourceUrl).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(sourceName)) {
    console.error(`The drill creates and drops databases by name: "${sourceName}" is not a plain name.`);
    return 1;
  }
  const backupDir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mm-backup-'));
  const started = Date.now();
  const env = (databaseUrl: string, dataDir: string) => ({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  useEvidenceKey(resolveEvidenceKey(config));

  // 1. The backup, and the source's figures in the snapshot pg_dump reads.
  const source = createDb(sourceUrl).db;
  let before: Figures;
  try {
    before = await source.connection().execute(async (connection) => {
      await sql`begin isolation level repeatable read read only`.execute(connection);
      const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(connection)).rows[0]?.id as string;
      await run(path.join(SCRIPTS, 'backup.sh'), [backupDir], { env: { ...env(sourceUrl, config.dataDir), PG_SNAPSHOT: snapshot } });
      const figures = await databaseFigures(connection);
      await sql`commit`.execute(connection);
      return { ...figures, files: fileManifest(config.dataDir), demo: {} };
    });
  } finally {
    await source.destroy();
  }
  before.demo = await demoAnswers(sourceUrl, config.dataDir);
  console.log(`Backed up to ${backupDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  // 2. The loss: the source itself (--wipe), or nothing (a scratch copy is restored beside it).
  const targetName = values.wipe ? sourceName : `${sourceName}_drill_${Date.now()}`;
  const targetUrl = withDatabase(sourceUrl, targetName);
  const targetDir = values.wipe ? config.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'mm-drill-data-'));
  if (values.wipe) {
    await admin(sourceUrl, `drop database ${sourceName} with (force)`);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    console.log(`Wiped: database ${sourceName} dropped, ${config.dataDir} removed.`);
  }
  await admin(sourceUrl, `create database ${targetName}`);

  try {
    // 3. The restore, then the same figures of the restored copy (its evidence key from the restored files when
    // EVIDENCE_KEY is not set).
    await run(path.join(SCRIPTS, 'restore.sh'), [backupDir], { env: env(targetUrl, targetDir) });
    useEvidenceKey(resolveEvidenceKey({ ...config, dataDir: targetDir }));
    const target = createDb(targetUrl).db;
    let after: Figures;
    try {
      after = { ...(await databaseFigures(target)), files: fileManifest(targetDir), demo: {} };
    } finally {
      await target.destroy();
    }
    after.demo = await demoAnswers(targetUrl, targetDir);

    const differences = compareFigures(before, after);
    const rows = before.tables.reduce((sum, t) => sum + t.rows, 0);
    const records = before.evidence.reduce((sum, e) => sum + e.records, 0);
    console.log(`Tables: ${before.tables.length} (${rows} rows), compared by row count and content digest.`);
    console.log(`Evidence chains: ${before.evidence.length} organizations, ${records} records, each verified after the restore.`);
    console.log(`Files: ${before.files.length} (${before.files.reduce((sum, f) => sum + f.size, 0)} bytes), compared by sha256.`);
    console.log(`Demo organization: ${Object.keys(before.demo).length ? `${Object.keys(before.demo).length} answers compared` : 'not present'}.`);
    if (differences.length) {
      console.log(`Restore drill FAILED: ${differences.length} difference${differences.length > 1 ? 's' : ''}.`);
      for (const line of differences) console.log(`- ${line}`);
      return 1;
    }
    console.log(`Restore drill passed in ${((Date.now() - started) / 1000).toFixed(1)} s: the restored copy is identical.`);
    return 0;
  } finally {
    if (!values.wipe) {
      await admin(sourceUrl, `drop database if exists ${targetName} with (force)`);
      fs.rmSync(targetDir, { recursive: true, force: true });
    }
    if (!values.keep) fs.rmSync(backupDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
