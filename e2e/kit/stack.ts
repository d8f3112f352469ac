import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../server/test/free-port.ts';
import { keepTranscodes, restoreTranscodes } from '../../server/test/transcode-cache.ts';
import { type MailCapture, startSmtpCapture } from './mail-capture.ts';

// The platform as a child process on its own seeded data, the API client journeys prepare data with, and demo people.

/** The repository root, wherever the checkout lives. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Demo accounts the platform seeds on its first start (server/src/cli/seed-demo.ts). */
export const DEMO = {
  superUser: { email: 'admin@acme.example', password: 'Acme-Supervisor-2026', name: 'Alice' },
  member: { email: 'member@acme.example', password: 'Acme-Operator-2026', name: 'Bruno' },
  guest: { email: 'guest@manufacturingmasters.local', password: 'guest-read-only-access', name: 'Guest' },
} as const;

export type ApiAnswer<T = any> = { status: number; body: T };
export type Api = <T = any>(method: string, path: string, options?: { token?: string; json?: unknown }) => Promise<ApiAnswer<T>>;

export type Stack = {
  baseUrl: string;
  /** The server's DATA_DIR (SQLite database and media), for journeys that run operator commands on it. */
  dataDir: string;
  mail: MailCapture;
  api: Api;
  /** Signs in through the API and returns the token. */
  signIn: (email: string, password: string) => Promise<string>;
  stop: () => Promise<void>;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function makeApi(baseUrl: string): Api {
  return async (method, p, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${baseUrl}${p}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed as any };
  };
}

/** The evidence key of the seeded template and every stack made from it (a production start requires one). */
const E2E_EVIDENCE_KEY = 'e2e-evidence-key-for-the-test-platform-only';

/**
 * Seeds the demo (people, catalog and its transcoded media) into a new template data directory and
 * returns it; stacks copy it instead of transcoding the demo again.
 */
export function seedDemoDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-e2e-template-'));
  // No Apertium drafts queued by the demo's import: every journey's stack would work a hundred of them.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', EVIDENCE_KEY: E2E_EVIDENCE_KEY, CAPTION_DRAFTS: 'false' };
  delete env.DATABASE_URL;
  restoreTranscodes(dir);
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'platform.ts'), 'seed-demo'], { cwd: REPO_ROOT, env, stdio: 'ignore' });
  keepTranscodes(dir);
  return dir;
}

/**
 * SMTP capture plus a fresh platform (own copy of the seeded data directory, SQLite) serving the built
 * web app. Inside the journeys the template comes from the global setup; scripts pass their own. `settings` override
 * the environment (an empty value unsets a setting, as for the platform itself).
 */
export async function startStack(templateDir: string = inject('seededDataDir'), settings: NodeJS.ProcessEnv = {}): Promise<Stack> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
    console.warn('web/dist/index.html is missing: run `npm run build -w web` first (npm run test:e2e does).');
  }
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-e2e-'));
  fs.cpSync(templateDir, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'auto',
    EVIDENCE_KEY: E2E_EVIDENCE_KEY,
    ...settings,
  };
  // SQLite in the fresh data directory, never a shared database.
  delete env.DATABASE_URL;

  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`The platform exited before it was ready:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The platform did not answer /healthz within 90 s:\n${output.join('')}`);
    }
    await sleep(200);
  }

  const api = makeApi(baseUrl);
  const signIn = async (email: string, password: string) => {
    const res = await api('POST', '/api/v4/login', { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };
  return { baseUrl, dataDir, mail: smtp.mail, api, signIn, stop };
}

/** A new account registered through the API (its own organization, not a super user). */
export async function registerThroughApi(stack: Stack, person: { name: string; lastName: string; company: string; email: string; password: string }) {
  const res = await stack.api('POST', '/api/v4/register', {
    json: { name: person.name, last_name: person.lastName, company: person.company, email: person.email, password: person.password, is_super_user: 0 },
  });
  if (res.status !== 201) throw new Error(`registration of ${person.email} failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { user_id: number; token: string };
}

/**
 * A new member of the demo organization with no history (the demo members have six months of it): the super
 * user creates them, they accept the e-mailed invitation with `password`. Answers their e-mail and id.
 */
export async function freshDemoMember(stack: Stack, person: { name: string; lastName: string; team: string; role: string; password: string }) {
  const email = uniqueEmail(person.name.toLowerCase());
  const supervisor = await stack.signIn(DEMO.superUser.email, DEMO.superUser.password);
  const created = await stack.api('POST', '/api/v4/create_user', {
    token: supervisor,
    json: { name: person.name, last_name: person.lastName, email, team: person.team, role: person.role },
  });
  if (created.status !== 201) throw new Error(`creating ${email} failed: ${JSON.stringify(created.body)}`);
  const invitation = await stack.mail.waitForMail(email, /invited/i);
  const token = /\/accept-invitation\?token=([\w-]+)/.exec(invitation.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  const accepted = await stack.api('POST', '/api/accept-invitation', { json: { token, password: person.password, password_confirmation: person.password } });
  if (accepted.status !== 200) throw new Error(`accepting the invitation of ${email} failed: ${JSON.stringify(accepted.body)}`);
  return { email, userId: accepted.body.data.user_id as number };
}

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${++sequence}.${Date.now()}@example.com`;
