import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Prometheus figures of one instance, in the text exposition format (version 0.0.4), written by hand: a few counters
 * and one histogram do not need a client library. Requests are counted by route pattern (`/api/videos/:id`, never
 * the URL itself, so the series stay few) and status class; other parts of the platform add their own gauges with
 * `registerGauges` (the job queue's stats, for one).
 */

export type Sample = { labels?: Record<string, string>; value: number };
export type Family = { name: string; help: string; type: 'gauge' | 'counter'; samples: Sample[] };
export type GaugeSource = () => Family[] | Promise<Family[]>;

/** Seconds: from a cached answer (a few ms) to a slow export (seconds). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Histogram = { buckets: number[]; sum: number; count: number };

export type Metrics = {
  /** Counts one answered request. `route` is the matched pattern, undefined when no route matched. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void;
  /** Adds figures computed at each scrape (a queue's depth, a pool's size). A source that throws is left out of that scrape and counted. */
  registerGauges(source: GaugeSource): void;
  render(): Promise<string>;
  /** Counts every answer of `app` (onResponse, so a refused or failed request counts too). */
  countRequests(app: FastifyInstance): void;
  close(): void;
};

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function labelText(labels: Record<string, string> | undefined): string {
  const entries = Object.entries(labels ?? {});
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
}

const number = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN');

export function renderFamily(family: Family): string {
  const lines = [`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`];
  for (const sample of family.samples) lines.push(`${family.name}${labelText(sample.labels)} ${number(sample.value)}`);
  return lines.join('\n');
}

export function createMetrics(): Metrics {
  const requests = new Map<string, { labels: Record<string, string>; count: number }>();
  const durations = new Map<string, { labels: Record<string, string>; histogram: Histogram }>();
  const sources: GaugeSource[] = [];
  let sourceFailures = 0;
  // The longest waits of the event loop between two scrapes (reset at each): a request waits that long to be read.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const startedAt = Date.now() / 1000 - process.uptime();

  function observe(method: string, route: string | undefined, status: number, seconds: number) {
    const routeLabel = route ?? 'unmatched';
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${routeLabel} ${statusClass}`;
    const counted = requests.get(key);
    if (counted) counted.count++;
    else requests.set(key, { labels: { method, route: routeLabel, status_class: statusClass }, count: 1 });
    const timedKey = `${method} ${routeLabel}`;
    let timed = durations.get(timedKey);
    if (!timed) {
      timed = { labels: { method, route: routeLabel }, histogram: { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 } };
      durations.set(timedKey, timed);
    }
    const h = timed.histogram;
    DURATION_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) h.buckets[i]!++;
    });
    h.sum += seconds;
    h.count++;
  }

  function histogramText(): string {
    const name = 'mm_http_request_duration_seconds';
    const lines = [`# HELP ${name} Time from receiving a request to sending its answer, by route pattern.`, `# TYPE ${name} histogram`];
    for (const { labels, histogram } of durations.values()) {
      DURATION_BUCKETS.forEach((bound, i) => {
        lines.push(`${name}_bucket${labelText({ ...labels, le: String(bound) })} ${histogram.buckets[i]}`);
      });
      lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${histogram.count}`);
      lines.push(`${name}_sum${labelText(labels)} ${histogram.sum}`);
      lines.push(`${name}_count${labelText(labels)} ${histogram.count}`);
    }
    return lines.join('\n');
  }

  function processFamilies(): Family[] {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const lag = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
    const families: Family[] = [
      { name: 'process_resident_memory_bytes', help: 'Resident memory of the process.', type: 'gauge', samples: [{ value: memory.rss }] },
      { name: 'nodejs_heap_size_used_bytes', help: 'V8 heap in use.', type: 'gauge', samples: [{ value: memory.heapUsed }] },
      { name: 'nodejs_heap_size_total_bytes', help: 'V8 heap reserved.', type: 'gauge', samples: [{ value: memory.heapTotal }] },
      {
        name: 'nodejs_external_memory_bytes',
        help: 'Memory of C++ objects bound to JavaScript (buffers).',
        type: 'gauge',
        samples: [{ value: memory.external }],
      },
      { name: 'process_cpu_seconds_total', help: 'User and system CPU time spent.', type: 'counter', samples: [{ value: (cpu.user + cpu.system) / 1e6 }] },
      {
        name: 'process_start_time_seconds',
        help: 'Start of the process, seconds since the epoch.',
        type: 'gauge',
        samples: [{ value: Math.round(startedAt) }],
      },
      {
        name: 'mm_event_loop_lag_seconds',
        help: 'Event-loop delay since the previous scrape: median, 99th percentile and maximum.',
        type: 'gauge',
        samples: [
          { labels: { quantile: '0.5' }, value: lag(loop.percentile(50)) },
          { labels: { quantile: '0.99' }, value: lag(loop.percentile(99)) },
          { labels: { quantile: '1' }, value: lag(loop.max) },
        ],
      },
    ];
    loop.reset();
    return families;
  }

  return {
    observe,
    registerGauges(source) {
      sources.push(source);
    },
    countRequests(app) {
      app.addHook('onResponse', (request, reply, done) => {
        observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    },
    async render() {
      const extra: Family[] = [];
      for (const source of sources) {
        try {
          extra.push(...(await source()));
        } catch {
          sourceFailures++;
        }
      }
      const counter: Family = {
        name: 'mm_http_requests_total',
        help: 'Answered requests by method, route pattern and status class.',
        type: 'counter',
        samples: [...requests.values()].map(({ labels, count }) => ({ labels, value: count })),
      };
      const failures: Family = {
        name: 'mm_metrics_source_failures_total',
        help: 'Registered gauge sources that threw during a scrape.',
        type: 'counter',
        samples: [{ value: sourceFailures }],
      };
      return `${[renderFamily(counter), histogramText(), ...[...processFamilies(), failures, ...extra].map(renderFamily)].join('\n')}\n`;
    },
    close() {
      loop.disable();
    },
  };
}
