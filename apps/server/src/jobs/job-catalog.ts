// Every kind of job Shark runs, each defined once; handlers come from the feature modules (app/), and start-up
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

/** One address the creator reported (Report Leaks): fetched, matched, recorded as a finding she confirmed. */
export const reportFetchJob = defineJob({
  name: 'report.fetch',
  payload: z.object({ reportedUrlId: z.string().min(1).max(200) }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  // A page with several videos is fingerprinted frame by frame.
  timeoutSeconds: 10 * 60,
  stableKey: ({ reportedUrlId }) => reportedUrlId,
});

/** One check of a taken-down URL (takedown lifecycle): gone → removed; else the next check, with backoff. */
export const verifyTakedownJob = defineJob({
  name: 'takedown.verify',
  // check: the checks done when it was sent, so a check is made once however often the sweep sends it.
  payload: z.object({ takedownId: z.string().min(1).max(200), check: z.number().int().min(0) }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  // The page's videos are fingerprinted frame by frame.
  timeoutSeconds: 10 * 60,
  stableKey: ({ takedownId, check }) => `${takedownId}:${check}`,
});

/** A takedown whose response window passed or whose recipient refused: no_response, escalated or closed. */
export const escalateTakedownJob = defineJob({
  name: 'takedown.escalate',
  payload: z.object({ takedownId: z.string().min(1).max(200) }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  timeoutSeconds: 2 * 60,
  stableKey: ({ takedownId }) => takedownId,
});

// --- Enforcement (features/takedowns, decision 0012) ---

/** Who can remove a takedown's URL (catalog, DNS, RDAP, CDN ranges), written once as its recipients. */
export const resolveRecipientsJob = defineJob({
  name: 'takedown.resolve',
  payload: z.object({ takedownId: z.string().min(1).max(200) }),
  // RDAP or DNS down for a while: about half an hour of retries before the takedown closes without recipients.
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  timeoutSeconds: 5 * 60,
  stableKey: ({ takedownId }) => takedownId,
});

/** One notice per creator and recipient address, grouping every takedown of hers waiting for it. */
export const notifyRecipientJob = defineJob({
  name: 'takedown.notify',
  payload: z.object({ userId: z.string().min(1).max(200), address: z.string().min(1).max(4096) }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  timeoutSeconds: 5 * 60,
  stableKey: ({ userId, address }) => `${userId} ${address}`,
});

/** One e-mailed notice from the outbox; its own attempts and backoff live in the row, not in the job. */
export const sendOutboxJob = defineJob({
  name: 'outbox.send',
  payload: z.object({ outboxId: z.string().min(1).max(200) }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  // A slow mail server keeps the claim alive; past this the job is retried and finds the claim held.
  timeoutSeconds: 15 * 60,
  stableKey: ({ outboxId }) => outboxId,
});

/** Each search engine's delisting file of one UTC day. */
export const delistingBatchJob = defineJob({
  name: 'delisting.batch',
  payload: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  timeoutSeconds: 10 * 60,
  stableKey: ({ day }) => day,
});

/** A notification's e-mail (features/notifications): sent once per notification, if her choice is still on. */
export const notificationEmailJob = defineJob({
  name: 'notification.email',
  payload: z.object({ notificationId: z.string().min(1).max(200) }),
  // A mail server down for a while: about an hour of retries.
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  timeoutSeconds: 5 * 60,
  stableKey: ({ notificationId }) => notificationId,
});

/** Tells the team's inbox (SUPPORT_INBOX) of a new support request. */
export const supportInboxMailJob = defineJob({
  name: 'support.inbox-mail',
  payload: z.object({ requestId: z.string().min(1).max(200) }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  timeoutSeconds: 5 * 60,
  stableKey: ({ requestId }) => requestId,
});

/**
 * One run of a periodic sweep (jobs/schedules.ts): sent at most once per interval across every worker
 * process, so the sweep runs on one of them. A failed run is not retried: the next interval runs it again.
 */
export const runScheduleJob = defineJob({
  name: 'schedule.run',
  payload: z.object({ schedule: z.string().min(1).max(100) }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 15 * 60,
  stableKey: ({ schedule }) => schedule,
});

export const jobCatalog = [
  fingerprintReferenceFileJob,
  startScanJob,
  discoverJob,
  profileJob,
  fetchPageJob,
  matchMediaJob,
  reportFetchJob,
  verifyTakedownJob,
  escalateTakedownJob,
  resolveRecipientsJob,
  notifyRecipientJob,
  sendOutboxJob,
  delistingBatchJob,
  notificationEmailJob,
  supportInboxMailJob,
  runScheduleJob,
] as const;

export type SharkJobCatalog = typeof jobCatalog;
