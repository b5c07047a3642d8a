// A local S3 stand-in for tests: path-style S3 REST over node:http with S3's XML shapes, for the calls Shark makes
// (objects, multipart uploads with ListParts and Abort, batch delete). s3rver lacks ListParts and
// AbortMultipartUpload, which the resumable-upload store needs. Bodies are kept on disk, not in memory.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface StoredBody {
  path: string;
  size: number;
  etag: string;
}

interface StoredObject extends StoredBody {
  contentType: string;
  metadata: Record<string, string>;
  lastModified: Date;
}

interface MultipartUpload {
  key: string;
  initiated: Date;
  contentType: string;
  metadata: Record<string, string>;
  parts: Map<number, StoredBody & { lastModified: Date }>;
}

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys of the objects in the bucket, sorted. */
  keys(): string[];
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads(): { key: string; uploadId: string }[];
  /** Every request the stand-in answered, as "METHOD path?query" lines, for assertions. */
  requests: string[];
  close(): Promise<void>;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

const xmlEscape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
const xmlUnescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, '&');
const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
const tag = (name: string, value: string | number | boolean) =>
  `<${name}>${xmlEscape(String(value))}</${name}>`;
const allTags = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1] ?? '');

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource = '',
  ) {
    super(message);
  }
}

/**
 * Undoes `Content-Encoding: aws-chunked` (SigV4 streaming and unsigned-trailer payloads):
 * `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n\r\n`.
 */
function awsChunkedDecoder(): Transform {
  let buffer = Buffer.alloc(0);
  let remaining = 0;
  let state: 'size' | 'data' | 'crlf' | 'trailers' = 'size';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (state === 'size') {
          const end = buffer.indexOf('\r\n');
          if (end < 0) break;
          const line = buffer.subarray(0, end).toString('latin1');
          buffer = buffer.subarray(end + 2);
          remaining = Number.parseInt(line.split(';')[0] ?? '', 16);
          if (!Number.isFinite(remaining))
            return callback(new S3Failure(400, 'IncompleteBody', 'Bad aws-chunked size line.'));
          state = remaining === 0 ? 'trailers' : 'data';
        } else if (state === 'data') {
          if (buffer.length === 0) break;
          const take = Math.min(remaining, buffer.length);
          this.push(buffer.subarray(0, take));
          buffer = buffer.subarray(take);
          remaining -= take;
          if (remaining === 0) state = 'crlf';
        } else if (state === 'crlf') {
          if (buffer.length < 2) break;
          buffer = buffer.subarray(2);
          state = 'size';
        } else {
          // Trailing checksums are not verified; what follows the last chunk is dropped.
          buffer = Buffer.alloc(0);
          break;
        }
      }
      callback();
    },
  });
}

export async function startS3StandIn(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'shark-test';
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-access-key';
  const folder = await mkdtemp(join(tmpdir(), 'shark-s3-stand-in-'));
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  const requests: string[] = [];

  async function receiveBody(req: IncomingMessage): Promise<StoredBody> {
    const path = join(folder, randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const chunked =
      (req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
      String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
    if (chunked) await pipeline(req, awsChunkedDecoder(), counter, createWriteStream(path));
    else await pipeline(req, counter, createWriteStream(path));
    const declared = req.headers['x-amz-decoded-content-length'];
    if (declared !== undefined && Number(declared) !== size) {
      await rm(path, { force: true });
      throw new S3Failure(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
      );
    }
    return { path, size, etag: `"${md5.digest('hex')}"` };
  }

  async function readText(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  const metadataOf = (req: IncomingMessage) =>
    Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => name.startsWith('x-amz-meta-'))
        .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
    );

  function objectHeaders(object: StoredObject): Record<string, string> {
    return {
      'content-type': object.contentType,
      'content-length': String(object.size),
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      ...Object.fromEntries(
        Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
      ),
    };
  }

  async function removeObject(key: string) {
    const existing = objects.get(key);
    objects.delete(key);
    if (existing) await rm(existing.path, { force: true });
  }

  function uploadOf(uploadId: string, key: string): MultipartUpload {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      throw new S3Failure(
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        key,
      );
    }
    return upload;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const authorization = req.headers.authorization ?? '';
    if (!authorization.includes(`Credential=${accessKeyId}/`)) {
      throw new S3Failure(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (decodeURIComponent(bucketName) !== bucket)
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist.', bucketName);
    const query = url.searchParams;
    const send = (status: number, body: string | null, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(),
        ...(body ? { 'content-type': 'application/xml' } : {}),
        ...headers,
      });
      res.end(body ?? undefined);
    };

    if (!key) {
      // Bucket-level calls.
      if (method === 'POST' && query.has('delete')) {
        const body = await readText(req);
        const keys = allTags(body, 'Key').map(xmlUnescape);
        for (const k of keys) await removeObject(k);
        const quiet = allTags(body, 'Quiet')[0] === 'true';
        return send(
          200,
          xml(
            'DeleteResult',
            quiet ? '' : keys.map((k) => `<Deleted>${tag('Key', k)}</Deleted>`).join(''),
          ),
        );
      }
      if (method === 'GET' && query.has('uploads')) {
        const list = [...uploads.entries()].sort(([, a], [, b]) => a.key.localeCompare(b.key));
        return send(
          200,
          xml(
            'ListMultipartUploadsResult',
            tag('Bucket', bucket) +
              tag('KeyMarker', '') +
              tag('UploadIdMarker', '') +
              tag('MaxUploads', 1000) +
              tag('IsTruncated', false) +
              list
                .map(
                  ([id, upload]) =>
                    `<Upload>${tag('Key', upload.key)}${tag('UploadId', id)}${tag('Initiated', upload.initiated.toISOString())}${tag('StorageClass', 'STANDARD')}</Upload>`,
                )
                .join(''),
          ),
        );
      }
      if (method === 'GET') {
        const prefix = query.get('prefix') ?? '';
        const matching = [...objects.entries()]
          .filter(([k]) => k.startsWith(prefix))
          .sort(([a], [b]) => a.localeCompare(b));
        return send(
          200,
          xml(
            'ListBucketResult',
            tag('Name', bucket) +
              tag('Prefix', prefix) +
              tag('KeyCount', matching.length) +
              tag('MaxKeys', 1000) +
              tag('IsTruncated', false) +
              matching
                .map(
                  ([k, o]) =>
                    `<Contents>${tag('Key', k)}${tag('LastModified', o.lastModified.toISOString())}${tag('ETag', o.etag)}${tag('Size', o.size)}${tag('StorageClass', 'STANDARD')}</Contents>`,
                )
                .join(''),
          ),
        );
      }
      if (method === 'HEAD') return send(200, null);
      throw new S3Failure(
        501,
        'NotImplemented',
        'A header or parameter you provided implies functionality that is not implemented.',
      );
    }

    if (method === 'POST' && query.has('uploads')) {
      const uploadId = randomBytes(24).toString('base64url');
      uploads.set(uploadId, {
        key,
        initiated: new Date(),
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        metadata: metadataOf(req),
        parts: new Map(),
      });
      return send(
        200,
        xml(
          'InitiateMultipartUploadResult',
          tag('Bucket', bucket) + tag('Key', key) + tag('UploadId', uploadId),
        ),
      );
    }

    if (method === 'PUT' && query.has('uploadId')) {
      const upload = uploadOf(query.get('uploadId') ?? '', key);
      const partNumber = Number(query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Failure(
          400,
          'InvalidArgument',
          'Part number must be an integer between 1 and 10000, inclusive.',
        );
      }
      const body = await receiveBody(req);
      const previous = upload.parts.get(partNumber);
      if (previous) await rm(previous.path, { force: true });
      upload.parts.set(partNumber, { ...body, lastModified: new Date() });
      return send(200, null, { etag: body.etag });
    }

    if (method === 'GET' && query.has('uploadId')) {
      const uploadId = query.get('uploadId') ?? '';
      const upload = uploadOf(uploadId, key);
      const marker = Number(query.get('part-number-marker') ?? 0);
      const maxParts = Number(query.get('max-parts') ?? 1000);
      const all = [...upload.parts.entries()].filter(([n]) => n > marker).sort(([a], [b]) => a - b);
      const page = all.slice(0, maxParts);
      const truncated = all.length > page.length;
      return send(
        200,
        xml(
          'ListPartsResult',
          tag('Bucket', bucket) +
            tag('Key', key) +
            tag('UploadId', uploadId) +
            tag('PartNumberMarker', marker) +
            tag('NextPartNumberMarker', page.at(-1)?.[0] ?? marker) +
            tag('MaxParts', maxParts) +
            tag('IsTruncated', truncated) +
            tag('StorageClass', 'STANDARD') +
            page
              .map(
                ([n, part]) =>
                  `<Part>${tag('PartNumber', n)}${tag('LastModified', part.lastModified.toISOString())}${tag('ETag', part.etag)}${tag('Size', part.size)}</Part>`,
              )
              .join(''),
        ),
      );
    }

    if (method === 'POST' && query.has('uploadId')) {
      const uploadId = query.get('uploadId') ?? '';
      const upload = uploadOf(uploadId, key);
      const body = await readText(req);
      const requested = allTags(body, 'Part').map((part) => ({
        partNumber: Number(allTags(part, 'PartNumber')[0]),
        etag: xmlUnescape(allTags(part, 'ETag')[0] ?? ''),
      }));
      if (requested.length === 0)
        throw new S3Failure(
          400,
          'MalformedXML',
          'The XML you provided was not well-formed or did not validate against our published schema.',
        );
      const chosen: (StoredBody & { lastModified: Date })[] = [];
      let previousNumber = 0;
      for (const [index, { partNumber, etag }] of requested.entries()) {
        if (partNumber <= previousNumber)
          throw new S3Failure(
            400,
            'InvalidPartOrder',
            'The list of parts was not in ascending order.',
          );
        previousNumber = partNumber;
        const part = upload.parts.get(partNumber);
        const normalise = (e: string) => e.replace(/"/g, '');
        if (!part || normalise(part.etag) !== normalise(etag)) {
          throw new S3Failure(
            400,
            'InvalidPart',
            'One or more of the specified parts could not be found.',
          );
        }
        if (index < requested.length - 1 && part.size < MIN_PART_SIZE) {
          throw new S3Failure(
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed object size.',
          );
        }
        chosen.push(part);
      }
      const path = join(folder, randomBytes(12).toString('hex'));
      const out = createWriteStream(path);
      for (const part of chosen) {
        await pipeline(createReadStream(part.path), out, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      const combined = createHash('md5');
      for (const part of chosen) combined.update(Buffer.from(part.etag.replace(/"/g, ''), 'hex'));
      const etag = `"${combined.digest('hex')}-${chosen.length}"`;
      await removeObject(key);
      objects.set(key, {
        path,
        size: (await stat(path)).size,
        etag,
        contentType: upload.contentType,
        metadata: upload.metadata,
        lastModified: new Date(),
      });
      for (const part of upload.parts.values()) await rm(part.path, { force: true });
      uploads.delete(uploadId);
      return send(
        200,
        xml(
          'CompleteMultipartUploadResult',
          tag('Location', `${endpoint}/${bucket}/${key}`) +
            tag('Bucket', bucket) +
            tag('Key', key) +
            tag('ETag', etag),
        ),
      );
    }

    if (method === 'DELETE' && query.has('uploadId')) {
      const uploadId = query.get('uploadId') ?? '';
      const upload = uploadOf(uploadId, key);
      for (const part of upload.parts.values()) await rm(part.path, { force: true });
      uploads.delete(uploadId);
      return send(204, null);
    }

    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source'])
        throw new S3Failure(501, 'NotImplemented', 'Copy is not implemented by this stand-in.');
      const body = await receiveBody(req);
      await removeObject(key);
      objects.set(key, {
        ...body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        metadata: metadataOf(req),
        lastModified: new Date(),
      });
      return send(200, null, { etag: body.etag });
    }

    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        if (method === 'HEAD') return send(404, null);
        throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.', key);
      }
      res.writeHead(200, objectHeaders(object));
      if (method === 'HEAD') return void res.end();
      await pipeline(createReadStream(object.path), res);
      return;
    }

    if (method === 'DELETE') {
      await removeObject(key);
      return send(204, null);
    }

    throw new S3Failure(
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure =
        error instanceof S3Failure
          ? error
          : new S3Failure(500, 'InternalError', (error as Error).message);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Let the body go unread: S3 answers errors without waiting for it.
      req.resume();
      const body = xml(
        'Error',
        tag('Code', failure.code) +
          tag('Message', failure.message) +
          tag('Resource', failure.resource) +
          tag('RequestId', randomBytes(8).toString('hex').toUpperCase()),
      );
      res.writeHead(failure.status, { 'content-type': 'application/xml' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    requests,
    keys: () => [...objects.keys()].sort(),
    openUploads: () =>
      [...uploads.entries()].map(([uploadId, upload]) => ({ key: upload.key, uploadId })),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
