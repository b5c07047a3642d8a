// Sends mail over SMTP, or writes each message as an RFC 5322 .eml file when no SMTP server is set.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '#server/http/logger.ts';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  replyTo?: string;
  /** `<id@domain>`; the same message sent again carries the same one (notices: decision 0012). */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * Without SMTP: the .eml file's name (letters, digits, `.`, `_`, `-`), so a message written again
   * replaces its file instead of adding one. Default: the time and a random suffix.
   */
  fileName?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, mailDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const { fileName: _ignored, ...options } = message;
        const info = await transport.sendMail(options);
        logger.info('mail sent', {
          to: message.to,
          subject: message.subject,
          messageId: info.messageId,
        });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(message) {
      const { fileName: _ignored, ...options } = message;
      const info = await transport.sendMail(options);
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = message.fileName ?? `${stamp}-${randomBytes(4).toString('hex')}`;
      if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/.test(name))
        throw new Error(`Invalid mail file name "${name.slice(0, 80)}".`);
      const file = join(mailDir, `${name}.eml`);
      // Written aside and renamed: a reader (or a crash) never sees half a message under the .eml name.
      const partial = join(mailDir, `${name}.eml.partial`);
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      logger.info('mail written (SMTP_URL is not set)', {
        to: message.to,
        subject: message.subject,
        file,
      });
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
