// The worker side of the takedown lifecycle: the handlers of takedown.verify and takedown.escalate, and
// the periodic sweep that sends them for what is due. Runs in every process that runs workers; the jobs'
// stable keys make a sweep on every worker harmless.
import type { Logger } from '../../http/logger.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SharkJobCatalog } from '../../jobs/job-catalog.ts';
import type { TakedownLifecycle } from './takedown-lifecycle-service.ts';

export function registerTakedownLifecycleJobs(jobs: JobQueue<SharkJobCatalog>, lifecycle: TakedownLifecycle): void {
  jobs.handle('takedown.verify', async ({ takedownId, check }, context) => {
    const result = await lifecycle.verify(takedownId, { now: new Date(), check, isLastAttempt: context.isLastAttempt });
    return { ...result };
  });
  jobs.handle('takedown.escalate', async ({ takedownId }) => ({ steps: await lifecycle.escalate(takedownId, new Date()) }));
}

/** Sweeps now and then every `everySeconds` (ENFORCEMENT_SWEEP_SECONDS); returns a stop function. */
export function startTakedownLifecycleSweeper(deps: { lifecycle: TakedownLifecycle; everySeconds: number; logger: Logger }): { stop(): void } {
  let stopped = false;
  let running = false;
  const tick = async () => {
    // A slow sweep (many due takedowns) is not started twice over.
    if (running || stopped) return;
    running = true;
    try {
      await deps.lifecycle.sweep(new Date());
    } catch (error) {
      deps.logger.error('takedown sweep failed', { err: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), deps.everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
