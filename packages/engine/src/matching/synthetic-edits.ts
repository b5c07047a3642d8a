// The edits leakers make to a photo, generated with sharp from a seeded random source: used by the
// matcher's tests and by the evaluation harness (eval/match.ts), so both measure the same edits.
// Text is drawn with a built-in stroke font (SVG paths), not system fonts, so that the same seed gives
// the same pixels on every machine with the same sharp build.
import sharp, { type Sharp } from '../media/sharp.ts';

export const EDIT_TYPES = [
  'jpeg-low',
  'resize',
  'crop-one-side',
  'crop-two-sides',
  'crop-center',
  'pad-black',
  'letterbox-white',
  'pillarbox-colour',
  'pad-blur',
  'watermark-text',
  'watermark-logo',
  'mirror',
  'rotate-fill',
  'rotate-crop',
  'greyscale',
  'screenshot',
] as const;

export type EditType = (typeof EDIT_TYPES)[number];

/** What each edit does, for reports. */
export const EDIT_DESCRIPTIONS: Record<EditType, string> = {
  'jpeg-low': 'JPEG re-encoded at quality 12–30',
  resize: 'downscaled to 35–75%, JPEG',
  'crop-one-side': '5–20% cut from one side',
  'crop-two-sides': '5–20% cut from a horizontal and a vertical side',
  'crop-center': 'centre kept, 5–20% of each dimension cut (split over both ends)',
  'pad-black': 'black border on all sides, 10–25% of each dimension',
  'letterbox-white': 'white bars top and bottom, 10–25% of the height',
  'pillarbox-colour': 'coloured bars left and right, 10–25% of the width',
  'pad-blur': 'letterbox or pillarbox filled with the blurred picture, 10–25%',
  'watermark-text': 'semi-transparent text, diagonal across or in a corner',
  'watermark-logo': 'semi-transparent logo, 15–30% of the width',
  mirror: 'horizontal flip',
  'rotate-fill': 'rotated 2–5°, canvas grown, corners filled',
  'rotate-crop': 'rotated 2–5°, cropped to the largest rectangle without fill',
  greyscale: 'greyscale',
  screenshot: 'placed in a web-page-like canvas (header, text blocks, margins), PNG or JPEG',
};

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  /** 3 (RGB). */
  channels: 3;
}

export type Random = () => number;

/** Deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a string (FNV-1a), to derive per-item random streams from one run seed. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const between = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random();
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** A picture with structure at several scales: overlapping shapes on a noisy gradient (for tests). */
export async function generatedPicture(seed: number, width = 360, height = 270): Promise<RawImage> {
  const random = seededRandom(seed);
  const colour = () =>
    `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  let shapes = '';
  for (let i = 0; i < 28; i++) {
    const x = random() * width;
    const y = random() * height;
    const s = 8 + random() * 60;
    if (i % 3 === 0)
      shapes += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(s / 2).toFixed(1)}" fill="${colour()}"/>`;
    else if (i % 3 === 1)
      shapes += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${s.toFixed(1)}" height="${(s * (0.4 + random())).toFixed(1)}" fill="${colour()}" transform="rotate(${(random() * 90).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
    else
      shapes += `<polygon points="${[0, 1, 2].map(() => `${(x + (random() - 0.5) * 2 * s).toFixed(1)},${(y + (random() - 0.5) * 2 * s).toFixed(1)}`).join(' ')}" fill="${colour()}"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const raw = await toRaw(Buffer.from(svg));
  for (let i = 0; i < raw.data.length; i++)
    raw.data[i] = Math.max(0, Math.min(255, raw.data[i]! + Math.round((random() - 0.5) * 16)));
  return raw;
}

/** Decodes any image into flattened RGB (on `background` where transparent). */
export async function toRaw(input: string | Buffer, background = '#ffffff'): Promise<RawImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .flatten({ background })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

const fromRaw = (image: RawImage) =>
  sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });

async function rawOf(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

const jpeg = (pipeline: Sharp, quality: number) =>
  pipeline.jpeg({ quality: Math.round(quality) }).toBuffer();

function randomColour(random: Random): { r: number; g: number; b: number } {
  return {
    r: Math.floor(random() * 256),
    g: Math.floor(random() * 256),
    b: Math.floor(random() * 256),
  };
}

const css = (c: { r: number; g: number; b: number }) => `rgb(${c.r},${c.g},${c.b})`;

/** Stroke font on a 4×6 grid (y down): enough letters for watermarks and page text. */
const GLYPHS: Record<string, string> = {
  A: 'M0 6L2 0L4 6M1 3.5L3 3.5',
  B: 'M0 0L0 6L3 6L4 5L4 4L3 3L0 3M3 3L4 2L4 1L3 0L0 0',
  C: 'M4 0L0 0L0 6L4 6',
  D: 'M0 0L0 6L2.5 6L4 4.5L4 1.5L2.5 0Z',
  E: 'M4 0L0 0L0 6L4 6M0 3L3 3',
  F: 'M4 0L0 0L0 6M0 3L3 3',
  G: 'M4 1L4 0L0 0L0 6L4 6L4 3L2 3',
  H: 'M0 0L0 6M4 0L4 6M0 3L4 3',
  I: 'M2 0L2 6M1 0L3 0M1 6L3 6',
  J: 'M4 0L4 6L0 6L0 4',
  K: 'M0 0L0 6M4 0L0 3.5M1.2 2.8L4 6',
  L: 'M0 0L0 6L4 6',
  M: 'M0 6L0 0L2 3L4 0L4 6',
  N: 'M0 6L0 0L4 6L4 0',
  O: 'M0 0L4 0L4 6L0 6Z',
  P: 'M0 6L0 0L4 0L4 3L0 3',
  Q: 'M0 0L4 0L4 6L0 6ZM2.5 4.5L4.5 6.5',
  R: 'M0 6L0 0L4 0L4 3L0 3M1.5 3L4 6',
  S: 'M4 0L0 0L0 3L4 3L4 6L0 6',
  T: 'M0 0L4 0M2 0L2 6',
  U: 'M0 0L0 6L4 6L4 0',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L1 6L2 2L3 6L4 0',
  X: 'M0 0L4 6M4 0L0 6',
  Y: 'M0 0L2 3L4 0M2 3L2 6',
  Z: 'M0 0L4 0L0 6L4 6',
  '0': 'M0 0L4 0L4 6L0 6ZM0 6L4 0',
  '1': 'M1 1L2 0L2 6',
  '2': 'M0 0L4 0L4 3L0 3L0 6L4 6',
  '3': 'M0 0L4 0L4 6L0 6M0 3L4 3',
  '4': 'M0 0L0 3L4 3M4 0L4 6',
  '5': 'M4 0L0 0L0 3L4 3L4 6L0 6',
  '6': 'M4 0L0 0L0 6L4 6L4 3L0 3',
  '7': 'M0 0L4 0L1 6',
  '8': 'M0 0L4 0L4 6L0 6ZM0 3L4 3',
  '9': 'M4 3L0 3L0 0L4 0L4 6L0 6',
  '@': 'M3 4L3 2L1 2L1 4L4 4L4 0L0 0L0 6L4 6',
  '.': 'M1.8 5.6L2.2 5.6L2.2 6L1.8 6Z',
  '-': 'M0.5 3L3.5 3',
};

const WATERMARK_TEXTS = [
  'LEAKED',
  '@FREEPICS',
  'SHARED BY VIP',
  'HOTLEAKS.NET',
  'COPY 2024',
  '@ARCHIVE99',
  'NOT FOR SALE',
];

/** SVG path of `text` with the stroke font; each character is 6 units wide and 6 tall. */
function textPath(text: string, x: number, y: number, size: number): string {
  const unit = size / 6;
  let d = '';
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const ox = x + i * 6 * unit;
    d += glyph.replace(
      /([ML])([\d.]+) ([\d.]+)/g,
      (_m, cmd: string, gx: string, gy: string) =>
        `${cmd}${(ox + Number(gx) * unit).toFixed(1)} ${(y + Number(gy) * unit).toFixed(1)}`,
    );
  });
  return d;
}

function textWidth(text: string, size: number): number {
  return text.length * size - size / 3;
}

async function watermarkText(image: RawImage, random: Random): Promise<Buffer> {
  const { width, height } = image;
  const text = pick(random, WATERMARK_TEXTS);
  const colour = random() < 0.5 ? '255,255,255' : '0,0,0';
  const opacity = between(random, 0.35, 0.6);
  let svgBody: string;
  if (random() < 0.5) {
    // Large, diagonal, across the middle.
    const size = Math.min((width * 0.8) / text.length, height * between(random, 0.08, 0.14));
    const w = textWidth(text, size);
    const angle = between(random, -30, -15);
    svgBody = `<g transform="rotate(${angle.toFixed(1)} ${width / 2} ${height / 2})"><path d="${textPath(text, (width - w) / 2, height / 2 - size / 2, size)}"/></g>`;
  } else {
    const size = Math.min((width * 0.45) / text.length, height * between(random, 0.05, 0.09));
    const w = textWidth(text, size);
    const margin = 0.04 * Math.min(width, height);
    const left = random() < 0.5 ? margin : width - margin - w;
    const top = random() < 0.5 ? margin : height - margin - size;
    svgBody = `<path d="${textPath(text, left, top, size)}"/>`;
  }
  const stroke = Math.max(1.5, Math.min(width, height) * 0.012);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="none" stroke="rgb(${colour})" stroke-opacity="${opacity.toFixed(2)}" stroke-width="${stroke.toFixed(1)}" stroke-linecap="round" stroke-linejoin="round">${svgBody}</g></svg>`;
  return jpeg(fromRaw(image).composite([{ input: Buffer.from(svg) }]), between(random, 75, 90));
}

async function watermarkLogo(image: RawImage, random: Random): Promise<Buffer> {
  const { width, height } = image;
  const size = Math.round(Math.min(width * between(random, 0.15, 0.3), height * 0.6));
  const colour = css(randomColour(random));
  const opacity = between(random, 0.4, 0.75);
  const r = size / 2;
  const star = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI * i) / 5 - Math.PI / 2;
    const rr = i % 2 === 0 ? r * 0.55 : r * 0.24;
    return `${(r + rr * Math.cos(a)).toFixed(1)},${(r + rr * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" opacity="${opacity.toFixed(2)}"><circle cx="${r}" cy="${r}" r="${(r * 0.92).toFixed(1)}" fill="none" stroke="${colour}" stroke-width="${(r * 0.14).toFixed(1)}"/><polygon points="${star}" fill="${colour}"/></svg>`;
  const margin = Math.round(0.03 * Math.min(width, height));
  const spots = [
    [margin, margin],
    [width - size - margin, margin],
    [margin, height - size - margin],
    [width - size - margin, height - size - margin],
    [Math.round((width - size) / 2), Math.round((height - size) / 2)],
  ] as const;
  const [left, top] = pick(random, spots);
  return jpeg(
    fromRaw(image).composite([
      { input: Buffer.from(svg), left: Math.max(0, left), top: Math.max(0, top) },
    ]),
    between(random, 75, 90),
  );
}

function pad(
  image: RawImage,
  fractions: { left: number; right: number; top: number; bottom: number },
  background: { r: number; g: number; b: number },
) {
  return fromRaw(image).extend({
    left: Math.round(image.width * fractions.left),
    right: Math.round(image.width * fractions.right),
    top: Math.round(image.height * fractions.top),
    bottom: Math.round(image.height * fractions.bottom),
    background,
  });
}

async function padBlur(image: RawImage, random: Random): Promise<Buffer> {
  const total = between(random, 0.1, 0.25);
  const horizontal = random() < 0.5; // pillarbox
  const width = horizontal ? Math.round(image.width * (1 + total)) : image.width;
  const height = horizontal ? image.height : Math.round(image.height * (1 + total));
  const fill = await fromRaw(image)
    .resize(width, height, { fit: 'cover' })
    .blur(between(random, 8, 20))
    .modulate({ brightness: between(random, 0.6, 1) })
    .raw()
    .toBuffer();
  const composed = sharp(fill, { raw: { width, height, channels: 3 } }).composite([
    {
      input: image.data,
      raw: { width: image.width, height: image.height, channels: 3 },
      left: Math.round((width - image.width) / 2),
      top: Math.round((height - image.height) / 2),
    },
  ]);
  return jpeg(composed, between(random, 75, 90));
}

function crop(image: RawImage, cut: { left: number; right: number; top: number; bottom: number }) {
  const left = Math.round(image.width * cut.left);
  const top = Math.round(image.height * cut.top);
  const width = image.width - left - Math.round(image.width * cut.right);
  const height = image.height - top - Math.round(image.height * cut.bottom);
  return fromRaw(image).extract({ left, top, width, height });
}

async function rotateFill(image: RawImage, random: Random): Promise<Buffer> {
  const angle = between(random, 2, 5) * (random() < 0.5 ? -1 : 1);
  const background = pick(random, [
    { r: 0, g: 0, b: 0 },
    { r: 255, g: 255, b: 255 },
    randomColour(random),
  ]);
  return jpeg(fromRaw(image).rotate(angle, { background }), between(random, 75, 90));
}

async function rotateCrop(image: RawImage, random: Random): Promise<Buffer> {
  const angle = between(random, 2, 5) * (random() < 0.5 ? -1 : 1);
  const rotated = await rawOf(fromRaw(image).rotate(angle, { background: { r: 0, g: 0, b: 0 } }));
  // Largest centred rectangle of the original's aspect inside the rotated picture.
  const t = (Math.abs(angle) * Math.PI) / 180;
  const { width: w, height: h } = image;
  const scale = Math.min(
    w / (w * Math.cos(t) + h * Math.sin(t)),
    h / (w * Math.sin(t) + h * Math.cos(t)),
  );
  const cw = Math.floor(w * scale) - 2;
  const ch = Math.floor(h * scale) - 2;
  const left = Math.floor((rotated.width - cw) / 2);
  const top = Math.floor((rotated.height - ch) / 2);
  return jpeg(
    fromRaw(rotated).extract({ left, top, width: cw, height: ch }),
    between(random, 75, 90),
  );
}

/** Grey bars of word-like widths: what text looks like at a glance. */
function textBlock(
  x: number,
  y: number,
  width: number,
  lines: number,
  lineHeight: number,
  random: Random,
  colour: string,
): string {
  let out = '';
  for (let line = 0; line < lines; line++) {
    let cx = x;
    const end = line === lines - 1 ? x + width * between(random, 0.3, 0.9) : x + width;
    while (cx < end) {
      const word = lineHeight * between(random, 1, 4.5);
      if (cx + word > end) break;
      out += `<rect x="${cx.toFixed(1)}" y="${(y + line * lineHeight * 1.6).toFixed(1)}" width="${word.toFixed(1)}" height="${(lineHeight * 0.75).toFixed(1)}" fill="${colour}"/>`;
      cx += word + lineHeight * 0.5;
    }
  }
  return out;
}

async function screenshot(image: RawImage, random: Random): Promise<Buffer> {
  // The photo is shown at 60–110% of its size and takes 40–75% of the page's width.
  const shown = between(random, 0.6, 1.1);
  const photoWidth = Math.max(32, Math.round(image.width * shown));
  const photoHeight = Math.max(32, Math.round(image.height * shown));
  const pageWidth = Math.round(photoWidth / between(random, 0.4, 0.75));
  const header = Math.round(between(random, 40, 70) * (pageWidth / 1000) + 24);
  const margin = Math.round(pageWidth * between(random, 0.04, 0.1));
  const below = Math.round(between(random, 0.15, 0.5) * photoHeight);
  const pageHeight = header + margin + photoHeight + below + margin;
  const pageColour = pick(random, ['#ffffff', '#f4f4f6', '#1e1f24', '#fafaf5']);
  const dark = pageColour === '#1e1f24';
  const textColour = dark ? '#b8bac4' : pick(random, ['#30333a', '#555a66', '#222222']);
  const headerColour = css(randomColour(random));
  const lineHeight = Math.max(6, Math.round(pageWidth * 0.014));
  const photoLeft = random() < 0.6 ? margin : Math.round((pageWidth - photoWidth) / 2);
  const photoTop = header + margin;
  let shapes = `<rect x="0" y="0" width="${pageWidth}" height="${header}" fill="${headerColour}"/>`;
  shapes += textBlock(
    margin,
    header * 0.35,
    pageWidth * 0.3,
    1,
    header * 0.3,
    random,
    'rgba(255,255,255,0.85)',
  );
  // Text beside the photo when there is room, and under it.
  const besideX = photoLeft + photoWidth + margin;
  if (pageWidth - besideX - margin > lineHeight * 6) {
    const lines = Math.floor(photoHeight / (lineHeight * 1.6));
    shapes += textBlock(
      besideX,
      photoTop,
      pageWidth - besideX - margin,
      lines,
      lineHeight,
      random,
      textColour,
    );
  }
  const underLines = Math.max(1, Math.floor((below - lineHeight) / (lineHeight * 1.6)));
  shapes += textBlock(
    margin,
    photoTop + photoHeight + lineHeight,
    pageWidth - 2 * margin,
    underLines,
    lineHeight,
    random,
    textColour,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pageWidth}" height="${pageHeight}"><rect width="100%" height="100%" fill="${pageColour}"/>${shapes}</svg>`;
  const photo = await fromRaw(image).resize(photoWidth, photoHeight).raw().toBuffer();
  const page = sharp(Buffer.from(svg))
    .flatten({ background: pageColour })
    .composite([
      {
        input: photo,
        raw: { width: photoWidth, height: photoHeight, channels: 3 },
        left: photoLeft,
        top: photoTop,
      },
    ]);
  return random() < 0.5 ? page.png().toBuffer() : jpeg(page, between(random, 70, 90));
}

/** Applies one edit; the result is an encoded image file (JPEG or PNG), as found on the web. */
export async function applyEdit(image: RawImage, type: EditType, random: Random): Promise<Buffer> {
  const q = () => between(random, 75, 92);
  const p = () => between(random, 0.05, 0.2);
  const padFraction = () => between(random, 0.05, 0.125); // per side: 10–25% in total
  switch (type) {
    case 'jpeg-low':
      return jpeg(fromRaw(image), between(random, 12, 30));
    case 'resize': {
      const scale = between(random, 0.35, 0.75);
      return jpeg(
        fromRaw(image).resize(
          Math.max(16, Math.round(image.width * scale)),
          Math.max(16, Math.round(image.height * scale)),
        ),
        q(),
      );
    }
    case 'crop-one-side': {
      const cut = { left: 0, right: 0, top: 0, bottom: 0 };
      cut[pick(random, ['left', 'right', 'top', 'bottom'] as const)] = p();
      return jpeg(crop(image, cut), q());
    }
    case 'crop-two-sides': {
      const cut = { left: 0, right: 0, top: 0, bottom: 0 };
      cut[pick(random, ['left', 'right'] as const)] = p();
      cut[pick(random, ['top', 'bottom'] as const)] = p();
      return jpeg(crop(image, cut), q());
    }
    case 'crop-center': {
      const fraction = p() / 2;
      return jpeg(
        crop(image, { left: fraction, right: fraction, top: fraction, bottom: fraction }),
        q(),
      );
    }
    case 'pad-black': {
      const f = padFraction();
      return jpeg(pad(image, { left: f, right: f, top: f, bottom: f }, { r: 0, g: 0, b: 0 }), q());
    }
    case 'letterbox-white': {
      const f = padFraction();
      return jpeg(
        pad(image, { left: 0, right: 0, top: f, bottom: f }, { r: 255, g: 255, b: 255 }),
        q(),
      );
    }
    case 'pillarbox-colour': {
      const f = padFraction();
      return jpeg(pad(image, { left: f, right: f, top: 0, bottom: 0 }, randomColour(random)), q());
    }
    case 'pad-blur':
      return padBlur(image, random);
    case 'watermark-text':
      return watermarkText(image, random);
    case 'watermark-logo':
      return watermarkLogo(image, random);
    case 'mirror':
      return jpeg(fromRaw(image).flop(), q());
    case 'rotate-fill':
      return rotateFill(image, random);
    case 'rotate-crop':
      return rotateCrop(image, random);
    case 'greyscale':
      return jpeg(fromRaw(image).greyscale(), q());
    case 'screenshot':
      return screenshot(image, random);
  }
}
