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

export const jobCatalog = [fingerprintReferenceFileJob] as const;

export type SharkJobCatalog = typeof jobCatalog;
