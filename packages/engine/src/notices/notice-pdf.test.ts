// The PDF copy read back by a real PDF reader (poppler's pdftotext, Debian's poppler-utils).
import { describe, expect, it } from 'vitest';
import { readBackPdf } from '../pdf/test-poppler.ts';
import { composeDmcaNotice } from './dmca-notice.ts';
import { composeImpersonationReport } from './impersonation-report.ts';
import { renderNoticePdf } from './notice-pdf.ts';
import { NOTICE_ELEMENT_IDS } from './notice-types.ts';
import {
  authorisation,
  brand,
  creatorRecord,
  item,
  noticeInput,
  privateDetails,
  squash,
} from './test-fixtures.ts';

/** The PDF's text with its page footers removed, its page count and title. */
function readBack(pdf: Buffer, footer: RegExp) {
  const read = readBackPdf(pdf);
  return { ...read, text: read.text.replace(footer, '') };
}

describe('renderNoticePdf', () => {
  it('holds the six elements, every URL, the letterhead and the item table of a one-item notice', async () => {
    const notice = composeDmcaNotice(noticeInput());
    const pdf = await renderNoticePdf(notice, brand);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages, title } = readBack(pdf, /^Shark · N-2025-0001 · page \d+ of \d+$/gm);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(title).toBe(notice.subject);
    for (const id of NOTICE_ELEMENT_IDS)
      expect(squash(text), id).toContain(squash(notice.elements[id]));
    for (const url of [
      'https://leaks.example/post/1',
      'https://cdn.leaks.example/media/1.jpg',
      'https://onlyfans.com/janedoe/post/1',
    ]) {
      expect(squash(text)).toContain(url);
    }
    expect(text).toContain('§ 512(c)(3)(A)(ii)');
    expect(text).toMatch(/^Shark$/m);
    expect(text).toContain(
      'https://shark.example/ · dmca@shark.example · 100 Agent Way, Suite 200',
    );
    expect(text).toContain(`Subject: ${notice.subject}`);
    expect(text).toContain('Schedule A: infringing items');
    expect(text).toContain('Media file URL');
    for (const detail of privateDetails) expect(text).not.toContain(detail);
  });

  it('runs a many-item notice over several pages, the table header on each, with nothing lost', async () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      item(index + 1, {
        pageUrl: `https://leaks${index % 4}.example/threads/${index + 1}/a-very-long-path-segment-that-will-need-wrapping-inside-the-table-cell?page=${index}&sort=newest`,
      }),
    );
    const notice = composeDmcaNotice(noticeInput({ items, noticeId: 'N-MANY' }));
    const pdf = await renderNoticePdf(notice, brand);
    const read = readBack(pdf, /^Shark · N-MANY · page \d+ of \d+$/gm);
    expect(read.pages).toBeGreaterThan(3);
    const flat = squash(read.text);
    for (const id of NOTICE_ELEMENT_IDS) expect(flat, id).toContain(squash(notice.elements[id]));
    for (const entry of items) {
      expect(flat).toContain(squash(entry.pageUrl));
      expect(flat).toContain(entry.mediaUrl);
    }

    // Schedule A starts on some page and runs to the last; each of its pages starts with the header.
    const pageTexts = Array.from({ length: read.pages }, (_, index) => read.pageText(index + 1));
    const first = pageTexts.findIndex((page) => page.includes('Schedule A: infringing items'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(read.pages - first).toBeGreaterThan(1);
    for (const page of pageTexts.slice(first)) {
      for (const header of ['Page URL', 'Media file URL', 'Found']) expect(page).toContain(header);
    }
    // Its "#" column (x 54–76 pt) numbers every item once, in order.
    const numbers = pageTexts
      .slice(first)
      .map((_, index) => read.boxText(first + index + 1, { x: 55, y: 0, width: 20, height: 720 }))
      .join('\n')
      .split(/\s+/)
      .filter((word) => /^\d+$/.test(word));
    expect(numbers).toEqual(items.map((_, index) => String(index + 1)));
    // Every page carries its number, counted against the total.
    pageTexts.forEach((page, index) =>
      expect(page).toContain(`Shark · N-MANY · page ${index + 1} of ${read.pages}`),
    );
  });

  it('continues an item whose URL is taller than a page onto the next pages', async () => {
    // URLs may be 8,192 characters long: such a row does not fit one page and must not be cut.
    const longUrl = `https://leaks.example/${'a1b2c3d4e5'.repeat(800)}`;
    const notice = composeDmcaNotice(
      noticeInput({ items: [item(1), item(2, { pageUrl: longUrl }), item(3)], noticeId: 'N-LONG' }),
    );
    const read = readBack(
      await renderNoticePdf(notice, brand),
      /^Shark · N-LONG · page \d+ of \d+$/gm,
    );
    expect(squash(read.text)).toContain(squash(notice.elements.material));
    // The table's "Page URL" column (x 76–244 pt, above the footer), read page by page.
    const tablePages = Array.from({ length: read.pages }, (_, index) => index + 1).filter((page) =>
      read.pageText(page).includes('Media file URL'),
    );
    expect(tablePages.length).toBeGreaterThan(2);
    const column = tablePages
      .map((page) => read.boxText(page, { x: 77, y: 0, width: 166, height: 720 }))
      .join('\n')
      .replace(/^Page URL$/gm, '');
    expect(squash(column)).toContain(
      `https://leaks.example/post/1${longUrl}https://leaks.example/post/3`,
    );
  });

  it('prints the impersonation report, and text the standard fonts cannot show as "?"', async () => {
    const report = composeImpersonationReport({
      brand,
      platform: {
        id: 'x',
        name: 'X',
        channel: { kind: 'email', address: 'impersonation@x.example' },
      },
      creator: { ...creatorRecord, officialProfiles: ['https://x.com/janedoe'] },
      impersonator: {
        url: 'https://x.com/jane_d0e',
        username: 'jane_d0e',
        displayName: 'Jané Doe 日本',
        evidence: ['Same photos (café “set”) — 12 of them'],
      },
      authorisation,
      reportId: 'R-1',
      sentAt: new Date('2025-03-06T08:00:00Z'),
    });
    const pdf = await renderNoticePdf(report, brand);
    const { text } = readBack(pdf, /^Shark · R-1 · page \d+ of \d+$/gm);
    expect(text).toContain('Display name: Jané Doe ??');
    expect(text).toContain('Same photos (café “set”) — 12 of them');
    expect(squash(text)).toContain('https://x.com/jane_d0e');
    expect(text).not.toContain('Schedule A');
  });
});
