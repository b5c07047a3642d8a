// Where uploaded files go, and the upload limits, as configured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shark-env-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) };

describe('storage and upload configuration', () => {
  it('keeps files under DATA_DIR/files, up to 4 GiB each, unfinished uploads for a day, by default', () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ driver: 'local', directory: join(dataDir, 'files') });
    expect(config.uploads).toEqual({ maxBytes: 4 * 1024 ** 3, expirySeconds: 24 * 3600 });
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'shark-files',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MAX_UPLOAD_BYTES: '1000000',
      UPLOAD_EXPIRY_HOURS: '2',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'shark-files',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
    });
    expect(config.uploads).toEqual({ maxBytes: 1_000_000, expirySeconds: 7200 });
    // Without keys, the AWS SDK's own credential chain applies.
    expect(loadConfig({ ...base, S3_BUCKET: 'shark-files' }).storage).toMatchObject({
      credentials: undefined,
      forcePathStyle: false,
      region: 'us-east-1',
    });
  });

  it('reports every bad storage variable at once', () => {
    expect(() =>
      loadConfig({
        ...base,
        S3_ENDPOINT: 'minio',
        S3_ACCESS_KEY_ID: 'AKIA',
        MAX_UPLOAD_BYTES: '-5',
        S3_FORCE_PATH_STYLE: 'maybe',
      }),
    ).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([
          'S3_ENDPOINT: must be an absolute URL',
          'MAX_UPLOAD_BYTES: must be a whole number above 0',
          'S3_FORCE_PATH_STYLE: must be true or false',
          'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
          expect.stringMatching(/^S3_BUCKET: is required with S3_ENDPOINT, S3_ACCESS_KEY_ID/),
        ]),
      }),
    );
  });
});
