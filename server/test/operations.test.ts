import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { freshDatabaseUrl, startPlatform, type TestPlatform } from './harness.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** A POST whose body arrives in two parts: in flight from its first byte until the second part is sent. */
function slowLogin(url: string, agent: http.Agent) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Not-The-Password-1' });
  const request = http.request(`${url}/api/v4/login`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(10)) };
}

describe('graceful shutdown of the real server (SIGTERM)', () => {
  let child: ChildProcess;
  let dataDir: string;
  let drop: () => Promise<void>;

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new connections, finishes the request in flight on a kept-alive connection, closes and exits 0', async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-drain-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // Like nginx's upstream keepalive: one connection kept open and reused.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = slowLogin(url, agent);
    await new Promise((r) => setTimeout(r, 300));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));

    const refused = await fetch(`${url}/healthz`).then(
      (response) => `answered ${response.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    // The whole request ran: the wrong password was checked and refused in the envelope.
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error_code: 401 });

    const code = await exited;
    agent.destroy();
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(25_000);
    expect(output).toContain('drained and closed');
  });
});

describe('GET /readyz', () => {
  it('answers 200 while the database and the file store answer, then 503 naming what does not', async () => {
    const platform = await startPlatform();
    try {
      const ready = await platform.api('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ success: true, data: { status: 'ready', database: 'ok', storage: 'ok' } });

      // The file store gone (an unmounted volume): not ready, while the process is still alive.
      fs.rmSync(platform.ctx.config.dataDir, { recursive: true, force: true });
      const noStore = await platform.api('GET', '/readyz');
      expect(noStore.status).toBe(503);
      expect(noStore.body).toEqual({ success: false, error_messages: 'Not ready: the file store does not answer.', error_code: 503, code: 'unavailable' });
      expect((await platform.api('GET', '/healthz')).status).toBe(200);

      await platform.ctx.db.destroy();
      const neither = await platform.api('GET', '/readyz');
      expect(neither.status).toBe(503);
      expect(neither.body.error_messages).toBe('Not ready: the database does not answer and the file store does not answer.');
    } finally {
      await platform.app.close().catch(() => undefined);
    }
  });
});

/** Prometheus text format 0.0.4: comments, or `name{labels} value`. */
const EXPOSITION_LINE =
  /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|[+-]Inf|NaN))$/;

describe('GET /metrics', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('counts requests by route pattern and status class, times them, and shows memory, event-loop lag and registered gauges', async () => {
    platform.metrics.registerGauges(() => [
      { name: 'mm_jobs_waiting', help: 'Jobs waiting, by queue.', type: 'gauge', samples: [{ labels: { queue: 'mail "outbox"' }, value: 7 }] },
    ]);
    platform.metrics.registerGauges(() => {
      throw new Error('a source that fails');
    });
    for (let i = 0; i < 3; i++) expect((await platform.api('GET', '/readyz')).status).toBe(200);
    expect((await platform.api('GET', '/api/certificates/verify/NOPE-1')).status).toBeGreaterThanOrEqual(400);
    expect((await platform.api('GET', '/api/nothing/here')).status).toBe(404);

    const res = await fetch(`${platform.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const lines = text.trimEnd().split('\n');
    expect(lines.filter((line) => !EXPOSITION_LINE.test(line))).toEqual([]);
    expect(lines).toContain('mm_http_requests_total{method="GET",route="/readyz",status_class="2xx"} 3');
    // The pattern, never the URL the caller typed: unknown paths share one series.
    expect(text).toMatch(/mm_http_requests_total\{method="GET",route="\/api\/certificates\/verify\/:code",status_class="4xx"\} 1/);
    expect(lines).toContain('mm_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1');
    expect(text).not.toContain('NOPE-1');
    expect(lines).toContain('mm_http_request_duration_seconds_count{method="GET",route="/readyz"} 3');
    expect(lines).toContain('mm_http_request_duration_seconds_bucket{method="GET",route="/readyz",le="+Inf"} 3');
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toMatch(/^mm_event_loop_lag_seconds\{quantile="0.99"\} [0-9.e-]+$/m);
    expect(lines).toContain('mm_jobs_waiting{queue="mail \\"outbox\\""} 7');
    expect(lines).toContain('mm_metrics_source_failures_total 1');
  });

  it('refuses a proxied request (X-Forwarded-For) without METRICS_TOKEN', async () => {
    const res = await fetch(`${platform.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      success: false,
      error_messages: 'The metrics are open to this machine only; set METRICS_TOKEN to scrape them from elsewhere.',
    });
  });

  it('with METRICS_TOKEN, answers only its bearer', async () => {
    const guarded = await startPlatform({ METRICS_TOKEN: 'scrape-token-0123456789' });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-012345678' } })).status).toBe(401);
      const allowed = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789', 'x-forwarded-for': '203.0.113.9' } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('# TYPE mm_http_requests_total counter');
    } finally {
      await guarded.close();
    }
  });
});
