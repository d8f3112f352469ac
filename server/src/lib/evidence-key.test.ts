import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env.ts';
import { EVIDENCE_KEY_FILE, resolveEvidenceKey } from './evidence-key.ts';

describe('the evidence key', () => {
  it('is required in production, long enough, and never echoed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: EVIDENCE_KEY is required in production/);
    expect(() => loadConfig({ EVIDENCE_KEY: 'short-s3cr3t' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVIDENCE_KEY: 'short-s3cr3t' })).not.toThrow(/s3cr3t/);
    const key = 'k'.repeat(40);
    expect(resolveEvidenceKey(loadConfig({ NODE_ENV: 'production', EVIDENCE_KEY: key, DATA_DIR: '/nonexistent' })).toString()).toBe(key);
  });

  it('outside production, when unset, is generated once into DATA_DIR with mode 600 and read back afterwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = resolveEvidenceKey(config);
      expect(first.length).toBeGreaterThanOrEqual(64);
      expect(fs.statSync(path.join(dir, EVIDENCE_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(resolveEvidenceKey(config).equals(first)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
