// The texts and HTML snippets creators paste on their own sites. Pure functions: nothing here
// touches the page, so the output can be tested and shown in a sandboxed preview.

export type BadgeInput = {
  brandName: string;
  /** Absolute http(s) URL of the public page that confirms the protection. */
  verifyUrl: string;
  /** The brand's darker theme colour (keeps AA contrast on white). */
  color: string;
};

const FALLBACK_COLOR = '#155dfc';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

// Lucide's shield-check (ISC licence), inlined so the badge needs nothing from our servers.
const SHIELD_PATHS =
  '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only absolute http(s) URLs may go into a badge's link; anything else is refused. */
export function isSafeVerifyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function safeColor(value: string): string {
  return /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : FALLBACK_COLOR;
}

function shieldSvg(color: string, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" style="flex-shrink:0">${SHIELD_PATHS}</svg>`;
}

function checked(input: BadgeInput) {
  if (!isSafeVerifyUrl(input.verifyUrl)) {
    throw new Error('The badge link must be an absolute http(s) URL.');
  }
  return {
    brand: escapeHtml(input.brandName),
    href: escapeHtml(input.verifyUrl),
    color: safeColor(input.color),
  };
}

/** (a) A compact text badge: one link, for a bio, a sidebar or under a post. */
export function textBadgeHtml(input: BadgeInput): string {
  const { brand, href, color } = checked(input);
  return [
    `<a href="${href}" target="_blank" rel="noopener" title="Verify that this content is protected by ${brand}"`,
    ` style="display:inline-flex;align-items:center;gap:6px;padding:6px 12px;border:1px solid ${color};border-radius:999px;background:#ffffff;color:${color};font:600 13px/1.2 ${FONT};text-decoration:none">`,
    shieldSvg(color, 16),
    `<span>DMCA Protected by ${brand}</span></a>`,
  ].join('');
}

/** (b) A footer badge: a full-width strip for the bottom of a website. */
export function footerBadgeHtml(input: BadgeInput): string {
  const { brand, href, color } = checked(input);
  return [
    `<div style="box-sizing:border-box;width:100%;padding:12px 16px;border-top:1px solid #e3e7ee;background:#ffffff;color:#4a5263;font:13px/1.5 ${FONT};text-align:center">`,
    `<a href="${href}" target="_blank" rel="noopener" style="display:inline-flex;align-items:center;gap:6px;color:${color};font-weight:600;text-decoration:none">`,
    shieldSvg(color, 16),
    `<span>DMCA Protected by ${brand}</span></a>`,
    `<span> · All content on this site is protected by copyright. Unauthorised copies are reported and removed.</span>`,
    '</div>',
  ].join('');
}

/** A short notice that fits a social bio or a caption. */
export function shortDisclaimer(brandName: string): string {
  return `All content is protected by ${brandName}. Copying, reposting or sharing it without permission is prohibited and will be reported for removal under the DMCA.`;
}

/** The long notice for a website, a profile page or a terms page. */
export function longDisclaimer(brandName: string): string {
  return [
    'DMCA and copyright notice',
    `All photos, videos, audio and text published by this creator are original works protected by copyright. They are monitored by ${brandName}, a content-protection service acting on the creator's behalf.`,
    'No content may be copied, downloaded for redistribution, reposted, sold, shared or otherwise used without the written permission of the creator. Paid content remains paid content: buying access does not grant a right to share it.',
    `${brandName} searches websites, file hosts, forums, Telegram channels and search engines for unauthorised copies. Every copy found is reported to the site that shows it, to its hosting provider and to search engines under the Digital Millennium Copyright Act (17 U.S.C. § 512) and equivalent laws, and is removed or delisted.`,
    'If you are hosting a copy of this content, remove it now. Impersonating this creator, or publishing manipulated images of them, is also reported.',
  ].join('\n\n');
}
