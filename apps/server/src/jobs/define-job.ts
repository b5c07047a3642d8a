// What a kind of job is: its name, the zod schema of its payload, and how it is retried.
import type { z } from 'zod';
import type { Logger } from '#server/http/logger.ts';

export interface RetryPolicy {
  /** Runs after the first one fails (0: never retried). */
  limit: number;
  /** Wait before a retry; with `backoff`, the base of an exponential wait with jitter. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  name: Name;
  payload: Schema;
  retry: RetryPolicy;
  /** A run taking longer counts as failed (and is retried), so a dead worker never holds a job for good. */
  timeoutSeconds: number;
  /**
   * A stable key from the payload: while a job with this key waits to run, sending another is a no-op
   * (pg-boss's `short` queue policy).
   */
  stableKey?: (payload: z.output<Schema>) => string;
}

export function defineJob<const Name extends string, Schema extends z.ZodType>(
  definition: JobDefinition<Name, Schema>,
): JobDefinition<Name, Schema> {
  return definition;
}

export type JobCatalog = readonly JobDefinition<string, z.ZodType>[];
export type JobName<C extends JobCatalog> = C[number]['name'];
type DefinitionOf<C extends JobCatalog, N extends JobName<C>> = Extract<C[number], { name: N }>;
/** What a sender passes. */
export type JobInput<C extends JobCatalog, N extends JobName<C>> = z.input<
  DefinitionOf<C, N>['payload']
>;
/** What the handler receives, after the schema has parsed it. */
export type JobPayload<C extends JobCatalog, N extends JobName<C>> = z.output<
  DefinitionOf<C, N>['payload']
>;

export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  maxAttempts: number;
  /** No retry follows when this run fails: a handler records its final failure here. */
  isLastAttempt: boolean;
  logger: Logger;
}

/** Returns what is kept as the job's output (or nothing); throws to fail the run (retried per policy). */
export type JobHandler<Payload> = (
  payload: Payload,
  context: JobContext,
) => Promise<Record<string, unknown> | void>;

/** A payload that does not match its job's schema: a bug in the sender; the job is not enqueued. */
export class InvalidJobPayloadError extends Error {
  override readonly name = 'InvalidJobPayloadError';
  constructor(
    readonly job: string,
    readonly issues: string[],
  ) {
    super(`Payload of job ${job} is invalid: ${issues.join('; ')}`);
  }
}
