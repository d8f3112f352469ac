import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../server/test/free-port.ts';
import { keepTranscodes, restoreTranscodes } from '../server/test/transcode-cache.ts';

/** The repository root, wherever the checkout lives. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Demo accounts the platform seeds on its first start (server/src/cli/seed-demo.ts). */
export const DEMO = {
  superUser: { email: 'admin@acme.example', password: 'Acme-Supervisor-2026', name: 'Alice' },
  member: { email: 'member@acme.example', password: 'Acme-Operator-2026', name: 'Bruno' },
  guest: { email: 'guest@manufacturingmasters.local', password: 'guest-read-only-access', name: 'Guest' },
} as const;

// ---------------------------------------------------------------------------
// Captured e-mail

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

export type MailCapture = {
  readonly messages: CapturedMail[];
  /** The first message to `to` whose subject matches, waiting up to `timeoutMs` (default 10 s). */
  waitForMail(to: string, subject: string | RegExp, timeoutMs?: number): Promise<CapturedMail>;
};

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Leaf parts of a MIME message (enough for what nodemailer writes: multipart/alternative and mixed). */
function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  const parts: Part[] = [];
  for (const piece of pieces) {
    if (piece.startsWith('--')) break;
    parts.push(...leafParts(splitHeaders(piece.replace(/^\n/, ''))));
  }
  return parts;
}

export function parseMail(raw: string, envelopeTo: string[]): CapturedMail {
  const root = splitHeaders(raw);
  const parts = leafParts(root);
  const of = (kind: string) => parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(kind));
  const textPart = of('text/plain');
  const htmlPart = of('text/html');
  const headerTo = (root.headers.get('to') ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];
  const to = [...new Set([...envelopeTo, ...headerTo].map((a) => a.toLowerCase()))];
  return {
    to,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart) : '',
    html: htmlPart ? decodeBody(htmlPart) : '',
    raw,
  };
}

async function startSmtpCapture(): Promise<{ port: number; mail: MailCapture; close: () => Promise<void> }> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const mail: MailCapture = {
    messages,
    async waitForMail(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const matches = (m: CapturedMail) =>
        m.to.includes(to.toLowerCase()) && (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject));
      for (;;) {
        const found = messages.find(matches);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          throw new Error(`No e-mail to ${to} matching ${String(subject)} within ${timeoutMs} ms (received: ${seen})`);
        }
        await sleep(100);
      }
    },
  };
  return { port, mail, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---------------------------------------------------------------------------
// The platform, as a child process

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

/**
 * Seeds the demo (people, catalog and its transcoded media) into a new template data directory and
 * returns it; stacks copy it instead of transcoding the demo again.
 */
export function seedDemoDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  restoreTranscodes(dir);
  execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'cli', 'platform.ts'), 'seed-demo'], { cwd: REPO_ROOT, env, stdio: 'ignore' });
  keepTranscodes(dir);
  return dir;
}

/**
 * SMTP capture plus a fresh platform (own copy of the seeded data directory, SQLite) serving the built
 * web app. Inside the journeys the template comes from the global setup; scripts pass their own.
 */
export async function startStack(templateDir: string = inject('seededDataDir')): Promise<Stack> {
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

// ---------------------------------------------------------------------------
// The browser

export const WIDTHS = { desktop: 1280, tablet: 768, mobile: 425 } as const;

/** Debian's Chromium (never a downloaded one), with the flags it needs as root on this machine's closed network. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export function openBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** A page in a fresh context (own storage) at the given width, with relative URLs resolved against the stack. */
/**
 * A fresh browser context on the stack. The app's service worker (offline use) is blocked unless `offline` asks for
 * it: requests it answers would escape `page.route`, and only the offline journey is about it.
 */
export async function newPage(browser: Browser, stack: Stack, width: number = WIDTHS.desktop, { offline = false }: { offline?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height: 900 }, serviceWorkers: offline ? 'allow' : 'block' });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context.newPage();
}

// ---------------------------------------------------------------------------
// What a person sees

/** A Mantine notification (role "alert") holding the text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/**
 * Full-page screenshots at 425, 768 and 1280 px (`<folder>/<name>-<width>.png`), then the page back at `restoreWidth`
 * when given. Nothing without a folder (the journeys take them when their *_SCREENSHOTS variable names one).
 */
export async function screenshotAtWidths(page: Page, folder: string | undefined, name: string, restoreWidth?: number): Promise<void> {
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const width of [WIDTHS.mobile, WIDTHS.tablet, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (restoreWidth !== undefined) await page.setViewportSize({ width: restoreWidth, height: 900 });
}

export async function expectVisible(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

export async function expectToast(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  await expectVisible(toast(page, text), timeout);
}

/** Waits until the path (without query) is `pathname`. */
export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch (error) {
    throw new Error(`Expected the path ${pathname}, the page is at ${page.url()}`, { cause: error });
  }
}

/** Signs in through the sign-in form and waits for /home. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/home');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The whole text, ignoring case of nothing: `^text$`, allowing a required-field asterisk after it. */
export const wholeText = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`);

/** A form control by its visible label (exactly that label; Mantine's required asterisk tolerated). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(wholeText(label));
}

/**
 * Closes every toast with its close button, as a person would. The toast area sits over the
 * top-right of the header (where the profile menu is), so menus are reachable only once it is clear.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const alerts = page.getByRole('alert');
  for (let round = 0; round < 5 && (await alerts.count()) > 0; round++) {
    for (const close of await alerts.getByRole('button').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
    await alerts
      .first()
      .waitFor({ state: 'detached', timeout: 1500 })
      .catch(() => undefined);
  }
}

/** A fresh platform and a browser for the enclosing describe block, stopped after it. */
export function useStack(): { stack: Stack; browser: Browser } {
  const env = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    [env.stack, env.browser] = await Promise.all([startStack(), openBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.stack?.stop();
  });
  return env;
}
