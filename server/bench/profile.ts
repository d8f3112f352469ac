import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';

/** BENCH_PROFILE=<dir> writes a CPU profile of the server during each call's load (open it in Chrome's DevTools). */
export const PROFILE_DIR = process.env.BENCH_PROFILE ?? null;

export async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
