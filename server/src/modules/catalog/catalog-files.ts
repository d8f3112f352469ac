import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Pictures and playbooks of the catalog: recognised by their first bytes (not their names) and
 * copied under DATA_DIR with content-derived names, so the platform no longer needs the catalog's
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

/** Copies `file` to `dir` as <first 32 hex of its SHA-256><extension>; answers the new name. */
function copyByContent(file: string, dir: string, extension: string): string {
  const bytes = fs.readFileSync(file);
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}${extension}`;
  const target = path.join(dir, name);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${target}.partial`, bytes);
    fs.renameSync(`${target}.partial`, target);
  }
  return name;
}

/** Catalog pictures are public, like avatars: served by the /uploads/ static route. */
export function storeImage(dataDir: string, file: string): string {
  return `/uploads/catalog/${copyByContent(file, path.join(dataDir, 'uploads', 'catalog'), imageExtension(file) ?? '')}`;
}

/** Playbooks are for subscribers only: kept outside /uploads/; the path is relative to DATA_DIR. */
export function storePlaybook(dataDir: string, file: string): string {
  return `playbooks/${copyByContent(file, path.join(dataDir, 'playbooks'), '.pdf')}`;
}
