import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import { moveStorage } from '../src/lib/storage/move-storage.ts';
import type { Storage } from '../src/lib/storage/storage.ts';
import { importTestCatalog } from './catalog-fixture.ts';
import { freshDatabaseUrl, organizationWithMembers, startPlatform } from './harness.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

let s3: TestS3Server;
let bucket: Storage;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let storedKeys: string[];

const keysIn = async (storage: Storage) => {
  const keys: string[] = [];
  for (const prefix of ['media/', 'playbooks/', 'uploads/']) for await (const found of storage.list(prefix)) keys.push(found.key);
  return keys.sort();
};

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await createStorage(s3.storageUrl, '/nonexistent');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-move-'));
  database = await freshDatabaseUrl();
  // A platform on the local store with the test catalog (media, captions-free asset, poster, picture, playbook).
  const local = await startPlatform({ DATABASE_URL: database.url, DATA_DIR: dataDir });
  await importTestCatalog(local);
  await local.close();
  // What must never travel: the database, keys, and unfinished work.
  fs.mkdirSync(path.join(dataDir, 'media', '.partial-abc', '480p'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'media', '.partial-abc', '480p', 'seg_000.ts'), 'half');
  storedKeys = await keysIn(createLocalStorage(dataDir));
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('move-storage-to', () => {
  it('copies every stored file with its key, master playlists last, and the platform then plays from the bucket', async () => {
    expect(storedKeys.some((k) => k.startsWith('playbooks/'))).toBe(true);
    expect(storedKeys.some((k) => k.startsWith('uploads/catalog/'))).toBe(true);
    const order: string[] = [];
    const recording: Storage = {
      ...bucket,
      putFile: (key, file) => {
        order.push(key);
        return bucket.putFile(key, file);
      },
    };
    const summary = await moveStorage(createLocalStorage(dataDir), recording);
    expect(summary).toMatchObject({ copied: storedKeys.length, alreadyThere: 0, failed: [] });
    expect(await keysIn(bucket)).toEqual(storedKeys);
    expect(order.at(-1)).toMatch(/^media\/[a-f0-9]{64}\/master\.m3u8$/);
    expect(order.findIndex((k) => k.endsWith('master.m3u8'))).toBe(order.length - 1);

    // The local files out of the way: the platform on the bucket serves media, the playbook and pictures from it.
    fs.renameSync(dataDir, `${dataDir}-moved`);
    fs.mkdirSync(dataDir);
    try {
      const platform = await startPlatform({ DATABASE_URL: database.url, DATA_DIR: dataDir, STORAGE_URL: s3.storageUrl });
      try {
        const acme = await organizationWithMembers(platform, 'Acme');
        const lockout = await platform.ctx.db.selectFrom('videos').select(['id', 'image']).where('key', '=', 'lockout').executeTakeFirstOrThrow();
        const view = await platform.api('POST', '/api/videos/view', { token: acme.member.token, json: { admin_video_id: lockout.id } });
        const master = await fetch(`${platform.url}${view.body.data.main_video}`);
        expect(master.status).toBe(200);
        expect(await master.text()).toContain('/index.m3u8');
        const playbook = await platform.api('GET', `/api/videos/${lockout.id}/playbook`, { token: acme.member.token });
        expect(playbook.status).toBe(200);
        expect(String(playbook.body)).toMatch(/^%PDF-/);
        const picture = await fetch(`${platform.url}${lockout.image}`);
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toBe('image/jpeg');
      } finally {
        await platform.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.renameSync(`${dataDir}-moved`, dataDir);
    }
  });

  it('as a command: a second run copies nothing, a run after a partial copy copies only what is missing or different', async () => {
    const cli = (...args: string[]) =>
      run('npx', ['tsx', 'src/cli/platform.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );
    // Everything is there after the first move: nothing to copy.
    expect(await moveStorage(createLocalStorage(dataDir), bucket)).toMatchObject({ copied: 0, alreadyThere: storedKeys.length, failed: [] });
    const [segment, poster] = [storedKeys.find((k) => k.endsWith('.ts'))!, storedKeys.find((k) => k.endsWith('poster.jpg'))!];
    await bucket.delete(segment);
    await bucket.put(poster, 'not the poster');
    const resumed = await cli('move-storage-to', s3.storageUrl);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Copied 2 files (');
    expect(resumed.stdout).toContain(`MB) to the bucket mm-media at ${s3.endpoint}; ${storedKeys.length - 2} were already there; 0 failed.`);
    expect((await bucket.head(poster))?.size).toBe(fs.statSync(path.join(dataDir, poster)).size);
    expect(await bucket.head(segment)).not.toBeNull();

    const bad = await cli('move-storage-to', 'https://bucket');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error: The STORAGE_URL must look like s3://bucket');
  }, 120_000);

  it('copies the studio\u2019s finished uploads (lessons\u2019 sources) under the key the bucket\u2019s upload store reads; an unfinished one stays and is named', async () => {
    const uploads = path.join(dataDir, 'studio-uploads');
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'finished'), 'twelve bytes');
    fs.writeFileSync(path.join(uploads, 'finished.json'), JSON.stringify({ id: 'finished', size: 12 }));
    fs.writeFileSync(path.join(uploads, 'half'), 'half');
    fs.writeFileSync(path.join(uploads, 'half.json'), JSON.stringify({ id: 'half', size: 2_000_000 }));
    // A rendered script lesson is kept without tus metadata.
    fs.writeFileSync(path.join(uploads, 'rendered'), 'rendered lesson');
    const cli = await run('npx', ['tsx', 'src/cli/platform.ts', 'move-storage-to', s3.storageUrl], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(cli.stdout).toContain('Copied 2 files (');
    expect(cli.stdout).toContain('1 unfinished studio upload was not copied: a bucket cannot continue them, so their authors upload them again.');
    expect((await bucket.read('studio-uploads/finished'))?.toString()).toBe('twelve bytes');
    expect((await bucket.read('studio-uploads/rendered'))?.toString()).toBe('rendered lesson');
    expect(await bucket.head('studio-uploads/half')).toBeNull();
    expect(await bucket.head('studio-uploads/finished.json')).toBeNull();
  }, 120_000);
});
