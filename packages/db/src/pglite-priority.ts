// The embedded database's one connection, shared fairly: what a person is waiting for (an HTTP request)
// goes before background work (jobs, the queue's polling, schedules), and background work reaches PGlite
// one statement at a time, so a request never queues behind a pile of a scan's statements.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

const interactiveContext = new AsyncLocalStorage<true>();

export interface PriorityOptions {
  /**
   * After a request's statement, background work waits this long for the request's next one (the
   * JavaScript between two statements of one request), so that a request's statements run back to back.
   */
  lingerMs: number;
  /** Background work waits no longer than this, however busy the requests keep the connection. */
  maxWaitMs: number;
}

export const DEFAULT_PRIORITY: PriorityOptions = { lingerMs: 10, maxWaitMs: 1000 };

/** Runs `work` as a request a person waits for: its statements go before background work. */
export function runInteractive<T>(work: () => T): T {
  return interactiveContext.run(true, work);
}

export function isInteractive(): boolean {
  return interactiveContext.getStore() === true;
}

/** The methods through which every statement reaches PGlite (a transaction's own statements use its handle). */
const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The same PGlite client, its statements ordered: interactive ones at once (PGlite runs them as soon
 * as the statement before has finished), background ones through a single slot that opens only when no
 * interactive statement is running or has just finished. A background transaction holds the slot to
 * its end, as it holds PGlite's own lock.
 */
export function prioritisedPglite(client: PGlite, options = DEFAULT_PRIORITY): PGlite {
  let interactiveRunning = 0;
  let lastInteractiveEnd = Number.NEGATIVE_INFINITY;
  let isBackgroundBusy = false;
  const waiting: { since: number; enter: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;

  function admitBackground(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const head = waiting[0];
    if (isBackgroundBusy || !head) return;
    const now = performance.now();
    const waitedEnough = now - head.since >= options.maxWaitMs;
    const isQuiet = interactiveRunning === 0 && now - lastInteractiveEnd >= options.lingerMs;
    if (isQuiet || waitedEnough) {
      waiting.shift();
      isBackgroundBusy = true;
      head.enter();
      return;
    }
    const untilStarved = head.since + options.maxWaitMs - now;
    const untilQuiet =
      interactiveRunning === 0 ? lastInteractiveEnd + options.lingerMs - now : untilStarved;
    timer = setTimeout(admitBackground, Math.max(1, Math.min(untilQuiet, untilStarved)));
    timer.unref();
  }

  async function background<T>(statement: () => Promise<T>): Promise<T> {
    await new Promise<void>((enter) => {
      waiting.push({ since: performance.now(), enter });
      admitBackground();
    });
    try {
      return await statement();
    } finally {
      isBackgroundBusy = false;
      admitBackground();
    }
  }

  async function interactive<T>(statement: () => Promise<T>): Promise<T> {
    interactiveRunning++;
    try {
      return await statement();
    } finally {
      interactiveRunning--;
      lastInteractiveEnd = performance.now();
      admitBackground();
    }
  }

  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!GATED.has(property)) return method.bind(target);
      return (...args: unknown[]) => {
        const statement = () => method.apply(target, args) as Promise<unknown>;
        return isInteractive() ? interactive(statement) : background(statement);
      };
    },
  });
}
