// A fingerprint pool thread: runs the job it is sent and posts back the result or the error.
import { parentPort } from 'node:worker_threads';
import { FINGERPRINT_JOBS, transferablesOf, type FingerprintJobKind } from './fingerprint-jobs.ts';

export interface JobMessage {
  id: number;
  kind: FingerprintJobKind;
  input: string | Uint8Array;
}

export type ResultMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

if (!parentPort)
  throw new Error('fingerprint-worker.ts runs as a worker thread of a FingerprintPool');
const port = parentPort;

port.on('message', (job: JobMessage) => {
  const run = FINGERPRINT_JOBS[job.kind] as (input: string | Uint8Array) => Promise<unknown>;
  run(job.input).then(
    (result) =>
      port.postMessage(
        { id: job.id, ok: true, result } satisfies ResultMessage,
        transferablesOf(result),
      ),
    (error: unknown) => {
      const { name, message } =
        error instanceof Error ? error : { name: 'Error', message: String(error) };
      port.postMessage({ id: job.id, ok: false, error: { name, message } } satisfies ResultMessage);
    },
  );
});
