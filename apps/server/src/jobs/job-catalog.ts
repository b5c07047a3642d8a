// Every kind of job Shark runs, each defined once; handlers are registered in services.ts, and start-up
// fails when one has no handler or two.
import { z } from 'zod';
import { defineJob } from './define-job.ts';

/** Fingerprints and thumbnails an uploaded reference file once all its bytes are in (status 'queued'). */
export const fingerprintReferenceFileJob = defineJob({
  name: 'reference-file.fingerprint',
  payload: z.object({ fileId: z.string().min(1).max(200) }),
  retry: { limit: 4, delaySeconds: 15, backoff: true },
  // A long video is sampled at 2 frames a second: generous, since a run past this is retried.
  timeoutSeconds: 30 * 60,
  stableKey: ({ fileId }) => fileId,
});

/** Plans a scan's work as task rows (decision 0011). */
export const startScanJob = defineJob({
  name: 'scan.start',
  payload: z.object({ scanId: z.string().min(1).max(200) }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  timeoutSeconds: 5 * 60,
  stableKey: ({ scanId }) => scanId,
});

const taskPayload = z.object({ taskId: z.string().min(1).max(200) });

/** One query to a discovery source, or one catalog search or listing page. */
export const discoverJob = defineJob({
  name: 'scan.discover',
  payload: taskPayload,
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  timeoutSeconds: 3 * 60,
  stableKey: ({ taskId }) => taskId,
});

/** One username variant on one social network (impersonation). */
export const profileJob = defineJob({
  name: 'scan.profile',
  payload: taskPayload,
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  timeoutSeconds: 3 * 60,
  stableKey: ({ taskId }) => taskId,
});

/** One page: fetched, its media listed, its text checked for the creator's names. */
export const fetchPageJob = defineJob({
  name: 'scan.fetch',
  payload: taskPayload,
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  timeoutSeconds: 3 * 60,
  stableKey: ({ taskId }) => taskId,
});

/** One picture or video: fetched and matched against the creator's reference files. */
export const matchMediaJob = defineJob({
  name: 'scan.match',
  payload: taskPayload,
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  // A video is fingerprinted frame by frame.
  timeoutSeconds: 10 * 60,
  stableKey: ({ taskId }) => taskId,
});

export const jobCatalog = [fingerprintReferenceFileJob, startScanJob, discoverJob, profileJob, fetchPageJob, matchMediaJob] as const;

export type SharkJobCatalog = typeof jobCatalog;
