// Politeness per host: at most `concurrency` requests in flight to one host:port and at least
// `minIntervalMs` between the starts of two of them. Waiters are served first come, first served; a
// host that must wait sets one timer for the moment its next request may start (no polling).

export interface HostLimits {
  /** Requests in flight to one host at once. */
  concurrency: number;
  /** Least time between the starts of two requests to one host. */
  minIntervalMs: number;
}

export interface HostLimiterOptions extends HostLimits {
  /** Milliseconds; Date.now by default (tests pass fake timers' clock). */
  now?: () => number;
}

export interface HostLimiter {
  /**
   * Waits for a slot on `host` and returns the function that gives it back (call it exactly once,
   * when the request is over). Rejects with the signal's reason if aborted while waiting.
   */
  acquire(host: string, options?: { signal?: AbortSignal }): Promise<() => void>;
  /** acquire + work + release, whatever the work does. */
  run<T>(host: string, work: () => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /** A longer interval for one host (robots.txt Crawl-delay); null returns it to the default. */
  setMinInterval(host: string, ms: number | null): void;
  /** Requests in flight and waiting, for one host or all of them. */
  pending(host?: string): { active: number; waiting: number };
  /** Rejects every waiter and refuses new acquisitions. */
  close(): void;
}

interface Waiter {
  grant: (release: () => void) => void;
  fail: (error: Error) => void;
}

/** Why a signal aborted, as an Error (an abort without a reason gives the DOMException AbortError). */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new Error(typeof reason === 'string' ? reason : 'The operation was aborted.');
}

interface HostState {
  active: number;
  queue: Waiter[];
  /** When the last request started, or -Infinity. */
  lastStart: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The key a URL is limited by: its host and port ("example.com:443"). */
export function hostKeyOf(url: string | URL): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  const port =
    parsed.port || (parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : '');
  return `${parsed.hostname}:${port}`;
}

/** Hosts remembered with nothing in flight before idle ones are forgotten. */
const PRUNE_AT = 1024;

export function createHostLimiter(options: HostLimiterOptions): HostLimiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const defaultInterval = Math.max(0, options.minIntervalMs);
  const now = options.now ?? Date.now;
  const hosts = new Map<string, HostState>();
  const intervals = new Map<string, number>();
  let isClosed = false;

  const intervalOf = (host: string) => Math.max(defaultInterval, intervals.get(host) ?? 0);

  function stateOf(host: string): HostState {
    let state = hosts.get(host);
    if (!state) {
      if (hosts.size >= PRUNE_AT) prune();
      state = { active: 0, queue: [], lastStart: Number.NEGATIVE_INFINITY, timer: null };
      hosts.set(host, state);
    }
    return state;
  }

  /** Forgets hosts with nothing in flight whose interval has passed: they would start fresh anyway. */
  function prune(): void {
    const at = now();
    for (const [host, state] of hosts) {
      if (
        state.active === 0 &&
        state.queue.length === 0 &&
        state.timer === null &&
        at - state.lastStart >= intervalOf(host)
      )
        hosts.delete(host);
    }
  }

  /** Starts as many waiters as the limits allow, or sets the timer for the next one. */
  function dispatch(host: string, state: HostState): void {
    while (state.queue.length > 0 && state.active < concurrency && state.timer === null) {
      const wait = state.lastStart + intervalOf(host) - now();
      if (wait > 0) {
        state.timer = setTimeout(() => {
          state.timer = null;
          dispatch(host, state);
        }, wait);
        return;
      }
      const waiter = state.queue.shift()!;
      state.active++;
      state.lastStart = now();
      waiter.grant(releaserFor(host, state));
    }
  }

  function releaserFor(host: string, state: HostState): () => void {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      state.active--;
      dispatch(host, state);
    };
  }

  function acquire(
    host: string,
    acquireOptions: { signal?: AbortSignal } = {},
  ): Promise<() => void> {
    const { signal } = acquireOptions;
    if (isClosed) return Promise.reject(new Error('The host limiter is closed.'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const state = stateOf(host);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = state.queue.indexOf(waiter);
        if (index >= 0) state.queue.splice(index, 1);
        reject(abortError(signal!));
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      state.queue.push(waiter);
      dispatch(host, state);
    });
  }

  return {
    acquire,
    async run(host, work, runOptions) {
      const release = await acquire(host, runOptions);
      try {
        return await work();
      } finally {
        release();
      }
    },
    setMinInterval(host, ms) {
      if (ms === null || ms <= 0) intervals.delete(host);
      else intervals.set(host, ms);
    },
    pending(host) {
      const states =
        host === undefined ? [...hosts.values()] : [hosts.get(host)].filter((s) => s !== undefined);
      return states.reduce(
        (sum, s) => ({ active: sum.active + s.active, waiting: sum.waiting + s.queue.length }),
        { active: 0, waiting: 0 },
      );
    },
    close() {
      isClosed = true;
      for (const state of hosts.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        for (const waiter of state.queue.splice(0))
          waiter.fail(new Error('The host limiter is closed.'));
      }
    },
  };
}
