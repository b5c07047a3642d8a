// A sweep run at start and then every few seconds in worker processes (due checks, escalations, lost
// jobs, lapsed subscriptions). A slow sweep is never started twice over, and a failed one is logged
// and tried again at the next tick rather than stopping the timer.
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';

export interface PeriodicSweep {
  stop(): void;
}

export function startPeriodicSweep(options: {
  /** For the log: "takedown sweep failed". */
  name: string;
  everySeconds: number;
  logger: Logger;
  sweep: () => Promise<unknown>;
}): PeriodicSweep {
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await options.sweep();
    } catch (error) {
      options.logger.error(`${options.name} failed`, {
        err: safeErrorMessage(error),
      });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), options.everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
