import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { keepTranscodes, restoreTranscodes } from '../server/test/transcode-cache.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

/**
 * Seeds the demo (people, catalog and its transcoded media) once per run into a template
 * data directory; each journey file copies it instead of transcoding the demo again, and the
 * transcodes are kept for the next run (server/test/transcode-cache.ts).
 */
export default function setup(project: TestProject) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  restoreTranscodes(dir);
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'platform.ts'), 'seed-demo'], { cwd: root, env, stdio: 'ignore' });
  keepTranscodes(dir);
  project.provide('seededDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
