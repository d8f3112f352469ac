import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
