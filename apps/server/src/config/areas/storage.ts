// File storage: under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set.
import { join } from 'node:path';
import { z } from 'zod';
import { booleanString, optionalString, type IsSet } from './values.ts';

export const storageVariables = z.object({
  S3_ENDPOINT: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.default(false),
});

export function storageProblems(set: IsSet): string[] {
  const problems: string[] = [];
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    const missing = set('S3_ACCESS_KEY_ID') ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all`,
    );
  }
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(set);
  if (s3Settings.length > 0 && !set('S3_BUCKET')) {
    problems.push(
      `S3_BUCKET: is required with ${s3Settings.join(', ')} (files go to S3-compatible storage only when a bucket is named)`,
    );
  }
  return problems;
}

export function storageConfig(env: z.infer<typeof storageVariables>, dataDir: string) {
  return {
    /** Where uploaded files live: under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set. */
    storage: env.S3_BUCKET
      ? {
          driver: 's3' as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { driver: 'local' as const, directory: join(dataDir, 'files') },
  };
}
