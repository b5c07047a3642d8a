// Fingerprinting on several cores: a pool of worker threads, each running the engine's fingerprint
// functions, so that a batch of files uses every core and a server's event loop stays responsive.
// Same results as calling the functions directly; errors keep their class (ImageDecodeError, ...).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  FINGERPRINT_JOBS,
  type FingerprintJobKind,
  type FingerprintJobs,
} from './fingerprint-jobs.ts';
import type { JobMessage, ResultMessage } from './fingerprint-worker.ts';
import { UnreadablePictureError } from '../likeness/face-search.ts';
import { ImageDecodeError } from './image-fingerprint.ts';
import { FfmpegMissingError, UnsupportedVideoError } from './video.ts';

const FACE_JOBS = new Set<FingerprintJobKind>(['pictureFaces', 'videoFaces']);

export interface FingerprintPoolOptions {
  /** Worker threads; 0 runs every job on the calling thread. Default: one per core, at most 8. */
  threads?: number;
  /**
   * How long the face networks stay loaded with no face job: then the thread holding them is stopped
   * once it has no job, and the next face job loads them again on a fresh thread. Default 5 minutes.
   */
  faceIdleMs?: number;
}

/** A few seconds to load again, against ~110 MB kept for a server that enrolled one face. */
const FACE_IDLE_MS = 5 * 60_000;

/** Rebuilds an error of a known class from its name and message, as the worker sent them. */
function reviveError(error: { name: string; message: string }): Error {
  const classes: Record<string, new (message: string) => Error> = {
    ImageDecodeError,
    UnsupportedVideoError,
    UnreadablePictureError,
  };
  if (error.name === 'FfmpegMissingError') return new FfmpegMissingError();
  const Class = classes[error.name];
  const revived = Class ? new Class(error.message) : new Error(error.message);
  if (!Class) revived.name = error.name;
  return revived;
}

/**
 * Set when the server runs compiled (scripts/build-server.mjs): the threads' code compiled alongside.
 * From source, the threads load the TypeScript through tsx.
 */
declare const __SHARK_FINGERPRINT_WORKER__: string | undefined;
const WORKER_ENTRY =
  typeof __SHARK_FINGERPRINT_WORKER__ === 'string'
    ? new URL(__SHARK_FINGERPRINT_WORKER__)
    : new URL('./fingerprint-worker-entry.mjs', import.meta.url);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

class PoolThread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();

  constructor(onExit: (thread: PoolThread, error: Error) => void) {
    this.worker = new Worker(WORKER_ENTRY, {
      // A fingerprint's pictures are short-lived: a young generation this small collects them (and frees
      // the buffers they hold) several times as often as the default, keeping ~25 MB less per thread
      // resident at no measurable cost in speed (bench/scan-10k.ts).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.worker.unref();
    this.worker.on('message', (message: ResultMessage) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.ok) pending.resolve(message.result);
      else pending.reject(reviveError(message.error));
    });
    this.worker.on('error', (error) => onExit(this, error));
    this.worker.on('exit', (code) =>
      onExit(this, new Error(`fingerprint worker stopped (exit code ${code})`)),
    );
  }

  run(job: JobMessage): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      // A thread with work keeps the process alive until the answer arrives.
      this.worker.ref();
      this.worker.postMessage(job);
    });
  }
}

export class FingerprintPool implements FingerprintJobs {
  readonly threads: number;
  private readonly pool: PoolThread[] = [];
  private faces: PoolThread | null = null;
  private faceJobs = 0;
  private faceIdle: NodeJS.Timeout | null = null;
  private readonly faceIdleMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: FingerprintPoolOptions = {}) {
    this.threads = Math.max(0, Math.floor(options.threads ?? Math.min(availableParallelism(), 8)));
    this.faceIdleMs = options.faceIdleMs ?? FACE_IDLE_MS;
  }

  /** Whether a thread of the pool holds the face networks (or is about to load them). */
  get hasFaceThread(): boolean {
    return this.faces !== null && this.pool.includes(this.faces);
  }

  referenceImage = (input: string | Uint8Array) =>
    this.run('referenceImage', input) as ReturnType<FingerprintJobs['referenceImage']>;
  candidateImage = (input: string | Uint8Array) =>
    this.run('candidateImage', input) as ReturnType<FingerprintJobs['candidateImage']>;
  referenceVideo = (file: string) =>
    this.run('referenceVideo', file) as ReturnType<FingerprintJobs['referenceVideo']>;
  candidateVideo = (file: string) =>
    this.run('candidateVideo', file) as ReturnType<FingerprintJobs['candidateVideo']>;
  pictureFaces = (input: Uint8Array) =>
    this.run('pictureFaces', input) as ReturnType<FingerprintJobs['pictureFaces']>;
  videoFaces = (file: string) =>
    this.run('videoFaces', file) as ReturnType<FingerprintJobs['videoFaces']>;

  private run(kind: FingerprintJobKind, input: string | Uint8Array): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The fingerprint pool is closed.'));
    if (this.threads === 0)
      return (FINGERPRINT_JOBS[kind] as (i: string | Uint8Array) => Promise<unknown>)(input);
    if (!FACE_JOBS.has(kind)) return this.leastBusy().run({ id: this.nextId++, kind, input });
    this.faceJobs++;
    this.cancelFaceIdle();
    const done = this.faceThread().run({ id: this.nextId++, kind, input });
    const settled = () => {
      this.faceJobs--;
      if (this.faceJobs === 0) this.armFaceIdle();
    };
    done.then(settled, settled);
    return done;
  }

  private cancelFaceIdle(): void {
    if (this.faceIdle) clearTimeout(this.faceIdle);
    this.faceIdle = null;
  }

  private armFaceIdle(): void {
    this.cancelFaceIdle();
    if (this.closed) return;
    this.faceIdle = setTimeout(() => this.retireFaceThread(), this.faceIdleMs);
    this.faceIdle.unref();
  }

  /**
   * Stops the thread holding the face networks: the WebAssembly memory they grew is only given back
   * to the system with the thread. A thread still busy with other jobs is looked at again later.
   */
  private retireFaceThread(): void {
    this.faceIdle = null;
    const thread = this.faces;
    if (!thread || this.faceJobs > 0 || !this.pool.includes(thread)) return;
    if (thread.pending.size > 0) {
      this.armFaceIdle();
      return;
    }
    this.faces = null;
    this.pool.splice(this.pool.indexOf(thread), 1);
    void thread.worker.terminate();
  }

  /**
   * Face jobs all go to one thread of the pool, the first (started if none is): the face networks
   * take about a hundred MB in the thread that loads them, so only one thread does, no thread is
   * added for them, and a pool that never sees a face job never pays for them.
   */
  private faceThread(): PoolThread {
    if (this.faces && this.pool.includes(this.faces)) return this.faces;
    this.faces = this.pool[0] ?? this.leastBusy();
    return this.faces;
  }

  /** Threads start on first use; a job goes to the thread with the fewest jobs waiting. */
  private leastBusy(): PoolThread {
    if (this.pool.length < this.threads) {
      const idle = this.pool.find((t) => t.pending.size === 0);
      if (idle) return idle;
      const thread = new PoolThread((t, error) => this.onThreadExit(t, error));
      this.pool.push(thread);
      return thread;
    }
    return this.pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  /** A thread that dies fails its own jobs only; the next job starts a fresh thread. */
  private onThreadExit(thread: PoolThread, error: Error): void {
    const index = this.pool.indexOf(thread);
    if (index >= 0) this.pool.splice(index, 1);
    if (this.faces === thread) this.faces = null;
    this.failAll(thread, error);
  }

  private failAll(thread: PoolThread, error: Error): void {
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelFaceIdle();
    const threads = this.pool.splice(0);
    this.faces = null;
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

/**
 * Runs `work` over `items` with at most `window` in flight, yielding the results in the items' order:
 * memory stays bounded however many items there are.
 */
export async function* mapOrdered<T, R>(
  items: AsyncIterable<T> | Iterable<T>,
  window: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const inFlight: Promise<R>[] = [];
  for await (const item of items) {
    const promise = work(item);
    promise.catch(() => undefined); // handled when its turn comes
    inFlight.push(promise);
    if (inFlight.length >= window) yield await inFlight.shift()!;
  }
  while (inFlight.length > 0) yield await inFlight.shift()!;
}
