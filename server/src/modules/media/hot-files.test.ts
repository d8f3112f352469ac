import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { HotFiles } from './hot-files.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-hot-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = createLocalStorage(dir);
/** Writes the file and answers its key in the store. */
const write = (name: string, bytes: number) => {
  fs.writeFileSync(path.join(dir, name), Buffer.alloc(bytes, name));
  return name;
};

describe('media files held in memory', () => {
  it('holds a file and serves the same bytes and ETag again without reading it', async () => {
    const hot = new HotFiles(1000, storage);
    const file = write('a.ts', 300);
    const first = await hot.get(file);
    expect(first?.bytes.equals(fs.readFileSync(path.join(dir, file)))).toBe(true);
    expect(first?.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    fs.writeFileSync(path.join(dir, file), Buffer.alloc(300, 'z')); // content-addressed files never change: the held copy stands
    expect((await hot.get(file))?.bytes.equals(first?.bytes as Buffer)).toBe(true);
  });

  it('leaves to the disk what does not fit the budget, and what is not a file', async () => {
    const hot = new HotFiles(500, storage);
    expect(await hot.get(write('big.ts', 600))).toBeNull();
    expect(await hot.get('missing.ts')).toBeNull();
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    expect(await hot.get('sub')).toBeNull();
  });

  it('lets the least recently used file go when the budget is full', async () => {
    const hot = new HotFiles(500, storage);
    const [one, two, three] = [write('1.ts', 200), write('2.ts', 200), write('3.ts', 200)];
    await hot.get(one);
    await hot.get(two);
    await hot.get(one); // one is now the most recently used
    await hot.get(three); // over budget: two goes
    fs.writeFileSync(path.join(dir, one), Buffer.alloc(200, 'x'));
    fs.writeFileSync(path.join(dir, two), Buffer.alloc(200, 'y'));
    expect((await hot.get(one))?.bytes[0]).toBe('1'.charCodeAt(0));
    expect((await hot.get(two))?.bytes[0]).toBe('y'.charCodeAt(0));
  });
});
