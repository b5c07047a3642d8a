// Sends mail over SMTP, or writes each message as an RFC 5322 .eml file when no SMTP server is set.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../http/logger.ts';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; mailDir: string; logger: Logger }): Mailer {
  const { smtpUrl, mailDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail(message);
        logger.info('mail sent', { to: message.to, subject: message.subject, messageId: info.messageId });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(mailDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info('mail written (SMTP_URL is not set)', { to: message.to, subject: message.subject, file });
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
