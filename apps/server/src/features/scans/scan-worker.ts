// The worker side of scans: the job handlers and the recovery of work a crash left behind.
import type { JobHandlers } from '#server/app/feature-module.ts';
import type { Logger } from '#server/http/logger.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import type { ScanPipeline } from './scan-pipeline.ts';
import type { ScanRepository } from './scan-repository.ts';

export const STAGE_JOBS = {
  discover: 'scan.discover',
  profile: 'scan.profile',
  fetch: 'scan.fetch',
  match: 'scan.match',
} as const;

export function scanJobHandlers(pipeline: ScanPipeline) {
  return {
    'scan.start': ({ scanId }) => pipeline.start(scanId),
    'scan.discover': ({ taskId }, context) => pipeline.discover(taskId, context.isLastAttempt),
    'scan.profile': ({ taskId }, context) => pipeline.profile(taskId, context.isLastAttempt),
    'scan.fetch': ({ taskId }, context) => pipeline.fetch(taskId, context.isLastAttempt),
    'scan.match': ({ taskId }, context) => pipeline.match(taskId, context.isLastAttempt),
  } satisfies JobHandlers;
}

/**
 * Sends again the jobs of work that has no live job: scans still queued, task rows left queued or
 * running by a process that died, and running scans whose last task settled without completing them.
 * On Postgres a job another worker holds counts as live (the queue retries it if that worker died,
 * once its time limit passes), so no task runs twice while its worker lives.
 */
export async function recoverScans(deps: {
  repo: ScanRepository;
  jobs: JobQueue<SharkJobCatalog>;
  logger: Logger;
  /** Embedded database: when this process started (see ScanRepository.stranded). */ runningSince: Date | null;
  /** For the periodic sweep: task rows changed more recently are left to the job about to be sent. */
  untouchedForSeconds?: number;
  /** Called for each scan this completes (see PipelineDeps.onCompleted). */
  onCompleted?: (scanId: string) => Promise<void>;
}): Promise<number> {
  let sent = 0;
  for (const scanId of await deps.repo.queuedScans(deps.runningSince)) {
    if (await deps.jobs.send('scan.start', { scanId })) sent++;
  }
  for (;;) {
    const stranded = await deps.repo.stranded(
      deps.runningSince,
      1000,
      deps.untouchedForSeconds ?? 0,
    );
    let sentNow = 0;
    for (const task of stranded) {
      if (await deps.jobs.send(STAGE_JOBS[task.stage], { taskId: task.id })) sentNow++;
    }
    sent += sentNow;
    // A batch whose jobs all exist already (waiting) is not asked for again.
    if (stranded.length < 1000 || sentNow === 0) break;
  }
  for (const scanId of await deps.repo.settledRunning()) {
    if (await deps.repo.completeIfSettled(scanId)) await deps.onCompleted?.(scanId);
  }
  if (sent > 0) {
    const msg = deps.untouchedForSeconds
      ? 'scan work left without a job sent again'
      : 'scan work sent again after a restart';
    deps.logger.info(msg, { jobs: sent });
  }
  return sent;
}
