// The scan's task runner: how a stage is declared (its name, its input schema, its handler), how a task
// row is claimed, run and settled (a failure retried or recorded), how the rows a stage leads to are
// added and their jobs sent, and how a scan completes once its last row settles.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ScanStage } from '@shark/contracts/scans.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { NewTask, ScanRepository, ScanRow, ScanTaskRow } from './scan-repository.ts';
import type { SiteReachability } from './site-reachability.ts';

/** A failure worth another try (the job is retried with backoff); anything else settles the task as failed. */
export class RetryableScanError extends Error {
  override readonly name = 'RetryableScanError';
}

/** How a task's work ended; the task row is settled with it. */
export interface StageOutcome {
  status: 'done' | 'skipped' | 'failed';
  result?: Record<string, unknown>;
  error?: string;
}

/** What a stage's handler gets besides its input: the task row, its scan, and a way to add more work. */
export interface StageContext {
  task: ScanTaskRow;
  scan: ScanRow;
  /** Adds task rows to the scan (a row it has already is left as it is) and sends the new rows' jobs. */
  enqueue: (tasks: NewTask[]) => Promise<number>;
}

export interface StageDefinition<Input> {
  name: ScanStage;
  /** Parses the task row's input: a row that does not parse settles as failed. */
  input: z.ZodType<Input>;
  handle: (input: Input, context: StageContext) => Promise<StageOutcome>;
  /** The URL the task will fetch (its site decides whether the scan gave it up); null: no site's. */
  subjectUrl?: (input: Input) => string | null;
}

/** A declared stage as the registry holds it: its input parsed and handled in one call. */
export interface RegisteredStage {
  readonly name: ScanStage;
  run(rawInput: unknown, context: StageContext): Promise<StageOutcome>;
  /** The URL a task with this input will fetch; null when none or the input does not parse. */
  subjectOf(rawInput: unknown): string | null;
}

export function defineStage<Input>(definition: StageDefinition<Input>): RegisteredStage {
  return {
    name: definition.name,
    // Async, so that input the schema refuses is a rejected promise like any other failure.
    async run(rawInput, context) {
      const input = definition.input.parse(rawInput);
      return await definition.handle(input, context);
    },
    subjectOf(rawInput) {
      const parsed = definition.input.safeParse(rawInput);
      return parsed.success ? (definition.subjectUrl?.(parsed.data) ?? null) : null;
    },
  };
}

/** One declared stage for each kind of task row. */
export type StageRegistry = { readonly [S in ScanStage]: RegisteredStage };

export interface TaskRunnerDeps {
  repo: Pick<ScanRepository, 'addTasks' | 'claim' | 'settle' | 'completeIfSettled'>;
  send: (stage: ScanStage, taskId: string) => Promise<void>;
  stages: StageRegistry;
  /** Skips the tasks of sites the scan gave up, and gives up a site a fetch found gone. */
  reachability: Pick<SiteReachability, 'guard'>;
  logger: Logger;
  /** Called once a scan completes (by the one call that completed it), e.g. to notify the creator. */
  onCompleted?: (scanId: string) => Promise<void>;
  /** Runs a task's work on behalf of its creator (Tor open to it only with dark web scanning). */
  runFor?: <T>(scan: { id: string; userId: string }, work: () => Promise<T>) => Promise<T>;
}

export function createTaskRunner(deps: TaskRunnerDeps) {
  const { repo, stages, logger } = deps;
  for (const [name, stage] of Object.entries(stages)) {
    if (stage.name !== name)
      throw new Error(`The scan stage registered as ${name} is declared as ${stage.name}.`);
  }

  /** Sends the job of each task row. */
  async function sendJobs(tasks: Pick<ScanTaskRow, 'id' | 'stage'>[]): Promise<void> {
    for (const task of tasks) await deps.send(task.stage, task.id);
  }

  async function enqueue(scanRow: ScanRow, tasks: NewTask[]): Promise<number> {
    const created = await repo.addTasks(scanRow.id, scanRow.userId, tasks, randomUUID);
    await sendJobs(created);
    return created.length;
  }

  /** Completes the scan if none of its task rows is left to settle. */
  async function completeIfSettled(scanId: string): Promise<void> {
    if (await repo.completeIfSettled(scanId)) await deps.onCompleted?.(scanId);
  }

  function isPastDeadline(scanRow: ScanRow): boolean {
    return scanRow.deadlineAt !== null && scanRow.deadlineAt.getTime() <= Date.now();
  }

  /** Settles the task, then completes the scan if it was the last one. */
  async function settle(
    task: ScanTaskRow,
    status: 'done' | 'failed' | 'skipped',
    details: { result?: Record<string, unknown>; error?: string | null } = {},
  ) {
    await repo.settle(task.id, status, details);
    await completeIfSettled(task.scanId);
  }

  /**
   * Runs one task with the shared rules: a settled or vanished task is left alone, a scan past its
   * deadline skips the rest, a retryable failure is thrown for the queue to retry (or settles as
   * failed on the last attempt), any other failure settles the task as failed with its reason.
   */
  async function run(stageName: ScanStage, taskId: string, isLastAttempt: boolean): Promise<void> {
    const stage = stages[stageName];
    const claimed = await repo.claim(taskId);
    if (!claimed) return;
    const { task, scan: scanRow } = claimed;
    if (scanRow.status !== 'running') {
      await repo.settle(task.id, 'skipped', { error: 'The scan is no longer running.' });
      return;
    }
    if (isPastDeadline(scanRow)) {
      await settle(task, 'skipped', { error: 'The scan reached its time limit.' });
      return;
    }
    try {
      const work = () =>
        deps.reachability.guard(scanRow.id, stage.subjectOf(task.input), () =>
          stage.run(task.input, {
            task,
            scan: scanRow,
            enqueue: (tasks) => enqueue(scanRow, tasks),
          }),
        );
      const outcome = await (deps.runFor ? deps.runFor(scanRow, work) : work());
      await settle(task, outcome.status, { result: outcome.result, error: outcome.error ?? null });
    } catch (error) {
      if (error instanceof RetryableScanError && !isLastAttempt) throw error;
      // Logged and kept on the task without a failed query's parameters.
      const message = safeErrorMessage(error);
      logger.warn('scan task failed', { taskId, stage: task.stage, err: message });
      await settle(task, 'failed', { error: message });
    }
  }

  return { run, sendJobs, completeIfSettled };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
