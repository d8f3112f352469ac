import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';

/** BENCH_PROFILE=<dir> writes a CPU profile of the server during each call's measured load (open it in Chrome's DevTools). */
export const PROFILE_DIR = process.env.BENCH_PROFILE ?? null;

type Profile = { nodes: { id: number; callFrame: { functionName: string } }[]; samples: number[]; timeDeltas: number[] };

/** `stop` writes the profile and answers the main thread's busy time in it (every sample but idle ones), in microseconds. */
export async function startProfile(): Promise<{ stop: (file: string) => Promise<number> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
      return profile.samples.reduce((busy, id, i) => (idle.has(id) ? busy : busy + (profile.timeDeltas[i] ?? 0)), 0);
    },
  };
}
