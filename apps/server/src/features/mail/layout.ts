// The brand's frame around every message: greeting, body, action button and footer links.
import type { BrandConfig } from '#server/config/brands.ts';

export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  /** Mails to a user: her e-mail settings page (preferences, unsubscribe), linked in the footer. */
  settingsUrl?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function renderMail(
  brand: BrandConfig,
  content: MailContent,
): { subject: string; text: string; html: string } {
  const footer = `${brand.name} · Contact: ${brand.links.contact} · Terms: ${brand.links.terms} · Privacy: ${brand.links.privacy}`;
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.after ?? []),
    '—',
    footer,
    ...(content.settingsUrl
      ? [`Manage your e-mail preferences or unsubscribe: ${content.settingsUrl}`]
      : []),
  ].join('\n\n');

  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${brand.theme.light};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const link = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="color:#555">${label}</a>`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 24px;color:${brand.theme.dark}">${escapeHtml(brand.name)}</h1>
${content.paragraphs.map(p).join('\n')}
${button}
${(content.after ?? []).map(p).join('\n')}
<hr style="border:none;border-top:1px solid #ddd;margin:32px 0 16px">
<p style="font-size:12px;color:#777">${escapeHtml(brand.name)} · ${link('Contact', brand.links.contact)} · ${link('Terms', brand.links.terms)} · ${link('Privacy', brand.links.privacy)}</p>
${content.settingsUrl ? `<p style="font-size:12px;color:#777">${link('Manage your e-mail preferences or unsubscribe', content.settingsUrl)}</p>` : ''}
</body></html>`;
  return { subject: content.subject, text, html };
}
