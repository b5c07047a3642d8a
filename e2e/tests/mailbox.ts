// Reads the mails the server writes as .eml files (DATA_DIR/mail) when no SMTP server is configured.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export type ReceivedMail = {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
};

export async function readMails(mailDir: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).filter((file) => file.endsWith('.eml')).sort();
  } catch (error) {
    // The directory appears with the first mail.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await PostalMime.parse(await readFile(join(mailDir, file)));
      return {
        file,
        to: (parsed.to ?? []).map((address) => (address.address ?? '').toLowerCase()),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
      };
    }),
  );
}

/** The path (and search) of the first link in the mail whose path starts with `pathPrefix`. */
export function linkPathIn(mail: ReceivedMail, pathPrefix: string): string | undefined {
  for (const body of [mail.text, mail.html]) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(match[0].replaceAll('&amp;', '&'));
      if (url.pathname.startsWith(pathPrefix) && url.pathname.length > pathPrefix.length) {
        return url.pathname + url.search;
      }
    }
  }
  return undefined;
}
