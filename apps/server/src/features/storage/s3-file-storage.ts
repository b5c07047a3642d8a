// FileStorage in an S3-compatible bucket: streams go up in parts (one part in memory at a time), files come down as streams.
import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertValidKey, StoredFileNotFoundError, type FileStorage } from './file-storage.ts';
import { s3ClientConfig, type S3StorageConfig } from './s3-client-config.ts';

/** S3's minimum part size is 5 MiB; 8 MiB keeps a 4 GiB file well under the 10,000-part limit. */
const PART_SIZE = 8 * 1024 * 1024;

const isNotFound = (error: unknown) => {
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
};

export function createS3FileStorage(config: S3StorageConfig): FileStorage {
  const bucket = config.bucket;
  // The SDK is large (~25 MB, a second to load): loaded on first use, so local storage never pays for it.
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client(s3ClientConfig(config)),
    })));

  async function putStream(key: string, body: Readable): Promise<void> {
    const {
      client,
      sdk: {
        AbortMultipartUploadCommand,
        CompleteMultipartUploadCommand,
        CreateMultipartUploadCommand,
        PutObjectCommand,
        UploadPartCommand,
      },
    } = await s3();
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flushPart = async () => {
      if (!uploadId) {
        uploadId = (
          await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))
        ).UploadId;
      }
      const part = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: part,
          ContentLength: part.length,
        }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= PART_SIZE) await flushPart();
      }
      if (!uploadId) {
        // Small enough for one request.
        const whole = Buffer.concat(pending, pendingBytes);
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: whole,
            ContentLength: whole.length,
          }),
        );
        return;
      }
      if (pendingBytes > 0) await flushPart();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async function read(key: string): Promise<Readable> {
    assertValidKey(key);
    const { client, sdk } = await s3();
    try {
      const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      if (Body instanceof Readable) return Body;
      if (Body && 'transformToWebStream' in Body) {
        return Readable.fromWeb(
          Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0],
        );
      }
      throw new Error(`S3 returned no body for "${key}".`);
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  return {
    async write(key, body) {
      assertValidKey(key);
      if (Buffer.isBuffer(body)) {
        const { client, sdk } = await s3();
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
          }),
        );
      } else {
        await putStream(key, body);
      }
    },

    read,

    async withLocalFile(key, fn) {
      const source = await read(key);
      const folder = await mkdtemp(join(tmpdir(), 'shark-s3-'));
      try {
        const path = join(folder, 'file');
        await pipeline(source, createWriteStream(path));
        return await fn(path);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      assertValidKey(key);
      const { client, sdk } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
