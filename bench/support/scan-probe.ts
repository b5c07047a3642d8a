// What a creator opening the app during a scan waits for: a client in another process asks for her
// pages at a steady rate over real HTTP with a real session, while the scanning process records its own
// event-loop delay and how long a trivial query waits for the database connection.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PROVIDER } from './server-process.ts';

export const PROBE_FLAG = '--latency-probe';
export const PROBE_ENDPOINTS = ['/api/user', '/api/dashboard/summary'] as const;

export type ProbeParentMessage = { type: 'probe-stop' };
export type ProbeChildMessage = {
  type: 'probe-result';
  endpoints: { endpoint: string; latencies: number[]; failures: number }[];
};

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The probe client (a child process): each endpoint is asked `rate` times a second on a fixed schedule,
 * whether or not the previous answer has come, so a stalled server shows as long waits and not as fewer
 * requests. It stops and reports when the parent says so.
 */
export async function runLatencyProbe(
  baseUrl: string,
  cookie: string,
  rate: number,
  reportSeconds: number,
): Promise<void> {
  const headers = { 'x-provider': PROVIDER, cookie };
  const results = PROBE_ENDPOINTS.map((endpoint) => ({
    endpoint,
    latencies: [] as number[],
    failures: 0,
  }));
  const inFlight = new Set<Promise<void>>();
  const reported = results.map(() => 0);
  const progress = setInterval(() => {
    const line = results
      .map((result, index) => {
        const window = percentiles(result.latencies.slice(reported[index]));
        reported[index] = result.latencies.length;
        return `${result.endpoint} p50 ${ms(window.p50)} p99 ${ms(window.p99)} max ${ms(window.max)}`;
      })
      .join('; ');
    console.log(`         probe, last ${reportSeconds} s: ${line}`);
  }, reportSeconds * 1000);
  const ask = (result: (typeof results)[number]) => {
    const started = performance.now();
    const request = fetch(`${baseUrl}${result.endpoint}`, {
      headers,
      signal: AbortSignal.timeout(60_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) result.failures++;
        else result.latencies.push(performance.now() - started);
      })
      .catch(() => {
        result.failures++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const timers = results.map((result, index) => {
    // Endpoints are offset from each other so their requests do not always arrive together.
    const interval = 1000 / rate;
    let timer: NodeJS.Timeout | undefined;
    const first = setTimeout(
      () => {
        ask(result);
        timer = setInterval(() => ask(result), interval);
      },
      (interval * index) / results.length,
    );
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  });
  await new Promise<void>((resolve) => {
    process.on('message', (message: ProbeParentMessage) => {
      if (message.type === 'probe-stop') resolve();
    });
    process.on('disconnect', () => process.exit(0));
  });
  for (const stop of timers) stop();
  clearInterval(progress);
  await Promise.all(inFlight);
  process.send!({ type: 'probe-result', endpoints: results } satisfies ProbeChildMessage);
  process.disconnect();
}

/**
 * Inside the scanning process: the event loop's delay (perf_hooks), and the time a `select 1` sent at
 * `rate` a second takes to come back: on the embedded database's one connection, most of that is
 * waiting behind the scan's statements and transactions.
 */
export function watchScanningProcess(
  execute: (text: string) => Promise<unknown>,
  rate: number,
): {
  window: () => string;
  stop: () => { eventLoop: Percentiles; dbWait: Percentiles };
} {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const recent = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  recent.enable();
  let reported = 0;
  const dbWaits: number[] = [];
  const timer = setInterval(() => {
    const started = performance.now();
    void execute('select 1').then(
      () => dbWaits.push(performance.now() - started),
      () => undefined,
    );
  }, 1000 / rate);
  const toMs = (ns: number) => ns / 1e6;
  return {
    window: () => {
      const waits = percentiles(dbWaits.slice(reported));
      reported = dbWaits.length;
      const line =
        `event loop p99 ${ms(toMs(recent.percentile(99)))} max ${ms(toMs(recent.max))}; ` +
        `select 1 p50 ${ms(waits.p50)} p99 ${ms(waits.p99)} max ${ms(waits.max)}`;
      recent.reset();
      return line;
    },
    stop: () => {
      clearInterval(timer);
      loop.disable();
      recent.disable();
      return {
        eventLoop: {
          count: loop.count,
          p50: toMs(loop.percentile(50)),
          p99: toMs(loop.percentile(99)),
          max: toMs(loop.max),
        },
        dbWait: percentiles(dbWaits),
      };
    },
  };
}
