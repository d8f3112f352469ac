import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';

/**
 * `npm run openapi`: writes docs/openapi.json, the API document exactly as a platform serves it at /api/openapi.json,
 * so a change to the API shows in review. `server/test/openapi.test.ts` fails while the committed file differs.
 * The platform runs on a throwaway SQLite database with the tests' settings (the document does not depend on data).
 */
const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-openapi-'));
try {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'openapi.sqlite')}`, LOG_LEVEL: 'silent', PORT: '0' });
  const { app } = await buildApp(config);
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  if (answer.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${answer.statusCode}`);
  fs.writeFileSync(target, `${JSON.stringify(answer.json(), null, 2)}\n`);
  // Laid out as `npm run format` would (the test compares the parsed document, so the layout is only for readers).
  execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'ignore' });
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
