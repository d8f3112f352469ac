import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Storage } from '../../lib/storage/storage.ts';

/**
 * Pictures and playbooks of the catalog: recognised by their first bytes (not their names) and
 * copied into the store with content-derived names, so the platform no longer needs the catalog's
 * folder and a re-import of unchanged files rewrites nothing.
 */

const IMAGE_SIGNATURES: { extension: string; matches: (head: Buffer) => boolean }[] = [
  { extension: '.jpg', matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { extension: '.png', matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { extension: '.webp', matches: (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP' },
];

function head(file: string): Buffer {
  const buffer = Buffer.alloc(12);
  const fd = fs.openSync(file, 'r');
  try {
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

export const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** '.jpg', '.png' or '.webp' from the file's signature; undefined when it is none of them. */
export function imageExtension(file: string): string | undefined {
  const start = head(file);
  return IMAGE_SIGNATURES.find((signature) => signature.matches(start))?.extension;
}

export const isPdf = (file: string) => head(file).toString('latin1', 0, 5) === '%PDF-';

/** Stores `file` as `<folder>/<first 32 hex of its SHA-256><extension>` unless it is there already; answers the key. */
async function storeByContent(storage: Storage, file: string, folder: string, extension: string): Promise<string> {
  const bytes = fs.readFileSync(file);
  const key = `${folder}/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}${extension}`;
  if (!(await storage.head(key))) await storage.put(key, bytes);
  return key;
}

/** Catalog pictures are public, like avatars: served under /uploads/. */
export async function storeImage(storage: Storage, file: string): Promise<string> {
  return `/${await storeByContent(storage, file, 'uploads/catalog', imageExtension(file) ?? '')}`;
}

/** Playbooks are for subscribers only: kept outside /uploads/; the path is the key in the store (relative to DATA_DIR when local). */
export async function storePlaybook(storage: Storage, file: string): Promise<string> {
  return storeByContent(storage, file, 'playbooks', '.pdf');
}
