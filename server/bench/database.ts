import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config/env.ts';

/** An empty database for one bench case: a SQLite file, or a new PostgreSQL database when DATABASE_URL is postgres://. */
export async function freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server?.startsWith('postgres')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mm-bench-${label}-`));
    return { url: `sqlite:${path.join(dir, 'bench.sqlite')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mm_bench_${process.pid}_${label}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The app as the bench runs it: production settings on a throwaway database and data directory. */
export function benchConfig(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
    TRUST_PROXY: 'true',
    // The flood guard is not what is measured: a few members send thousands of calls a second.
    REQUESTS_PER_MINUTE: '1000000',
    SEED_DEMO: 'never',
    // Production requires the evidence key; the bench's evidence is thrown away with its database.
    EVIDENCE_KEY: randomBytes(32).toString('hex'),
    ...extra,
  });
}
