// The brand's logo for the PDF report: the file its logoUrl names in the built web app. PNG and JPEG go
// in as they are; an SVG is rendered to a PNG by sharp (librsvg), at a density that gives the vector
// drawing LOGO_PIXELS pixels on its longer side, so the logo stays crisp at print resolution. A logo that
// cannot be read leaves a monogram in the brand's colour instead of failing the report.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import sharp from '@shark/engine/media/sharp.ts';

/** A picture pdfkit draws as it is (PNG or JPEG). */
export interface BrandLogo {
  kind: 'raster';
  data: Buffer;
}

/**
 * Pixels on the longer side of a rendered SVG logo. The letterhead draws it in a 30-point square, so
 * this is about 1,400 dpi there: sharp on screen at any zoom and in print.
 */
export const LOGO_PIXELS = 576;

/** SVG's own unit: librsvg renders 72 user units per inch at density 72. */
const SVG_DENSITY = 72;
/** librsvg's ceiling for density. */
const MAX_DENSITY = 100_000;

/** The SVG drawn as a PNG, LOGO_PIXELS on its longer side; null when it is not an SVG sharp can read. */
export async function renderSvgLogo(svg: Buffer): Promise<BrandLogo | null> {
  try {
    const { width, height, format } = await sharp(svg).metadata();
    if (format !== 'svg' || !width || !height) return null;
    const density = Math.min((SVG_DENSITY * LOGO_PIXELS) / Math.max(width, height), MAX_DENSITY);
    const data = await sharp(svg, { density })
      .resize(LOGO_PIXELS, LOGO_PIXELS, {
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png()
      .toBuffer();
    return { kind: 'raster', data };
  } catch {
    return null;
  }
}

const cache = new Map<string, Promise<BrandLogo | null>>();

/**
 * The logo of `logoUrl` (a path within the web app, e.g. /brand/shark-logo.svg) from the first of
 * `directories` that has the file; never a file outside them, never a remote URL. Read once per
 * process.
 */
export function loadBrandLogo(
  logoUrl: string,
  directories: readonly string[],
): Promise<BrandLogo | null> {
  const key = `${logoUrl}\n${directories.join('\n')}`;
  let logo = cache.get(key);
  if (!logo) {
    logo = readLogo(logoUrl, directories);
    cache.set(key, logo);
  }
  return logo;
}

async function readLogo(
  logoUrl: string,
  directories: readonly string[],
): Promise<BrandLogo | null> {
  if (!logoUrl.startsWith('/') || logoUrl.startsWith('//')) return null;
  const relative = normalize(decodeURIComponent(logoUrl.split(/[?#]/)[0]!)).replace(/^[/\\]+/, '');
  for (const directory of directories) {
    if (relative.startsWith('..') || relative.includes(`${sep}..${sep}`)) break;
    const file = join(directory, relative);
    if (!existsSync(file)) continue;
    try {
      const data = readFileSync(file);
      if (/\.svg$/i.test(file)) return await renderSvgLogo(data);
      if (/\.(png|jpe?g)$/i.test(file)) return { kind: 'raster', data };
    } catch {
      return null;
    }
    break;
  }
  return null;
}
