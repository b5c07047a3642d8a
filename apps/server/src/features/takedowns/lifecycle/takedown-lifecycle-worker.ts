// The worker side of the takedown lifecycle: the handlers of takedown.verify and takedown.escalate, and
// the periodic sweep that sends them for what is due. Runs in every process that runs workers; the jobs'
// stable keys make a sweep on every worker harmless.
import type { Logger } from '#server/http/logger.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import type { TakedownLifecycle } from './takedown-lifecycle-service.ts';
import { startPeriodicSweep, type PeriodicSweep } from '#server/jobs/periodic-sweep.ts';

export function registerTakedownLifecycleJobs(
  jobs: JobQueue<SharkJobCatalog>,
  lifecycle: TakedownLifecycle,
): void {
  jobs.handle('takedown.verify', async ({ takedownId, check }, context) => {
    const result = await lifecycle.verify(takedownId, {
      now: new Date(),
      check,
      isLastAttempt: context.isLastAttempt,
    });
    return { ...result };
  });
  jobs.handle('takedown.escalate', async ({ takedownId }) => ({
    steps: await lifecycle.escalate(takedownId, new Date()),
  }));
}

/** Sweeps now and then every `everySeconds` (ENFORCEMENT_SWEEP_SECONDS); a slow sweep is not started twice over. */
export function startTakedownLifecycleSweeper(deps: {
  lifecycle: TakedownLifecycle;
  everySeconds: number;
  logger: Logger;
}): PeriodicSweep {
  return startPeriodicSweep({
    name: 'takedown sweep',
    everySeconds: deps.everySeconds,
    logger: deps.logger,
    sweep: () => deps.lifecycle.sweep(new Date()),
  });
}
