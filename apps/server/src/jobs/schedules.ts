// Periodic work (sweeps of due checks, lost jobs, lapsed subscriptions…) through the job queue: every
// worker process offers each schedule's `schedule.run` job at start and then once per interval, and the
// queue keeps one per schedule and time slot across all of them (decision 0024). So a sweep runs on one
// worker at a time, never twice over, and its runs show in the job tables like any job's.
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { JobQueue } from './job-queue.ts';
import type { SharkJobCatalog } from './job-catalog.ts';

export interface Schedule {
  /** Unique among schedules; the job's key and the log's name ("billing sweep"). */
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
}

export interface RunningSchedules {
  stop(): void;
}

/** Registers the handler of `schedule.run` for these schedules (before the queue starts). */
export function handleSchedules(
  jobs: JobQueue<SharkJobCatalog>,
  schedules: readonly Schedule[],
): void {
  const byName = new Map<string, Schedule>();
  for (const schedule of schedules) {
    if (byName.has(schedule.name)) throw new Error(`Schedule ${schedule.name} is defined twice.`);
    byName.set(schedule.name, schedule);
  }
  // A run that outlasts its interval is not started again beside itself: the next slot's job skips.
  const running = new Set<string>();
  jobs.handle('schedule.run', async ({ schedule: name }) => {
    const schedule = byName.get(name);
    // Sent by a process of another version that knows a schedule this one does not: nothing to do.
    if (!schedule) return { skipped: `no schedule named ${name}` };
    if (running.has(name)) return { skipped: 'the previous run is still going' };
    running.add(name);
    try {
      await schedule.run();
    } finally {
      running.delete(name);
    }
  });
}

/**
 * pg-boss refuses a throttle longer than the time it keeps finished jobs (12 hours): a longer interval
 * is still offered once per interval by each worker, deduplicated per 12-hour slot.
 */
const MAX_THROTTLE_SECONDS = 12 * 60 * 60;

/** Offers each schedule's run now and then every `everySeconds` (worker processes only). */
export function startSchedules(deps: {
  jobs: JobQueue<SharkJobCatalog>;
  schedules: readonly Schedule[];
  logger: Logger;
}): RunningSchedules {
  let stopped = false;
  const offer = async (schedule: Schedule) => {
    if (stopped) return;
    try {
      await deps.jobs.send(
        'schedule.run',
        { schedule: schedule.name },
        { throttleSeconds: Math.min(schedule.everySeconds, MAX_THROTTLE_SECONDS) },
      );
    } catch (error) {
      deps.logger.error(`${schedule.name} could not be sent`, { err: safeErrorMessage(error) });
    }
  };
  const timers = deps.schedules.map((schedule) => {
    void offer(schedule);
    const timer = setInterval(() => void offer(schedule), schedule.everySeconds * 1000);
    timer.unref();
    return timer;
  });
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}
