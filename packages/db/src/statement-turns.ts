// Turns on the embedded database's one connection. PGlite runs each statement synchronously on the
// thread that calls it and starts the next queued one as soon as the previous resolves, so a busy job
// queue (a scan's workers writing pages and pictures) keeps the thread inside the database from one
// statement to the next: the event loop never reaches the sockets, and a creator opening the app waits
// for the whole queue. Here each statement (or transaction) waits for its turn, every turn starts
// after the event loop has had a pass at its I/O, and statements of a request someone is waiting for
// go before background work — unless background work has waited `BACKGROUND_MAX_WAIT_MS`, so the
// jobs keep moving under any load of requests.
import { AsyncLocalStorage } from 'node:async_hooks';

const interactive = new AsyncLocalStorage<boolean>();

/** Runs `work` with its statements marked as wanted by someone waiting (an HTTP request). */
export function runInteractive<T>(work: () => T): T {
  return interactive.run(true, work);
}

/** How long a background statement waits behind requests' statements at most before it goes next. */
export const BACKGROUND_MAX_WAIT_MS = 200;

interface Waiter {
  start: () => void;
  since: number;
}

export class StatementTurns {
  private readonly holding = new AsyncLocalStorage<boolean>();
  private busy = false;
  private passPending = false;
  private readonly waiting: { interactive: Waiter[]; background: Waiter[] } = {
    interactive: [],
    background: [],
  };

  constructor(private readonly now: () => number = performance.now.bind(performance)) {}

  /**
   * Runs `statement` in its turn: one at a time, after a pass of the event loop. A statement sent
   * from inside one that holds the turn (a driver method wrapping another) runs at once.
   */
  async run<T>(statement: () => Promise<T>): Promise<T> {
    if (this.holding.getStore() === true) return statement();
    await this.turn(interactive.getStore() === true);
    try {
      return await this.holding.run(true, statement);
    } finally {
      this.busy = false;
      this.next();
    }
  }

  /** Statements waiting for a turn, for tests and diagnostics. */
  get queued(): number {
    return this.waiting.interactive.length + this.waiting.background.length;
  }

  private turn(isInteractive: boolean): Promise<void> {
    return new Promise((resolve) => {
      const waiter = { start: resolve, since: this.now() };
      (isInteractive ? this.waiting.interactive : this.waiting.background).push(waiter);
      this.next();
    });
  }

  /** Gives the next turn after a pass of the event loop (I/O callbacks run before it). */
  private next(): void {
    if (this.busy || this.passPending || this.queued === 0) return;
    this.passPending = true;
    setImmediate(() => {
      this.passPending = false;
      if (this.busy) return;
      const start = this.pick();
      if (!start) return;
      this.busy = true;
      start();
    });
  }

  private pick(): (() => void) | undefined {
    const { interactive: asked, background } = this.waiting;
    const oldest = background[0];
    const overdue = oldest !== undefined && this.now() - oldest.since >= BACKGROUND_MAX_WAIT_MS;
    return (asked.length > 0 && !overdue ? asked.shift() : background.shift())?.start;
  }
}
