// One lifecycle for every module: their job handlers registered, the queue started, then (in worker
// processes) the recovery of work a crash left behind and the periodic schedules; on shutdown the
// reverse, once, whichever way it is reached.
import type { SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { handleSchedules, startSchedules, type RunningSchedules } from '#server/jobs/schedules.ts';
import type { FeatureModule } from './feature-module.ts';
import type { Platform } from './platform.ts';

export interface RunningModules {
  stop(): Promise<void>;
}

function registerJobs(jobs: JobQueue<SharkJobCatalog>, modules: readonly FeatureModule[]): void {
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module.jobs ?? {})) {
      // The catalog's names and payloads are checked where a module writes its handlers.
      jobs.handle(name as never, handler);
    }
  }
  handleSchedules(
    jobs,
    modules.flatMap((module) => module.schedules ?? []),
  );
}

/** Starts the modules on the platform; on failure closes what was opened and rethrows. */
export async function startModules(
  platform: Platform,
  modules: readonly FeatureModule[],
): Promise<RunningModules> {
  const { jobs, logger } = platform;
  let schedules: RunningSchedules | null = null;
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      schedules?.stop();
      for (const module of [...modules].reverse()) {
        await module.stop?.().catch((error: unknown) => {
          logger.warn(`${module.name}: stopping failed`, { error: (error as Error).message });
        });
      }
      await platform.close();
    })();
    return stopped;
  };
  try {
    registerJobs(jobs, modules);
    await jobs.start();
    if (jobs.runsWorkers) {
      for (const module of modules) await module.recover?.();
      schedules = startSchedules({
        jobs,
        schedules: modules.flatMap((module) => module.schedules ?? []),
        logger,
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
