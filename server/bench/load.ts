import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Load for the bench: wrk (a separate process written in C) when the machine has it, so the server's event loop
 * spends its time on the server only and the figures are the server's throughput, as in the measurements;
 * otherwise an in-process client (fetch), whose own cost then lowers every call alike.
 */

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
export type LoadOptions = {
  connections: number;
  seconds: number /** Each request names its own client address (X-Forwarded-For), as requests behind nginx do. */;
  spreadAddresses?: boolean;
};
export type LoadFigures = { rps: number; p50: number; p95: number; p99: number; requests: number; errors: number };

const run = promisify(execFile);
export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => fs.existsSync(candidate)) ?? null;

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** The wrk script: cycles through the given requests, and prints its figures as one JSON line when done. */
function wrkScript(requests: LoadRequest[], spreadAddresses: boolean): string {
  const entries = requests.map((r) => {
    const headers = Object.entries(r.headers)
      .map(([k, v]) => `[${luaString(k)}]=${luaString(v)}`)
      .join(',');
    return `{m=${luaString(r.method)},p=${luaString(r.path)},h={${headers}},b=${r.body === undefined ? 'nil' : luaString(r.body)}}`;
  });
  return `
local list = {${entries.join(',\n')}}
local n = 0
local offset = math.random(0, 1000000)
request = function()
  n = n + 1
  local r = list[(n % #list) + 1]
  ${spreadAddresses ? 'local a = n * 7 + offset\n  r.h["x-forwarded-for"] = string.format("10.%d.%d.%d", math.floor(a / 65536) % 256, math.floor(a / 256) % 256, a % 256)' : ''}
  return wrk.format(r.m, r.p, r.h, r.b)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"errors":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

async function wrkLoad(url: string, requests: LoadRequest[], options: LoadOptions): Promise<LoadFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    fs.writeFileSync(script, wrkScript(requests, options.spreadAddresses ?? true));
    // One wrk thread: the other core is the server's (libuv's threads, PostgreSQL).
    const { stdout } = await run(WRK as string, ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script, url], {
      maxBuffer: 1 << 20,
    });
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice(7)) as { requests: number; us: number; errors: number; p50: number; p95: number; p99: number };
    return { rps: r.requests / (r.us / 1e6), p50: r.p50 / 1000, p95: r.p95 / 1000, p99: r.p99 / 1000, requests: r.requests, errors: r.errors };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let address = 0;

async function inProcessLoad(url: string, requests: LoadRequest[], options: LoadOptions): Promise<LoadFigures> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) {
        const r = requests[next++ % requests.length]!;
        const headers = { ...r.headers };
        if (options.spreadAddresses ?? true) headers['x-forwarded-for'] = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;
        const t0 = performance.now();
        const res = await fetch(`${url}${r.path}`, { method: r.method, headers, body: r.body });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status >= 400) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return { rps: latencies.length / seconds, p50: at(50), p95: at(95), p99: at(99), requests: latencies.length, errors };
}

/**
 * Drives `requests` (cycled) at `url` for `seconds` over `connections` kept-alive connections, then waits for the
 * server to drain what was still queued when the load stopped, so it does not weigh on what is measured next.
 */
export async function load(url: string, requests: LoadRequest[], options: LoadOptions): Promise<LoadFigures> {
  const figures = await (WRK ? wrkLoad(url, requests, options) : inProcessLoad(url, requests, options));
  await settled(url);
  return figures;
}

/** Resolves once /healthz answers quickly again (at most 30 s). */
async function settled(url: string): Promise<void> {
  const origin = new URL(url).origin;
  for (let tries = 0; tries < 300; tries++) {
    const t0 = performance.now();
    await fetch(`${origin}/healthz`)
      .then((res) => res.arrayBuffer())
      .catch(() => null);
    if (performance.now() - t0 < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
