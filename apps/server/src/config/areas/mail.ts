// Outgoing mail: an SMTP server when SMTP_URL is set, else files under DATA_DIR/mail.
import { join } from 'node:path';
import { z } from 'zod';
import { optionalString } from './values.ts';

export const mailVariables = z.object({
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
});

export function mailConfig(env: z.infer<typeof mailVariables>, dataDir: string) {
  return { smtpUrl: env.SMTP_URL, mailDir: join(dataDir, 'mail') };
}
