// The share images of Social Share: an SVG in the brand's colours — its logo, "Protected by <brand>",
// a line for fans and leakers, and the badge's verification link — drawn to PNG by sharp in the sizes
// networks use (a square post, a landscape post or link preview, a story).
import { SHARE_IMAGE_SIZES, type ShareImageFormat } from '@shark/contracts/marketing.ts';
import sharp from '@shark/engine/media/sharp.ts';

export interface ShareImageInput {
  format: ShareImageFormat;
  brandName: string;
  theme: { light: string; dark: string };
  /** The badge's verification page, or the brand's site. */
  link: string;
  hasBadge: boolean;
  /** The brand's logo as a PNG, or null for the drawn shield. */
  logo: Buffer | null;
}

/** A DejaVu Sans / Helvetica character is at most this share of the font size wide (bold, on average). */
const CHARACTER_WIDTH = 0.62;
const FONTS = "'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif";

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Mixes a colour with black: `share` of the colour is kept. */
function shade(hex: string, share: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * share);
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** The largest size up to `max` at which `text` fits `width` on one line. */
function fitSize(text: string, width: number, max: number): number {
  return Math.max(
    8,
    Math.min(max, Math.floor(width / (Math.max(1, [...text].length) * CHARACTER_WIDTH))),
  );
}

/** Words in lines of at most `width` at `size` (a word longer than a line is cut). */
function wrap(text: string, width: number, size: number): string[] {
  const perLine = Math.max(1, Math.floor(width / (size * CHARACTER_WIDTH)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = [...word].slice(0, perLine).join('');
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A shield with a tick, in a `size` square at (x, y): the mark when the brand's logo is not a file. */
function shield(x: number, y: number, size: number, color: string): string {
  const s = size / 40;
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect width="40" height="40" rx="10" fill="#ffffff" fill-opacity="0.16"/>
    <path d="M20 8l10 3.6v7.2c0 6.4-4.2 11.6-10 13.6-5.8-2-10-7.2-10-13.6v-7.2L20 8z" fill="#ffffff"/>
    <path d="M15.5 20.2l3.2 3.2 6.3-6.6" fill="none" stroke="${color}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;
}

export function shareImageSvg(input: ShareImageInput): string {
  const { width, height } = SHARE_IMAGE_SIZES[input.format];
  const unit = Math.min(width, height) / 1080;
  const column = width * 0.84;
  const centre = width / 2;
  const isStory = input.format === 'story';
  const isLandscape = input.format === 'landscape';

  const logoSize = Math.round((isLandscape ? 210 : 230) * unit * (isStory ? 1.3 : 1));
  const labelSize = Math.round(44 * unit * (isStory ? 1.2 : 1));
  const nameSize = fitSize(input.brandName, column, Math.round(120 * unit * (isStory ? 1.3 : 1)));
  const messageSize = Math.round((isLandscape ? 44 : 50) * unit * (isStory ? 1.25 : 1));
  const message = wrap(
    'My content is monitored around the clock. Leaks are reported and taken down.',
    column,
    messageSize,
  );
  const linkLabel = input.hasBadge ? 'Verify my protection' : 'How it works';
  const linkLabelSize = Math.round(34 * unit * (isStory ? 1.2 : 1));
  const linkSize = fitSize(
    input.link,
    column - 80 * unit,
    Math.round(38 * unit * (isStory ? 1.2 : 1)),
  );

  // The block's height, to centre it vertically.
  const gap = 36 * unit * (isStory ? 1.6 : 1);
  const messageHeight = message.length * messageSize * 1.3;
  const pillHeight = linkSize * 2.2;
  const blockHeight =
    logoSize +
    gap +
    labelSize +
    gap * 0.5 +
    nameSize +
    gap +
    messageHeight +
    gap * 1.4 +
    linkLabelSize +
    gap * 0.5 +
    pillHeight;
  let y = Math.max(40 * unit, (height - blockHeight) / 2);

  const parts: string[] = [];
  const logoX = centre - logoSize / 2;
  if (input.logo) {
    parts.push(
      `<image x="${logoX}" y="${y}" width="${logoSize}" height="${logoSize}" href="data:image/png;base64,${input.logo.toString('base64')}"/>`,
    );
  } else {
    parts.push(shield(logoX, y, logoSize, input.theme.dark));
  }
  y += logoSize + gap + labelSize;
  parts.push(
    `<text x="${centre}" y="${y}" font-size="${labelSize}" font-weight="700" letter-spacing="${labelSize * 0.18}" fill="#ffffff" fill-opacity="0.85">PROTECTED BY</text>`,
  );
  y += gap * 0.5 + nameSize;
  parts.push(
    `<text x="${centre}" y="${y}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(input.brandName)}</text>`,
  );
  y += gap;
  for (const line of message) {
    y += messageSize * 1.3;
    parts.push(
      `<text x="${centre}" y="${y - messageSize * 0.3}" font-size="${messageSize}" fill="#ffffff" fill-opacity="0.92">${escapeXml(line)}</text>`,
    );
  }
  y += gap * 1.4 + linkLabelSize;
  parts.push(
    `<text x="${centre}" y="${y}" font-size="${linkLabelSize}" font-weight="700" fill="#ffffff" fill-opacity="0.85">${linkLabel}</text>`,
  );
  y += gap * 0.5;
  const pillWidth = Math.min(
    column,
    [...input.link].length * linkSize * CHARACTER_WIDTH + 80 * unit,
  );
  parts.push(
    `<rect x="${centre - pillWidth / 2}" y="${y}" width="${pillWidth}" height="${pillHeight}" rx="${pillHeight / 2}" fill="#ffffff"/>`,
    `<text x="${centre}" y="${y + pillHeight / 2 + linkSize * 0.36}" font-size="${linkSize}" font-weight="700" fill="${input.theme.dark}">${escapeXml(input.link)}</text>`,
  );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${input.theme.light}"/>
      <stop offset="1" stop-color="${shade(input.theme.dark, 0.55)}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${width * 0.92}" cy="${height * 0.08}" r="${Math.max(width, height) * 0.28}" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="${width * 0.05}" cy="${height * 0.95}" r="${Math.max(width, height) * 0.22}" fill="#ffffff" fill-opacity="0.05"/>
  <g font-family="${FONTS}" text-anchor="middle">
    ${parts.join('\n    ')}
  </g>
</svg>`;
}

/** The image as PNG bytes, exactly the format's size. */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZES[input.format];
  return sharp(Buffer.from(shareImageSvg(input)))
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
