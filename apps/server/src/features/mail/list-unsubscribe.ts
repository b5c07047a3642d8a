// Every mail to a user carries List-Unsubscribe (RFC 2369) with a one-click POST address (RFC 8058) and
// the e-mail settings page, so mail clients show an "Unsubscribe" button. Notices to sites and hosts
// go through the plain mailer instead: they are not mails to our users.
import type { MailMessage, Mailer } from './mailer.ts';

export interface UnsubscribeLinks {
  /** The e-mail settings page (preferences, unsubscribe from all). */
  page: string;
  /** Takes the RFC 8058 one-click POST; a GET there redirects to the page. */
  oneClick: string;
}

export function listUnsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    // The one-click address first: clients that support RFC 8058 POST to the first HTTPS address.
    'List-Unsubscribe': `<${links.oneClick}>, <${links.page}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * A mailer that adds the headers to each message addressed to a user (`linksFor` finds her by the
 * address; null: not a user's address, sent as it is). A message that has them already keeps its own.
 */
export function withListUnsubscribe(
  mailer: Mailer,
  linksFor: (message: MailMessage) => Promise<UnsubscribeLinks | null>,
): Mailer {
  return {
    async send(message) {
      if (message.headers?.['List-Unsubscribe']) return mailer.send(message);
      const links = await linksFor(message);
      return mailer.send(
        links
          ? { ...message, headers: { ...message.headers, ...listUnsubscribeHeaders(links) } }
          : message,
      );
    },
    close: () => mailer.close(),
  };
}
