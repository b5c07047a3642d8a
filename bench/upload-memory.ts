// `npm run bench`: the server's memory while a 1 GB video uploads through tus (resumable uploads) in chunks.
// The server runs as a child process (embedded database); its resident memory (VmRSS in /proc/<pid>/status)
// is sampled while idle and throughout the upload. Target: peak under 200 MB above idle, since uploads are
// streamed to storage and never held whole. Fails when the target is missed.
//
// Environment:
//   BENCH_UPLOAD_MB        size of the uploaded file in MiB (default 1024)
//   BENCH_UPLOAD_STORAGE   local or s3 (s3: a local S3 stand-in; default local)
//   BENCH_SAMPLE_MS        how often VmRSS is read (default 25)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { UPLOAD_CHUNK_BYTES } from '@shark/contracts/reference-files.ts';
import { startS3StandIn, type S3StandIn } from '../apps/server/src/testing/s3-stand-in.ts';
import {
  PROVIDER,
  ROOT,
  positive,
  rssOf,
  startServerProcess,
  verifiedSession,
  type ServerProcess,
} from './support/server-process.ts';

const MiB = 1024 * 1024;
const TARGET_ABOVE_IDLE = 200 * 1000 * 1000;

const uploadBytes = positive('BENCH_UPLOAD_MB', 1024) * MiB;
const sampleMs = positive('BENCH_SAMPLE_MS', 25);
const storage = (process.env.BENCH_UPLOAD_STORAGE ?? 'local').trim();
if (storage !== 'local' && storage !== 's3')
  throw new Error(`BENCH_UPLOAD_STORAGE=${storage}: expected local or s3`);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

let s3: S3StandIn | undefined;

async function startServer(): Promise<ServerProcess> {
  if (storage !== 's3') return startServerProcess('upload');
  s3 = await startS3StandIn();
  return startServerProcess('upload', {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
}

/** A verified creator, made a Premium subscriber as an operator would: through the CLI and the admin socket. */
async function subscribedSession(server: ServerProcess): Promise<string> {
  const { cookie, email } = await verifiedSession(server);
  await promisify(execFile)(
    'npx',
    ['--no', 'shark', 'users', 'grant', email, '--status', 'subscribed', '--plan', 'premium'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  return cookie;
}

// ----------------------------------------------------------------------------------- upload

/** An MP4 header (the server's content check reads only the start), then filler, produced as it is sent. */
function fileBytes(offset: number, length: number): Generator<Buffer> {
  const header = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const block = randomBytes(MiB);
  return (function* () {
    let at = offset;
    const end = offset + length;
    while (at < end) {
      const take = Math.min(end - at, MiB - (at % MiB));
      const chunk = Buffer.from(block.subarray(at % MiB, (at % MiB) + take));
      if (at < header.length) header.copy(chunk, 0, at, Math.min(header.length, at + take));
      yield chunk;
      at += take;
    }
  })();
}

function tusRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Generator<Buffer>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { 'tus-resumable': '1.0.0', 'x-provider': PROVIDER, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (!body) return void req.end();
    // Written with back-pressure, so this process does not buffer the chunk either.
    const pump = () => {
      for (;;) {
        const next = body.next();
        if (next.done) return void req.end();
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

async function main() {
  console.log(
    `  storage: ${storage}; file: ${mb(uploadBytes)} in requests of ${mb(UPLOAD_CHUNK_BYTES)}`,
  );
  const server = await startServer();
  const cookie = await subscribedSession(server);

  // Idle: signed in, nothing uploading; give start-up work (job queue, sweep) time to settle, then sample.
  await sleep(3000);
  const idleSamples: number[] = [];
  for (let i = 0; i < 40; i++) {
    idleSamples.push(await rssOf(server.pid));
    await sleep(50);
  }
  const idle = Math.max(...idleSamples);

  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(server.pid));
      await sleep(sampleMs);
    }
  })();

  const started = Date.now();
  const created = await tusRequest(`${server.baseUrl}/api/uploads`, 'POST', {
    cookie,
    'upload-length': String(uploadBytes),
    'upload-metadata': `filename ${Buffer.from('bench-video.mp4').toString('base64')}`,
  });
  const location = created.headers.location;
  if (created.status !== 201 || typeof location !== 'string')
    throw new Error(`create: HTTP ${created.status} ${created.text}`);
  let offset = 0;
  while (offset < uploadBytes) {
    const length = Math.min(UPLOAD_CHUNK_BYTES, uploadBytes - offset);
    const patched = await tusRequest(
      `${server.baseUrl}${location}`,
      'PATCH',
      {
        cookie,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
      fileBytes(offset, length),
    );
    if (patched.status !== 204)
      throw new Error(`PATCH at ${offset}: HTTP ${patched.status} ${patched.text}`);
    offset = Number(patched.headers['upload-offset']);
  }
  const seconds = (Date.now() - started) / 1000;
  sampling = false;
  await sampler;

  const list = await fetch(`${server.baseUrl}/api/reference-files`, {
    headers: { cookie, 'x-provider': PROVIDER },
  });
  const files = ((await list.json()) as { files: { receivedBytes: number; status: string }[] })
    .files;
  const file = files[0];
  if (!file || file.receivedBytes !== uploadBytes || file.status === 'uploading') {
    throw new Error(`the upload did not complete: ${JSON.stringify(file)}`);
  }

  const above = peak - idle;
  console.log(
    `  uploaded ${mb(uploadBytes)} in ${seconds.toFixed(1)} s (${mb(uploadBytes / seconds)}/s); file is ${file.status}`,
  );
  console.log(`  server RSS idle:        ${mb(idle)}`);
  console.log(`  server RSS peak:        ${mb(peak)}`);
  console.log(`  peak − idle:            ${mb(above)}  (target: under ${mb(TARGET_ABOVE_IDLE)})`);

  await server.stop();
  await s3?.close();
  if (above >= TARGET_ABOVE_IDLE) {
    console.error(`  FAIL: the server grew by ${mb(above)} while uploading`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
