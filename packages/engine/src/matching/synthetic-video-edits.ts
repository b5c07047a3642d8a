// How re-uploaders dress up a video clip, as ffmpeg filter chains from a seeded random source: the
// picture shrunk into a larger black frame, a semi-transparent site name and handle in a corner, a
// large faint word across the middle, and all of them together. Used by the video matcher's tests and
// by the evaluation harness (eval/match.ts), so both measure the same edits.
import { existsSync } from 'node:fs';
import { between, pick, type Random } from './synthetic-edits.ts';

export const VIDEO_EDIT_TYPES = [
  'framed',
  'corner-watermark',
  'word-across',
  'framed-watermarked',
] as const;

export type VideoEditType = (typeof VIDEO_EDIT_TYPES)[number];

export const VIDEO_EDIT_DESCRIPTIONS: Record<VideoEditType, string> = {
  framed: 'scaled to 45–75% into a larger 16:9 or 4:3 black frame, borders on all sides',
  'corner-watermark': 'site name and handle in a corner, white or black at 40–70% opacity',
  'word-across': 'one large word across the middle at 20–35% opacity',
  'framed-watermarked': 'framed, with the corner watermark on the frame and the word across',
};

/** Bold sans-serif fonts Debian installs with ffmpeg's usual companions; the first present is used. */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
];

export class FontMissingError extends Error {
  override readonly name = 'FontMissingError';
  constructor() {
    super(
      `No font for the text overlays: install fonts-dejavu-core (looked for ${FONT_FILES[0]}).`,
    );
  }
}

export function overlayFont(): string {
  const font = FONT_FILES.find((file) => existsSync(file));
  if (!font) throw new FontMissingError();
  return font;
}

const SITES = ['leakvids.example', 'tubecopies.example', 'freeclips.example', 'vidhub.example'];
const HANDLES = ['@hotclips', '@archive99', '@free.vids', '@reup_daily'];
const WORDS = ['PREVIEW', 'LEAKED', 'SAMPLE', 'FREE'];

/** drawtext escapes: the text is quoted, and ':' and '\'' must not end the option. */
const quoted = (text: string) => `'${text.replace(/[\\':]/g, (c) => `\\${c}`)}'`;

function cornerWatermark(random: Random, font: string): string {
  const text = `${pick(random, SITES)} ${pick(random, HANDLES)}`;
  const colour = random() < 0.7 ? 'white' : 'black';
  const opacity = between(random, 0.4, 0.7).toFixed(2);
  const size = `h/${Math.round(between(random, 18, 26))}`;
  const x = random() < 0.5 ? 'w*0.03' : 'w-tw-w*0.03';
  const y = random() < 0.5 ? 'h*0.03' : 'h-th-h*0.03';
  return `drawtext=fontfile=${font}:text=${quoted(text)}:fontsize=${size}:fontcolor=${colour}@${opacity}:x=${x}:y=${y}`;
}

function wordAcross(random: Random, font: string): string {
  const word = pick(random, WORDS);
  const opacity = between(random, 0.2, 0.35).toFixed(2);
  // As wide as 80–95% of the frame: a glyph of this font is about 0.7 of its size wide.
  const size = `min(h/3\\,w*${between(random, 0.8, 0.95).toFixed(2)}/${(word.length * 0.7).toFixed(1)})`;
  return `drawtext=fontfile=${font}:text=${quoted(word)}:fontsize=${size}:fontcolor=white@${opacity}:x=(w-tw)/2:y=(h-th)/2`;
}

/** The picture shrunk into a larger black frame, off centre by a little. */
function framed(random: Random, width: number, height: number): string {
  const frameHeight = Math.round((height * between(random, 1.1, 1.4)) / 2) * 2;
  const frameWidth = Math.round((frameHeight * (random() < 0.7 ? 16 / 9 : 4 / 3)) / 2) * 2;
  const scale = between(random, 0.45, 0.75);
  // Fit the shrunk picture inside the frame with room on every side.
  const fit = Math.min((frameWidth * scale) / width, (frameHeight * scale) / height);
  const w = Math.round((width * fit) / 2) * 2;
  const h = Math.round((height * fit) / 2) * 2;
  const left = Math.round((frameWidth - w) * between(random, 0.35, 0.65));
  const top = Math.round((frameHeight - h) * between(random, 0.35, 0.65));
  return `scale=${w}:${h},setsar=1,pad=${frameWidth}:${frameHeight}:${left}:${top}:black`;
}

/** The `-vf` filter chain of an edit, for a clip of width × height. */
export function videoEditFilter(
  type: VideoEditType,
  random: Random,
  size: { width: number; height: number },
): string {
  switch (type) {
    case 'framed':
      return framed(random, size.width, size.height);
    case 'corner-watermark':
      return cornerWatermark(random, overlayFont());
    case 'word-across':
      return wordAcross(random, overlayFont());
    case 'framed-watermarked':
      return [
        framed(random, size.width, size.height),
        cornerWatermark(random, overlayFont()),
        wordAcross(random, overlayFont()),
      ].join(',');
  }
}
