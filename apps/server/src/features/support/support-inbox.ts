// The e-mail that tells the team's inbox (SUPPORT_INBOX) of a new support request: who asked, her plan,
// what she wrote, and the link to answer it in the staff console.
import type { BrandRegistry } from '#server/config/brands.ts';
import { renderMail } from '#server/features/mail/layout.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import type { SupportService } from './support-service.ts';

export function createSupportInbox(deps: {
  inbox: string;
  support: SupportService;
  mailer: Mailer;
  brands: BrandRegistry;
  publicUrl: string;
}) {
  return {
    /** The support.inbox-mail job. */
    async send(requestId: string): Promise<Record<string, unknown>> {
      const found = await deps.support.inboxMail(requestId);
      if (!found) return { skipped: 'The request is gone (account deleted).' };
      const brand = deps.brands.all()[0];
      if (!brand) throw new Error('No brand configured');
      const { request, creator, first } = found;
      const who = creator.name.trim() ? `${creator.name.trim()} <${creator.email}>` : creator.email;
      const mail = renderMail(brand, {
        subject: `New support request (${creator.tierName}): ${request.subject}`,
        paragraphs: [`${who}, on the ${creator.tierName} plan, asks for help:`, first],
        action: {
          label: 'Answer in the staff console',
          url: `${deps.publicUrl.replace(/\/+$/, '')}/staff/support/${request.id}`,
        },
      });
      const domain = brand.mailFrom.split('@').at(-1)?.replace(/[>\s]/g, '') || 'shark.invalid';
      await deps.mailer.send({
        from: brand.mailFrom,
        to: deps.inbox,
        ...mail,
        // A retried job sends the same message again, not a second one.
        messageId: `<support-request.${request.id}@${domain}>`,
        fileName: `support-request-${request.id}`,
      });
      return { sent: deps.inbox };
    },
  };
}
