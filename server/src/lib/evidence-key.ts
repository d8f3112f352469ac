import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key of the evidence chain's HMAC. It comes from the configuration (EVIDENCE_KEY, required in production) and
 * is never written to the database, so someone who can edit the database cannot re-seal a rewritten chain. Outside
 * production, when unset, a random key is generated once into DATA_DIR/evidence.key (mode 600) and read from there
 * afterwards, so a development platform keeps verifying its own chain across restarts.
 *
 * The key is held per process: every code path that appends or verifies evidence (requests, clocks, the CLI) runs
 * in a process that loaded one configuration.
 */

export const EVIDENCE_KEY_FILE = 'evidence.key';

let current: Buffer | null = null;

export function resolveEvidenceKey(config: { evidence: { key: string | undefined }; dataDir: string }): Buffer {
  if (config.evidence.key) return Buffer.from(config.evidence.key, 'utf8');
  const file = path.join(config.dataDir, EVIDENCE_KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': when two processes start at once, one creates the file and the other reads it.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

export function useEvidenceKey(key: Buffer): void {
  current = key;
}

export function evidenceKey(): Buffer {
  if (!current) throw new Error('The evidence key is not loaded (useEvidenceKey at start).');
  return current;
}
