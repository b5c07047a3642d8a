import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  footerBadgeHtml,
  isSafeVerifyUrl,
  longDisclaimer,
  shortDisclaimer,
  textBadgeHtml,
} from '#app/features/dmca-badges/lib/badge-html.ts';

const input = {
  brandName: 'Shark',
  verifyUrl: 'https://app.example.com/verified/AbCdEfGhIjKlMnOpQr',
  color: '#155dfc',
};

describe('the badges', () => {
  it('link to the verification page in a new tab, in the brand’s name and colour', () => {
    for (const html of [textBadgeHtml(input), footerBadgeHtml(input)]) {
      expect(html).toContain(`href="${input.verifyUrl}"`);
      expect(html).toContain('target="_blank" rel="noopener"');
      expect(html).toContain('DMCA Protected by Shark');
      expect(html).toContain('#155dfc');
      expect(html).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('escape a brand name and URL so they cannot break out of the markup', () => {
    const html = textBadgeHtml({
      ...input,
      brandName: '<img src=x onerror=alert(1)> & "Co"',
      verifyUrl: 'https://example.com/verified/a"onmouseover="alert(1)',
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('href="https://example.com/verified/a&quot;onmouseover=&quot;alert(1)"');
  });

  it('refuse a link that is not an absolute http(s) URL', () => {
    expect(isSafeVerifyUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeVerifyUrl('/verified/abc')).toBe(false);
    expect(isSafeVerifyUrl('http://localhost:3000/verified/abc')).toBe(true);
    expect(() => textBadgeHtml({ ...input, verifyUrl: 'javascript:alert(1)' })).toThrow();
    expect(() => footerBadgeHtml({ ...input, verifyUrl: 'data:text/html,hi' })).toThrow();
  });

  it('fall back to the default colour when the theme colour is not a hex colour', () => {
    const html = textBadgeHtml({ ...input, color: 'red;background:url(x)' });
    expect(html).not.toContain('url(x)');
    expect(html).toContain('#155dfc');
  });
});

describe('the disclaimers', () => {
  it('name the brand and the DMCA', () => {
    expect(shortDisclaimer('Lumen')).toContain('protected by Lumen');
    expect(shortDisclaimer('Lumen')).toContain('DMCA');
    expect(longDisclaimer('Lumen')).toContain('monitored by Lumen');
    expect(longDisclaimer('Lumen')).toContain('17 U.S.C. § 512');
  });

  it('keep the short one short enough for a social bio', () => {
    expect(shortDisclaimer('Shark').length).toBeLessThanOrEqual(160);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
