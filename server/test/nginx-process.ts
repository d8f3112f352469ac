import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

/** Debian's nginx, when installed (.ci/run installs it). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? null;
const SITE_TEMPLATE = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

export type RunningNginx = { url: string /** The `extraServer` block's address, when one was given. */; extraUrl: string | null; stop(): void };

/**
 * Runs the shipped deploy/nginx.conf, filled in, in a frame like Debian's /etc/nginx/nginx.conf with every path in
 * a directory of its own (a worker per core, as Debian ships it). `extraServer` is one more server
 * block, its `listen` written as {{EXTRA_LISTEN}}.
 */
export async function startNginx(options: {
  /** One instance (`127.0.0.1:3001`) or several: one upstream `server` line each. */
  app: string | string[];
  mediaDir: string;
  webDist: string;
  extraServer?: string;
  /** A free one unless given. */
  port?: number;
}): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-nginx-'));
  const port = options.port ?? (await freePort());
  const apps = Array.isArray(options.app) ? options.app : [options.app];
  const extraPort = options.extraServer ? await freePort() : null;
  const site = fs
    .readFileSync(SITE_TEMPLATE, 'utf8')
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replace(/server \{\{APP\}\};/, apps.map((app) => `server ${app};`).join('\n    '))
    .replaceAll('{{APP}}', apps.join(', '))
    .replaceAll('{{MEDIA_DIR}}', `${options.mediaDir}/`)
    .replaceAll('{{WEB_DIST}}', `${options.webDist}/`);
  if (site.includes('{{')) throw new Error('deploy/nginx.conf has a value the test does not fill in');
  fs.writeFileSync(path.join(work, 'site.conf'), site + (options.extraServer?.replaceAll('{{EXTRA_LISTEN}}', `127.0.0.1:${extraPort}`) ?? ''));
  const temp = (name: string) => `${name} ${path.join(work, name)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes auto;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${path.join(work, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(work, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const stop = () => {
    nginx.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/healthz`).catch(() => null);
    if (up?.status === 200) break;
    if (tries > 100) {
      const log = fs.readFileSync(path.join(work, 'error.log'), 'utf8');
      stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, extraUrl: extraPort ? `http://127.0.0.1:${extraPort}` : null, stop };
}
