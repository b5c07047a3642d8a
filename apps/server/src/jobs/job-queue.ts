// The job queue: pg-boss on Shark's own database (its own pool on Postgres, the one PGlite connection
// when embedded), the registry of handlers, and the worker loop that runs them.
//
// One loop per process fetches jobs of every kind in turn and runs at most `concurrency` of them at
// once, so WORKER_CONCURRENCY bounds the whole process, not each kind. pg-boss hands each job to one
// fetcher (FOR UPDATE SKIP LOCKED), records retries with their backoff, and expires runs that outlive
// their timeout, so any number of worker processes can share one Postgres.
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@shark/db/client.ts';
import { describeError, safeErrorMessage, type Logger } from '#server/http/logger.ts';
import {
  InvalidJobPayloadError,
  type JobCatalog,
  type JobContext,
  type JobDefinition,
  type JobHandler,
  type JobInput,
  type JobName,
  type JobPayload,
} from './define-job.ts';
import { pgliteQueueDatabase } from './pglite-queue-database.ts';

export interface JobQueueOptions<C extends JobCatalog> {
  catalog: C;
  database: DatabaseHandle;
  /** On Postgres, pg-boss opens its own pool to the same database. */
  postgres: { url: string; poolSize: number } | null;
  logger: Logger;
  /** null: this process only sends jobs (`npm run start:api`); others run them. */
  workers: {
    concurrency: number;
    /** How often an idle worker looks for jobs sent by other processes (a send in this process wakes it at once). */
    pollingIntervalSeconds?: number;
    /** On stop, in-flight jobs get this long to finish; the rest are released to run again. */
    stopTimeoutSeconds?: number;
  } | null;
}

export interface SendOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** Higher runs first. */
  priority?: number;
  /**
   * At most one job of this stable key per slot of this many seconds, across every process that sends
   * it (pg-boss's singletonSeconds); a second send in the same slot returns null.
   */
  throttleSeconds?: number;
}

export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  data: unknown;
  output: unknown;
}

export interface JobQueue<C extends JobCatalog> {
  /**
   * Validates the payload with the job's schema (throws InvalidJobPayloadError, nothing enqueued) and
   * enqueues it. Returns the job id, or null when a job with the same stable key is already waiting.
   * On the embedded database, do not call it inside a database transaction: the one connection is
   * held by the transaction, so send after it commits.
   */
  send<N extends JobName<C>>(
    name: N,
    payload: JobInput<C, N>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Registers the one handler of a job; a second handler, or a job not in the catalog, throws. */
  handle<N extends JobName<C>>(name: N, handler: JobHandler<JobPayload<C, N>>): void;
  /** Installs or migrates the queue's tables, creates the queues and starts the workers. */
  start(): Promise<void>;
  /** Stops taking jobs, lets in-flight ones finish (or releases them after the stop timeout). */
  stop(): Promise<void>;
  /** One job as the queue records it, for status pages and tests. */
  getJob(name: JobName<C>, id: string): Promise<JobRecord | null>;
  readonly runsWorkers: boolean;
}

const DEFAULT_POLLING_SECONDS = 2;
const DEFAULT_STOP_TIMEOUT_SECONDS = 25;
const RELEASED_ON_STOP = 'The worker stopped before this job finished; it will run again.';

interface Running {
  name: string;
  id: string;
  done: Promise<void>;
}

export function createJobQueue<C extends JobCatalog>(options: JobQueueOptions<C>): JobQueue<C> {
  const { catalog, database, logger, workers } = options;
  const definitions = new Map<string, JobDefinition>();
  for (const definition of catalog) {
    if (definitions.has(definition.name))
      throw new Error(`Job ${definition.name} is defined twice.`);
    definitions.set(definition.name, definition);
  }
  const handlers = new Map<string, JobHandler<unknown>>();

  const boss = new PgBoss({
    ...(database.native.driver === 'pglite'
      ? { db: pgliteQueueDatabase(database.native.client) }
      : {
          connectionString: options.postgres?.url ?? missingPostgresUrl(),
          max: Math.max(
            2,
            Math.min(options.postgres?.poolSize ?? 10, (workers?.concurrency ?? 0) + 2),
          ),
          application_name: 'shark-jobs',
        }),
    migrate: true,
    // Expiring, archiving and deleting old jobs is the workers' business.
    supervise: workers !== null,
    schedule: false,
  });
  boss.on('error', (error) => logger.warn('job queue error', { error: error.message }));

  let started = false;
  let stopping = false;
  let loopDone: Promise<void> = Promise.resolve();
  const running = new Map<string, Running>();
  let wakeRequested = false;
  let wakeUp: (() => void) | null = null;
  let cursor = 0;
  /**
   * A kind found empty is not asked again until a job of it is sent here or the polling interval
   * passes (jobs sent by other processes wait that long, as they do for an idle worker); otherwise each
   * job fetched cost a query for every empty kind passed over on the way to it.
   */
  const emptyUntil = new Map<string, number>();
  /** Jobs sent here, by kind: a send during a fetch that found nothing must not mark its kind empty. */
  const sentCount = new Map<string, number>();

  function wake(): void {
    wakeRequested = true;
    wakeUp?.();
  }

  function idle(milliseconds: number): Promise<void> {
    if (wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, milliseconds);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  /**
   * Up to `limit` jobs (the free slots) of the next kind that has any, taking kinds in turn so that a
   * busy one does not starve the others; one query fills several slots at once.
   */
  async function fetchNext(
    limit: number,
    pollMilliseconds: number,
  ): Promise<{ definition: JobDefinition; jobs: PgBoss.JobWithMetadata<unknown>[] } | null> {
    const names = [...definitions.keys()];
    for (let i = 0; i < names.length; i++) {
      const name = names[(cursor + i) % names.length]!;
      if ((emptyUntil.get(name) ?? 0) > Date.now()) continue;
      const sentBefore = sentCount.get(name) ?? 0;
      const jobs = await boss.fetch<unknown>(name, { batchSize: limit, includeMetadata: true });
      if (jobs.length > 0) {
        cursor = (cursor + i + 1) % names.length;
        emptyUntil.delete(name);
        return { definition: definitions.get(name)!, jobs };
      }
      if ((sentCount.get(name) ?? 0) === sentBefore)
        emptyUntil.set(name, Date.now() + pollMilliseconds);
    }
    return null;
  }

  async function run(
    definition: JobDefinition,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    const { name } = definition;
    const attempt = job.retryCount + 1;
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      // Sent by an older version or by hand: running it again will not make it valid.
      logger.error('job payload is invalid', {
        job: name,
        jobId: job.id,
        issues: parsed.error.issues.map((i) => i.message),
      });
      await boss
        .fail(name, job.id, { message: 'payload does not match the job schema' })
        .catch(() => undefined);
      return;
    }
    const handler = handlers.get(name)!;
    const context: JobContext = {
      jobId: job.id,
      attempt,
      maxAttempts: job.retryLimit + 1,
      isLastAttempt: job.retryCount >= job.retryLimit,
      logger,
    };
    const outcome = Promise.resolve()
      .then(() => handler(parsed.data, context))
      .then(
        (output) => ({ ok: true as const, output }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), definition.timeoutSeconds * 1000);
    });
    const first = await Promise.race([outcome, timedOut]);
    clearTimeout(timer);
    try {
      if (first === 'timeout') {
        logger.error('job timed out', {
          job: name,
          jobId: job.id,
          attempt,
          timeoutSeconds: definition.timeoutSeconds,
        });
        await boss.fail(name, job.id, {
          message: `timed out after ${definition.timeoutSeconds} s`,
        });
        // The slot stays taken until the handler really ends, so the process never runs more than its share.
        await outcome;
      } else if (first.ok) {
        await boss.complete(name, job.id, first.output ?? undefined);
        logger.debug('job completed', { job: name, jobId: job.id, attempt });
      } else {
        // Logged and kept in the queue's table without a failed query's parameters (user data).
        const message = safeErrorMessage(first.error);
        const details = { job: name, jobId: job.id, attempt, error: message };
        if (context.isLastAttempt) logger.error('job failed for good', details);
        else logger.warn('job failed; it will be retried', details);
        await boss.fail(name, job.id, {
          message,
          ...(first.error instanceof Error ? { stack: describeError(first.error).stack } : {}),
        });
      }
    } catch (error) {
      // The database is gone (shutting down); pg-boss's expiry hands the job out again.
      logger.warn('could not record the end of a job', {
        job: name,
        jobId: job.id,
        error: (error as Error).message,
      });
    }
  }

  async function loop(concurrency: number, pollMilliseconds: number): Promise<void> {
    while (!stopping) {
      wakeRequested = false;
      if (running.size < concurrency) {
        const next = await fetchNext(concurrency - running.size, pollMilliseconds).catch(
          (error: unknown) => {
            logger.warn('could not fetch jobs', { error: (error as Error).message });
            return null;
          },
        );
        if (next) {
          const { definition } = next;
          for (const job of next.jobs) {
            const done = run(definition, job).finally(() => {
              running.delete(job.id);
              wake();
            });
            running.set(job.id, { name: definition.name, id: job.id, done });
          }
          continue;
        }
      }
      await idle(pollMilliseconds);
    }
  }

  return {
    runsWorkers: workers !== null,

    async send(name, payload, sendOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No job is named ${name}.`);
      const parsed = definition.payload.safeParse(payload);
      if (!parsed.success) {
        throw new InvalidJobPayloadError(
          name,
          parsed.error.issues.map(
            (issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`,
          ),
        );
      }
      const data = parsed.data as object;
      const id = await boss.send(name, data, {
        retryLimit: definition.retry.limit,
        retryDelay: definition.retry.delaySeconds,
        retryBackoff: definition.retry.backoff,
        expireInSeconds: definition.timeoutSeconds,
        ...(definition.stableKey ? { singletonKey: definition.stableKey(data) } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
        ...(sendOptions.throttleSeconds ? { singletonSeconds: sendOptions.throttleSeconds } : {}),
      });
      if (id && workers) {
        sentCount.set(name, (sentCount.get(name) ?? 0) + 1);
        emptyUntil.delete(name);
        wake();
      }
      return id;
    },

    handle(name, handler) {
      if (!definitions.has(name)) throw new Error(`No job is named ${name}.`);
      if (handlers.has(name)) throw new Error(`Job ${name} has two handlers.`);
      handlers.set(name, handler as JobHandler<unknown>);
    },

    async start() {
      if (started) return;
      const missing = [...definitions.keys()].filter((name) => !handlers.has(name));
      if (missing.length > 0) throw new Error(`No handler for job ${missing.join(', ')}.`);
      await boss.start();
      for (const definition of definitions.values()) {
        const queue: PgBoss.Queue = {
          name: definition.name,
          policy: definition.stableKey ? 'short' : 'standard',
          retryLimit: definition.retry.limit,
          retryDelay: definition.retry.delaySeconds,
          retryBackoff: definition.retry.backoff,
          expireInSeconds: definition.timeoutSeconds,
        };
        await boss.createQueue(definition.name, queue);
        // A queue made by an older version keeps its row: bring its defaults up to date.
        await boss.updateQueue(definition.name, queue);
      }
      started = true;
      if (workers) {
        loopDone = loop(
          workers.concurrency,
          (workers.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS) * 1000,
        );
      }
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      wake();
      await loopDone;
      const timeout = (workers?.stopTimeoutSeconds ?? DEFAULT_STOP_TIMEOUT_SECONDS) * 1000;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running.values()].map((r) => r.done)),
        new Promise((resolve) => (timer = setTimeout(resolve, timeout))),
      ]);
      clearTimeout(timer);
      for (const unfinished of running.values()) {
        logger.warn('releasing an unfinished job', { job: unfinished.name, jobId: unfinished.id });
        await boss
          .fail(unfinished.name, unfinished.id, { message: RELEASED_ON_STOP })
          .catch(() => undefined);
      }
      await boss.stop({ graceful: false, close: true, wait: true });
    },

    async getJob(name, id) {
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        retryCount: job.retryCount,
        data: job.data,
        output: job.output,
      };
    },
  };
}

function missingPostgresUrl(): never {
  throw new Error('The job queue on Postgres needs the database URL.');
}
