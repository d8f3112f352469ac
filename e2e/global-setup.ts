import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDemoDataDir } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

/** Seeds the demo once per run into a template data directory that each journey file copies. */
export default function setup(project: TestProject) {
  const dir = seedDemoDataDir();
  project.provide('seededDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
