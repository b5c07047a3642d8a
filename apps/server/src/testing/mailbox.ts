// Reads the .eml files the server writes when SMTP is not configured.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export async function readMails(mailDir: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const parsed = await PostalMime.parse(readFileSync(join(mailDir, file)));
    mails.push({
      file,
      to: parsed.to?.map((a) => a.address ?? '').join(', ') ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
    });
  }
  return mails;
}

/** The newest mail to `to` whose subject matches; mails are written before the API answers. */
export async function lastMail(
  mailDir: string,
  to: string,
  subject: RegExp,
): Promise<ReceivedMail> {
  const found = (await readMails(mailDir))
    .filter((m) => m.to === to && subject.test(m.subject))
    .at(-1);
  if (!found) throw new Error(`No mail to ${to} with subject ${subject}`);
  return found;
}

export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/\//g, '\\/')}[^\\s"<>]+`).exec(
    mail.text,
  );
  if (!match) throw new Error(`No link to ${pathPrefix} in mail "${mail.subject}"`);
  return new URL(match[0]);
}
