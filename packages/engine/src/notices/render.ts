// Text and HTML renderings of a notice's blocks. Both come from the same blocks, and an element's
// text is printed whole in each (HTML keeps its line breaks with pre-wrap), so what the notice
// claims to contain is exactly what the recipient reads.
import type { NoticeBlock } from './notice-types.ts';
import { escapeHtml } from './notice-text.ts';

export function renderText(blocks: readonly NoticeBlock[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return `${block.text}\n${'='.repeat(Math.min(block.text.length, 72))}`;
      case 'paragraph':
        return block.text;
      case 'fields':
        return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
      case 'section':
        return `${block.heading}\n${block.text}`;
      case 'element':
        return block.heading === null ? block.text : `${block.heading}\n${block.text}`;
    }
  });
  return `${parts.join('\n\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';

export function renderHtml(
  blocks: readonly NoticeBlock[],
  header: { title: string; brandName: string; logoUrl?: string | undefined },
): string {
  const body = blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(block.text)}</h1>`;
      case 'paragraph':
        return `<p style="white-space:pre-wrap;margin:0 0 12px">${escapeHtml(block.text)}</p>`;
      case 'fields':
        return (
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">' +
          block.rows
            .map(
              (row) =>
                `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(
                  row.label,
                )}</th><td style="padding:2px 0">${escapeHtml(row.value)}</td></tr>`,
            )
            .join('') +
          '</table>'
        );
      case 'section':
        return (
          '<section style="margin:0 0 12px">' +
          `<h2 style="font-size:15px;margin:16px 0 6px">${escapeHtml(block.heading)}</h2>` +
          `<div style="white-space:pre-wrap">${escapeHtml(block.text)}</div></section>`
        );
      case 'element':
        return (
          `<section data-element="${escapeHtml(block.element)}" style="margin:0 0 12px">` +
          (block.heading === null
            ? ''
            : `<h2 style="font-size:15px;margin:16px 0 6px">${escapeHtml(block.heading)}</h2>`) +
          `<div style="white-space:pre-wrap">${escapeHtml(block.text)}</div></section>`
        );
    }
  });
  const logo =
    header.logoUrl === undefined
      ? ''
      : `<img src="${escapeHtml(header.logoUrl)}" alt="${escapeHtml(header.brandName)}" height="32" style="display:block;margin:0 0 8px">`;
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(header.title)}</title></head>\n` +
    `<body style="${FONT};font-size:14px;line-height:1.5;color:#111;max-width:760px;margin:0 auto;padding:16px">\n` +
    `<header style="border-bottom:1px solid #ccc;margin:0 0 16px;padding:0 0 8px">${logo}<strong>${escapeHtml(
      header.brandName,
    )}</strong></header>\n` +
    body.join('\n') +
    '\n</body></html>\n'
  );
}
