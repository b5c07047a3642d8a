// Uploads: the largest file accepted, and how long an upload may sit idle before it is removed.
import { z } from 'zod';
import { positiveInt } from './values.ts';

export const uploadsVariables = z.object({
  MAX_UPLOAD_BYTES: positiveInt(4 * 1024 ** 3),
  UPLOAD_EXPIRY_HOURS: positiveInt(24),
});

export function uploadsConfig(env: z.infer<typeof uploadsVariables>) {
  return {
    uploads: { maxBytes: env.MAX_UPLOAD_BYTES, expirySeconds: env.UPLOAD_EXPIRY_HOURS * 3600 },
  };
}
