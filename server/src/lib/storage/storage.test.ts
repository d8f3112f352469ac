import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_STORAGES, type TestS3Server } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config/env.ts';
import { createStorage } from './create-storage.ts';
import { parseS3Url } from './s3-url.ts';
import type { Storage } from './storage.ts';

const text = async (read: { body: NodeJS.ReadableStream } | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of read!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};
const keysOf = async (storage: Storage, prefix: string) => {
  const keys: string[] = [];
  for await (const found of storage.list(prefix)) keys.push(`${found.key}:${found.size}`);
  return keys.sort();
};

describe('STORAGE_URL', () => {
  it('names a bucket, an optional key prefix, an endpoint and a region', () => {
    expect(parseS3Url('s3://media?endpoint=http://127.0.0.1:9000&region=eu-west-3')).toEqual({
      bucket: 'media',
      keyPrefix: '',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
    });
    expect(parseS3Url('s3://media/plant/a/')).toMatchObject({ keyPrefix: 'plant/a/', endpoint: undefined, region: 'us-east-1' });
    expect(() => parseS3Url('https://media')).toThrow(/s3:\/\/bucket/);
    expect(() => parseS3Url('s3://media?endpoint=ftp://x')).toThrow(/endpoint/);
  });

  it('is checked at start like every setting, and unset means the directory under DATA_DIR', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://media.example' })).toThrow(/^Invalid configuration: STORAGE_URL must look like s3:\/\/bucket/);
    expect(loadConfig({ STORAGE_URL: 's3://media?endpoint=http://127.0.0.1:9000' }).storageUrl).toBe('s3://media?endpoint=http://127.0.0.1:9000');
    expect(loadConfig({}).storageUrl).toBeUndefined();
  });
});

describe.each(TEST_STORAGES)('the %s store', (kind) => {
  let s3: TestS3Server | null = null;
  let storage: Storage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-storage-'));
  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : null;
    storage = await createStorage(s3?.storageUrl, dataDir);
  });
  afterAll(async () => {
    storage.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts, reads whole and by range, heads, lists by prefix and deletes', async () => {
    await storage.ping();
    await storage.put('media/abc/720p/index.m3u8', '#EXTM3U\n');
    await storage.put('media/abc/poster.jpg', Buffer.from('0123456789'));
    await storage.put('uploads/avatars/x.webp', Buffer.from('webp'));
    expect(await storage.head('media/abc/poster.jpg')).toMatchObject({ size: 10 });
    expect((await storage.head('media/abc/poster.jpg'))!.modifiedMs).toBeGreaterThan(Date.now() - 60_000);
    expect((await storage.read('media/abc/720p/index.m3u8'))?.toString()).toBe('#EXTM3U\n');
    const whole = await storage.get('media/abc/poster.jpg');
    expect(whole?.size).toBe(10);
    expect(await text(whole)).toBe('0123456789');
    const part = await storage.get('media/abc/poster.jpg', { start: 2, end: 4 });
    // The size is the whole object's, as a 206's Content-Range needs it.
    expect(part?.size).toBe(10);
    expect(await text(part)).toBe('234');
    expect(await keysOf(storage, 'media/')).toEqual(['media/abc/720p/index.m3u8:8', 'media/abc/poster.jpg:10']);
    expect(await keysOf(storage, 'uploads/')).toEqual(['uploads/avatars/x.webp:4']);
    await storage.delete('media/abc/poster.jpg');
    await storage.delete('media/abc/poster.jpg');
    expect(await storage.head('media/abc/poster.jpg')).toBeNull();
    expect(await storage.get('media/abc/poster.jpg')).toBeNull();
    expect(await storage.read('media/missing/x.ts')).toBeNull();
  });

  it('moves a finished directory in with its last file written last, and refuses keys that leave the store', async () => {
    const work = storage.stagingDir('media/def');
    fs.mkdirSync(path.join(work, '480p'));
    fs.writeFileSync(path.join(work, '480p', 'seg_000.ts'), 'segment');
    fs.writeFileSync(path.join(work, 'master.m3u8'), '#EXTM3U\n480p/index.m3u8\n');
    await storage.putDirectory('media/def', work, 'master.m3u8');
    expect(fs.existsSync(work)).toBe(false);
    expect(await keysOf(storage, 'media/def/')).toEqual(['media/def/480p/seg_000.ts:7', 'media/def/master.m3u8:24']);
    for (const key of ['../x', 'media/../../x', '/etc/passwd', 'media//x', '']) await expect(storage.head(key)).rejects.toThrow(/Invalid storage key/);
  });

  it('answers a presigned URL for a bucket only, which reads the object without the app', async () => {
    await storage.put('playbooks/p.pdf', '%PDF-1.4');
    const url = await storage.presignedUrl('playbooks/p.pdf', 60);
    if (kind === 'local') return expect(url).toBeNull();
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.4');
    expect(storage.localPath('playbooks/p.pdf')).toBeNull();
  });
});
