import { describe, expect, it } from 'vitest';
import { createPdf } from './create-pdf.ts';
import { fitLine, wrapLines } from './wrap-lines.ts';

function doc(): PDFKit.PDFDocument {
  return createPdf({ title: 'wrap' }).fontSize(10);
}

describe('wrapLines', () => {
  it('breaks at spaces while the words fit', () => {
    const pdf = doc();
    const text = 'the quick brown fox jumps over the lazy dog '.repeat(6).trim();
    const lines = wrapLines(pdf, text, 150);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(pdf.widthOfString(line)).toBeLessThanOrEqual(150);
      expect(line).toBe(line.trim());
    }
    expect(lines.join(' ')).toBe(text);
  });

  it('wraps the same with widths remembered across calls as with each call measuring afresh', () => {
    const pdf = doc();
    const shared = new Map<string, number>();
    const texts = Array.from(
      { length: 40 },
      (_, i) =>
        `https://${['tube', 'forum', 'files'][i % 3]}.example/watch/${'AVWTo'.repeat(1 + (i % 7))}-${i}?ref=${i * 37}&t=${'x'.repeat(i)}`,
    );
    for (const width of [60, 120, 213]) {
      for (const text of texts)
        expect(wrapLines(pdf, text, width, shared)).toEqual(wrapLines(pdf, text, width));
    }
    expect(shared.size).toBeGreaterThan(0);
  });

  it('breaks a URL wider than a line after its punctuation, and never after a hyphen', () => {
    const pdf = doc();
    const url =
      'https://leaks.example/threads/12/a-very-long-path-segment-that-will-need-wrapping-inside-the-cell?page=3&sort=newest';
    const lines = wrapLines(pdf, `Page: ${url}`, 120);
    expect(lines[0]?.startsWith('Page: https:')).toBe(true);
    for (const line of lines) {
      expect(pdf.widthOfString(line)).toBeLessThanOrEqual(120);
      expect(line.endsWith('-')).toBe(false);
    }
    expect(lines.join('')).toBe(`Page: ${url}`);
  });

  it('breaks between characters where a piece is still too wide, keeping every character', () => {
    const pdf = doc();
    const word = `https://example.com/${'x-'.repeat(150)}end`;
    const lines = wrapLines(pdf, word, 80);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(pdf.widthOfString(line)).toBeLessThanOrEqual(80);
      expect(line.endsWith('-')).toBe(false);
    }
    expect(lines.join('')).toBe(word);
  });

  it('keeps line breaks and blank lines', () => {
    expect(wrapLines(doc(), 'one\n\ntwo', 200)).toEqual(['one', '', 'two']);
  });
});

describe('fitLine', () => {
  it('keeps text that fits, and cuts the rest to the longest start that fits with "…"', () => {
    const pdf = doc();
    expect(fitLine(pdf, 'short label', 200)).toBe('short label');
    expect(fitLine(pdf, 'two\nlines', 200)).toBe('two lines');
    const long = 'https://leaks.example/watch?id=0123456789abcdefghijklmnopqrstuvwxyz';
    const cut = fitLine(pdf, long, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(pdf.widthOfString(cut)).toBeLessThanOrEqual(120);
    const kept = cut.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    // One more character would not fit.
    expect(pdf.widthOfString(`${long.slice(0, kept.length + 1)}…`)).toBeGreaterThan(120);
    expect(fitLine(pdf, 'anything at all', 1)).toBe('…');
  });
});
