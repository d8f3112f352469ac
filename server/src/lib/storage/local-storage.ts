import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, contentTypeOf, type Storage, type StorageRead, type StoredObject } from './storage.ts';

/** Large reads: measured, 1 MiB buffers stream at about four fifths of nginx's rate, default ones at a fifth. */
const READ_BUFFER = 1024 * 1024;

/** A name that marks a file or directory being written: never listed, never served. */
const isPartial = (name: string) => name.startsWith('.') || name.endsWith('.partial');

/**
 * The default store: the directory under DATA_DIR, with the layout the platform always had (a key is the file's
 * path under it). Writes go to a temporary name in the same directory and are renamed, so a reader sees a whole
 * file or none.
 */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const temporary = (file: string) => `${file}.${randomBytes(6).toString('hex')}.partial`;
  const statOf = async (key: string) => {
    const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
    return stat?.isFile() ? stat : null;
  };

  async function* walk(dir: string, relative: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (isPartial(entry.name)) continue;
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) yield { key, size: (await fs.promises.stat(path.join(dir, entry.name))).size };
    }
  }

  return {
    kind: 'local',
    description: `local directory ${root}`,
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const partial = temporary(file);
      await fs.promises.writeFile(partial, body);
      await fs.promises.rename(partial, file);
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const partial = temporary(file);
      await pipeline(fs.createReadStream(source), fs.createWriteStream(partial));
      await fs.promises.rename(partial, file);
    },
    async get(key, range?: ByteRange): Promise<StorageRead | null> {
      const stat = await statOf(key);
      if (!stat) return null;
      const body = fs.createReadStream(fileOf(key), { ...range, highWaterMark: READ_BUFFER });
      return { body, size: stat.size, contentType: contentTypeOf(key) };
    },
    async read(key) {
      return (await statOf(key)) ? fs.promises.readFile(fileOf(key)).catch(() => null) : null;
    },
    async head(key): Promise<StoredObject | null> {
      const stat = await statOf(key);
      return stat ? { size: stat.size, modifiedMs: stat.mtimeMs } : null;
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      // Walk the deepest directory the prefix names, then keep the keys that start with it.
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const found of walk(dir ? fileOf(dir) : root, dir)) if (found.key.startsWith(prefix)) yield found;
    },
    async putDirectory(prefix, dir) {
      const target = fileOf(prefix);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // One rename: the directory appears whole. Another writer of the same content-addressed prefix may have finished first: its result is as good.
      if (!fs.existsSync(target))
        await fs.promises.rename(dir, target).catch((error: NodeJS.ErrnoException) => {
          if (!fs.existsSync(target)) throw error;
        });
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
    stagingDir(name) {
      const target = fileOf(name);
      const dir = path.join(path.dirname(target), `.partial-${path.basename(target)}`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    localPath: (key) => fileOf(key),
    presignedUrl: async () => null,
    async ping() {
      // A readiness check must not repair what it checks: a missing directory means the volume is not mounted.
      await fs.promises.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
    close() {},
  };
}
