/**
 * `npm run cluster`: the production shape on one machine. N app instances (HTTP only) and
 * one worker on one PostgreSQL, behind Debian's nginx running the repo's deploy/nginx.conf (filled in by the test
 * kit that server/test/nginx.test.ts uses). Ctrl-C or SIGTERM drains every process (each exits 0 when its requests
 * finished) and stops nginx.
 *
 *   DATABASE_URL=postgres://user@127.0.0.1:5432/mm npm run cluster [-- --instances 3]
 *
 * Settings: DATABASE_URL (PostgreSQL, required), CLUSTER_INSTANCES or --instances (3), CLUSTER_PORT or --port
 * (nginx, 8080, on 127.0.0.1), CLUSTER_APP_PORT (first instance's port, 3001; instance N listens on it + N - 1), and
 * every setting of the platform itself (DATA_DIR is shared by all instances: media, uploads, evidence.key).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { NGINX, type RunningNginx, startNginx } from '../server/test/nginx-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIR = path.join(ROOT, 'server');
const WEB_DIST = path.join(ROOT, 'web', 'dist');
/** Longer than the app's own drain limit (25 s), so the app reports its own overrun. */
const STOP_LIMIT_MS = 30_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

type Child = { name: string; process: ChildProcess; exited: Promise<number | null>; url?: string };

function startChild(name: string, script: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on('data', prefix(process.stdout));
  child.stderr?.on('data', prefix(process.stderr));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, process: child, exited };
}

async function waitReady(child: Child, url: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 5; i++) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited with ${child.process.exitCode} while starting`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer ${url}/readyz within ${seconds} s`);
}

async function main() {
  const { values } = parseArgs({ options: { instances: { type: 'string' }, port: { type: 'string' } } });
  const instances = Number(values.instances ?? process.env.CLUSTER_INSTANCES ?? 3);
  const port = Number(values.port ?? process.env.CLUSTER_PORT ?? 8080);
  const firstAppPort = Number(process.env.CLUSTER_APP_PORT ?? 3001);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail('--instances (CLUSTER_INSTANCES) must be a whole number from 1 to 32.');
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port (CLUSTER_PORT) must be a TCP port.');
  const databaseUrl = process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    fail(
      'npm run cluster needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/db (an empty database is migrated at start).\n' +
        'Several processes on one SQLite file is not the production shape: use `npm start` for the embedded SQLite default.',
    );
  }
  if (!NGINX) fail('npm run cluster puts the instances behind nginx, which is not installed (Debian: apt-get install nginx).');
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) fail('web/dist is missing: run `npm run build -w web` (npm run cluster does it first).');

  // Relative to server/, as for `npm start`.
  const dataDir = path.resolve(SERVER_DIR, process.env.DATA_DIR || './data');
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    MEDIA_ACCEL_REDIRECT: '/internal-media/',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  };
  const children: Child[] = [];
  let stopping = false;
  let nginx: RunningNginx | null = null;

  const stop = async (reason: string): Promise<number> => {
    if (stopping) return 1;
    stopping = true;
    console.log(`\nStopping the cluster (${reason}): nginx, then SIGTERM to every process (they drain their requests).`);
    nginx?.stop();
    const codes = await Promise.all(
      children.map(async (child) => {
        if (child.process.exitCode !== null) return child.process.exitCode;
        child.process.kill('SIGTERM');
        const late = setTimeout(() => child.process.kill('SIGKILL'), STOP_LIMIT_MS);
        const code = await child.exited;
        clearTimeout(late);
        console.log(`${child.name} exited with ${code}`);
        return code;
      }),
    );
    return codes.every((code) => code === 0) ? 0 : 1;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal).then((code) => process.exit(code)));

  try {
    // The first instance alone: it migrates the empty database, makes DATA_DIR/evidence.key outside production and
    // loads the demo when SEED_DEMO=auto, so the others start on a ready database and never race for those.
    for (let n = 1; n <= instances; n++) {
      const appPort = firstAppPort + n - 1;
      const child = startChild(`app${n}`, 'src/main.ts', {
        ...base,
        HOST: '127.0.0.1',
        PORT: String(appPort),
        ...(n > 1 && { SEED_DEMO: 'never' }),
        // The instances serve HTTP only: the worker runs the job queue.
        RUN_JOBS: 'false',
      });
      child.url = `http://127.0.0.1:${appPort}`;
      children.push(child);
      await waitReady(child, child.url, n === 1 ? 900 : 120);
    }
    children.push(startChild('worker', 'src/worker.ts', base));
    nginx = await startNginx({
      app: children.filter((c) => c.url).map((c) => new URL(c.url as string).host),
      mediaDir: path.join(dataDir, 'media'),
      webDist: WEB_DIST,
      port,
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(await stop('start failed'));
  }
  for (const child of children) {
    void child.exited.then((code) => {
      if (!stopping) void stop(`${child.name} exited with ${code}`).then(() => process.exit(1));
    });
  }
  console.log(
    `\nManufacturing Masters cluster: ${nginx?.url} (nginx) in front of ${instances} instance${instances > 1 ? 's' : ''} ` +
      `(${children
        .filter((c) => c.url)
        .map((c) => c.url)
        .join(', ')}) and a worker on PostgreSQL; Ctrl-C stops it.`,
  );
}

await main();
