import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { redactUrl } from '../src/lib/redact.ts';
import { startPlatform } from './harness.ts';
import { keepTranscodes, restoreTranscodes } from './transcode-cache.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

describe('configuration', () => {
  it('names the bad variable in one line and never echoes its value', () => {
    const attempt = (env: Record<string, string>) => () => loadConfig(env);
    expect(attempt({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(attempt({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(attempt({ DATABASE_URL: 'mysql://secret@db' })).toThrow(/DATABASE_URL must start with postgres:\/\/, sqlite: or file:$/);
    expect(attempt({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/);
    expect(attempt({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://s3cr3t@db' })).not.toThrow(/s3cr3t/);
  });

  it('defaults to SQLite under DATA_DIR and a public URL on the port', () => {
    const config = loadConfig({ DATA_DIR: '/srv/mm', PORT: '8080' });
    expect(config.databaseUrl).toBe('sqlite:/srv/mm/platform.sqlite');
    expect(config.dialect).toBe('sqlite');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).dialect).toBe('postgres');
  });

  it('the server exits non-zero with the one line on a bad value', async () => {
    const failure = await run('npx', ['tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, PORT: 'nope' } }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(
      failure.stderr
        .trim()
        .split('\n')
        .filter((l: string) => !l.includes('npm warn')),
    ).toEqual([expect.stringMatching(/^Invalid configuration: PORT/)]);
  });
});

describe('logs', () => {
  it('redact tokens and passwords from logged URLs', () => {
    expect(redactUrl('/api/profile?id=3&token=abc.def&language=en')).toBe('/api/profile?id=3&token=[redacted]&language=en');
    expect(redactUrl('/login?email=a@b.c&password=hunter2')).toBe('/login?email=a@b.c&password=[redacted]');
  });
});

describe('GET /healthz', () => {
  it('answers 200 while the database answers, 503 when it does not', async () => {
    const platform = await startPlatform();
    const up = await platform.api('GET', '/healthz');
    expect(up.status).toBe(200);
    expect(up.body.data.status).toBe('ok');
    await platform.ctx.db.destroy();
    const down = await platform.api('GET', '/healthz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error_messages: 'The database does not answer.', error_code: 503, code: 'unavailable' });
    await platform.app.close().catch(() => undefined);
  });

  it('unknown API routes answer the envelope with 404', async () => {
    const platform = await startPlatform();
    try {
      const res = await platform.api('GET', '/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error_messages: 'No route GET /api/nothing-here', error_code: 404, code: 'not_found' });
    } finally {
      await platform.close();
    }
  });
});

describe('operator command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-cli-'));
  const cliIn =
    (dir: string) =>
    (...args: string[]) =>
      run('npx', ['tsx', 'src/cli/platform.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );

  it('prints help, and exits non-zero on an unknown command or missing options', async () => {
    const cli = cliIn(fs.mkdtempSync(path.join(os.tmpdir(), 'mm-cli-')));
    const help = await cli('--help');
    expect(help.code).toBe(0);
    for (const command of ['migrate', 'seed-demo', 'create-organization', 'create-user', 'set-password']) expect(help.stdout).toContain(command);
    const unknown = await cli('explode');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "explode"');
    const missing = await cli('create-organization', '--name', 'X');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing options: --email, --password');
    const badFlag = await cli('migrate', '--colour');
    expect(badFlag.code).toBe(1);
  });

  it('migrates, seeds, creates an organization with a trial, a user, and sets a password', async () => {
    const cli = cliIn(dataDir);
    expect((await cli('migrate')).stdout).toContain('2026-11-21-001-foundation');
    expect((await cli('migrate')).stdout).toContain('The database is up to date.');
    restoreTranscodes(dataDir);
    const seeded = await cli('seed-demo');
    expect(seeded.stdout).toContain('Demo data loaded.');
    keepTranscodes(dataDir);
    expect((await cli('seed-demo')).stdout).toContain('Demo data was already there.');
    const org = await cli('create-organization', '--name', 'Forge Ltd', '--email', 'owner@forge.example', '--password', 'Forge-Owner-Password-1');
    expect(org.code).toBe(0);
    const orgId = org.stdout.match(/Organization (\d+) created/)?.[1];
    expect(orgId).toBeDefined();
    const duplicate = await cli('create-organization', '--name', 'Forge 2', '--email', 'owner@forge.example', '--password', 'Forge-Owner-Password-1');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('has already been taken');
    const weak = await cli(
      'create-user',
      '--organization',
      String(orgId),
      '--email',
      'w@forge.example',
      '--password',
      'short',
      '--first-name',
      'W',
      '--last-name',
      'K',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('at least 12 characters');
    const user = await cli(
      'create-user',
      '--organization',
      String(orgId),
      '--email',
      'op@forge.example',
      '--password',
      'Forge-Operator-Pass-2',
      '--first-name',
      'Olga',
      '--last-name',
      'Op',
      '--team',
      'Press',
    );
    expect(user.code).toBe(0);
    const noOrg = await cli(
      'create-user',
      '--organization',
      'abc',
      '--email',
      'x@forge.example',
      '--password',
      'Forge-Operator-Pass-2',
      '--first-name',
      'X',
      '--last-name',
      'Y',
    );
    expect(noOrg.code).toBe(1);
    const set = await cli('set-password', '--email', 'op@forge.example', '--password', 'Forge-Operator-Pass-3');
    expect(set.code).toBe(0);
    const nobody = await cli('set-password', '--email', 'nobody@forge.example', '--password', 'Forge-Operator-Pass-3');
    expect(nobody.code).toBe(1);

    // The platform on the same data: the new organization has a trial and the new password works.
    const platform = await startPlatform({ DATABASE_URL: `sqlite:${path.join(dataDir, 'platform.sqlite')}` });
    try {
      const login = await platform.api('POST', '/api/v4/login', { json: { email: 'op@forge.example', password: 'Forge-Operator-Pass-3' } });
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ organization_name: 'Forge Ltd', team: 'Press', is_super_user: 0 });
      const owner = await platform.api('POST', '/api/v4/login', { json: { email: 'owner@forge.example', password: 'Forge-Owner-Password-1' } });
      expect(owner.body.data.is_super_user).toBe(1);
      const profile = await platform.api('GET', '/api/profile', { token: owner.body.data.token });
      expect(profile.body.data.subscription_title).toBe('Free trial');
    } finally {
      await platform.close();
    }
    // A cold transcode cache transcodes the whole demo library (121 lessons, 134 media) here: minutes on 2 cores.
  }, 1_200_000);
});
