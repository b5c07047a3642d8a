// One S3 client configuration for the file storage and the resumable-upload store, so both see the same bucket.
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { StorageConfig } from '#server/config/env.ts';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible services reject the SDK's default trailing checksums on streamed bodies;
    // send checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}
