import { MEDIA_KEY_PREFIX, STORED_PREFIXES, type Storage } from './storage.ts';

export type MoveSummary = { copied: number; copiedBytes: number; alreadyThere: number; failed: string[] };

/** Copies at once: a bucket answers each upload in a round trip, the local disk is rarely the limit. */
const AT_ONCE = 6;

/** A media asset's master playlist says the asset is complete (catalog/media.ts): it goes in after every other file. */
const isMaster = (key: string) => key.startsWith(MEDIA_KEY_PREFIX) && key.endsWith('/master.m3u8');

/**
 * Copies every stored file (media, playbooks, uploads) of the local directory `from` into `to`, keeping the keys, and
 * the `extra` files of `from` (the studio's finished uploads, listed by their module).
 * Idempotent and resumable: an object already in `to` with the same size is left alone, so a run that stopped half-way
 * (or a second run) copies only what is missing or different. Each copy is checked by its size in `to` afterwards.
 * Master playlists go last, so an asset never looks complete in the bucket before its segments are there. Nothing is
 * removed from `from`: the operator switches STORAGE_URL, checks, and removes the old directory.
 */
export async function moveStorage(
  from: Storage,
  to: Storage,
  onProgress: (done: number, total: number) => void = () => {},
  extra: { key: string; size: number }[] = [],
): Promise<MoveSummary> {
  const files: { key: string; size: number }[] = [...extra];
  for (const prefix of STORED_PREFIXES) for await (const found of from.list(prefix)) files.push(found);
  files.sort((a, b) => Number(isMaster(a.key)) - Number(isMaster(b.key)));
  const summary: MoveSummary = { copied: 0, copiedBytes: 0, alreadyThere: 0, failed: [] };
  let done = 0;
  const copyOne = async ({ key, size }: { key: string; size: number }) => {
    if ((await to.head(key))?.size === size) {
      summary.alreadyThere++;
      return;
    }
    const file = from.localPath(key);
    try {
      if (file) await to.putFile(key, file);
      else await to.put(key, (await from.read(key)) ?? Buffer.alloc(0));
      const stored = await to.head(key);
      if (stored?.size !== size) throw new Error(`${stored ? `${stored.size} bytes` : 'nothing'} stored for ${size}`);
      summary.copied++;
      summary.copiedBytes += size;
    } catch (error) {
      summary.failed.push(`${key}: ${(error as Error).message}`);
    }
  };
  const masters = files.findIndex((f) => isMaster(f.key));
  // Everything else first (in parallel batches), then the master playlists.
  for (const group of masters < 0 ? [files] : [files.slice(0, masters), files.slice(masters)]) {
    for (let i = 0; i < group.length; i += AT_ONCE) {
      const batch = group.slice(i, i + AT_ONCE);
      await Promise.all(batch.map(copyOne));
      done += batch.length;
      onProgress(done, files.length);
    }
  }
  return summary;
}

export function describeMove(summary: MoveSummary, target: string): string {
  const mb = (summary.copiedBytes / 1024 / 1024).toFixed(1);
  const lines = [`Copied ${summary.copied} files (${mb} MB) to the ${target}; ${summary.alreadyThere} were already there; ${summary.failed.length} failed.`];
  for (const failure of summary.failed.slice(0, 20)) lines.push(`- ${failure}`);
  if (summary.failed.length > 20) lines.push(`- ... and ${summary.failed.length - 20} more`);
  lines.push(
    summary.failed.length
      ? 'Run the command again: it copies only what is missing.'
      : 'Start the platform with this STORAGE_URL; the local files were left in place (remove them once it serves from the bucket).',
  );
  return lines.join('\n');
}
