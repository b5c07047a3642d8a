// The brand's logo for the PDF report: the file its logoUrl names in the built web app (PNG or JPEG as
// is; SVG read as the simple shapes logos are made of: rects, circles and paths with flat or gradient
// fills). A logo that cannot be read leaves a monogram in the brand's colour instead of failing the report.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

export type Paint =
  | { kind: 'color'; color: string }
  | {
      kind: 'gradient';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stops: { offset: number; color: string }[];
    };

export type LogoShape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      rx: number;
      fill: Paint | null;
      stroke: Stroke | null;
    }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: Paint | null; stroke: Stroke | null }
  | { kind: 'path'; d: string; fill: Paint | null; stroke: Stroke | null };

export interface Stroke {
  paint: Paint;
  width: number;
  cap: 'butt' | 'round' | 'square';
  join: 'miter' | 'round' | 'bevel';
}

export type BrandLogo =
  | { kind: 'vector'; viewBox: [number, number, number, number]; shapes: LogoShape[] }
  | { kind: 'raster'; data: Buffer };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!, match[3] ?? match[4] ?? '');
  }
  // style="fill:#fff;stroke-width:2" counts like the attributes it sets.
  for (const declaration of (attributes.get('style') ?? '').split(';')) {
    const [name, value] = declaration.split(':').map((p) => p.trim());
    if (name && value) attributes.set(name, value);
  }
  return attributes;
}

function numberOf(value: string | undefined, fallback = 0): number {
  if (value === undefined) return fallback;
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
}

function colorOf(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
  return NAMED[v] ?? null;
}

/** Reads the SVG's shapes; null when it has none this reader understands. */
export function parseSvgLogo(svg: string): BrandLogo | null {
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) return null;
  const rootAttributes = attributesOf(root[0]);
  const box = (rootAttributes.get('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const width = numberOf(rootAttributes.get('width'), 0);
  const height = numberOf(rootAttributes.get('height'), 0);
  const viewBox: [number, number, number, number] =
    box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
      ? [box[0]!, box[1]!, box[2]!, box[3]!]
      : width > 0 && height > 0
        ? [0, 0, width, height]
        : [0, 0, 100, 100];

  const gradients = new Map<string, Paint>();
  for (const match of svg.matchAll(/<linearGradient\b([^>]*)>([\s\S]*?)<\/linearGradient>/gi)) {
    const attributes = attributesOf(`<g ${match[1]}>`);
    const id = attributes.get('id');
    const stops = [...match[2]!.matchAll(/<stop\b[^>]*>/gi)]
      .map((stop) => {
        const a = attributesOf(stop[0]);
        const color = colorOf(a.get('stop-color') ?? '');
        const raw = a.get('offset') ?? '0';
        const offset = raw.endsWith('%') ? numberOf(raw) / 100 : numberOf(raw);
        return color ? { offset: Math.min(1, Math.max(0, offset)), color } : null;
      })
      .filter((s): s is { offset: number; color: string } => s !== null);
    if (id && stops.length > 0) {
      gradients.set(id, {
        kind: 'gradient',
        x1: numberOf(attributes.get('x1'), 0),
        y1: numberOf(attributes.get('y1'), 0),
        x2: numberOf(attributes.get('x2'), 1),
        y2: numberOf(attributes.get('y2'), 0),
        stops,
      });
    }
  }
  const paintOf = (value: string | undefined, fallback: Paint | null): Paint | null => {
    if (value === undefined) return fallback;
    if (value.trim() === 'none') return null;
    const reference = /^url\(\s*#([^)\s]+)\s*\)$/.exec(value.trim());
    if (reference) return gradients.get(reference[1]!) ?? fallback;
    const color = colorOf(value);
    return color ? { kind: 'color', color } : fallback;
  };
  const strokeOf = (a: Map<string, string>): Stroke | null => {
    const paint = paintOf(a.get('stroke'), null);
    if (!paint) return null;
    const cap = a.get('stroke-linecap');
    const join = a.get('stroke-linejoin');
    return {
      paint,
      width: numberOf(a.get('stroke-width'), 1),
      cap: cap === 'round' || cap === 'square' ? cap : 'butt',
      join: join === 'round' || join === 'bevel' ? join : 'miter',
    };
  };

  // Shapes inside <defs> are not drawn.
  const drawn = svg.replace(/<defs\b[\s\S]*?<\/defs>/gi, '');
  const black: Paint = { kind: 'color', color: '#000000' };
  const shapes: LogoShape[] = [];
  for (const match of drawn.matchAll(/<(rect|circle|path)\b[^>]*>/gi)) {
    const a = attributesOf(match[0]);
    const fill = paintOf(a.get('fill'), black);
    const stroke = strokeOf(a);
    switch (match[1]!.toLowerCase()) {
      case 'rect':
        shapes.push({
          kind: 'rect',
          x: numberOf(a.get('x')),
          y: numberOf(a.get('y')),
          width: numberOf(a.get('width')),
          height: numberOf(a.get('height')),
          rx: numberOf(a.get('rx') ?? a.get('ry')),
          fill,
          stroke,
        });
        break;
      case 'circle':
        shapes.push({
          kind: 'circle',
          cx: numberOf(a.get('cx')),
          cy: numberOf(a.get('cy')),
          r: numberOf(a.get('r')),
          fill,
          stroke,
        });
        break;
      default: {
        const d = a.get('d');
        // A path's data is drawn by pdfkit's own SVG path parser; only its commands are allowed through.
        if (d && /^[\sMmLlHhVvCcSsQqTtAaZz0-9.,eE+-]+$/.test(d))
          shapes.push({ kind: 'path', d, fill, stroke });
      }
    }
  }
  return shapes.length > 0 ? { kind: 'vector', viewBox, shapes } : null;
}

const cache = new Map<string, BrandLogo | null>();

/**
 * The logo of a brand whose logoUrl is a path of the web app (`/brand/shark-logo.svg`), looked for in
 * each directory in turn (the built app, then its sources); null for an outside URL or a missing file.
 */
export function loadBrandLogo(logoUrl: string, directories: readonly string[]): BrandLogo | null {
  const key = `${logoUrl}\n${directories.join('\n')}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  let logo: BrandLogo | null = null;
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) {
    const relative = normalize(decodeURIComponent(logoUrl.split(/[?#]/)[0]!)).replace(
      /^[/\\]+/,
      '',
    );
    for (const directory of directories) {
      if (relative.startsWith('..') || relative.includes(`${sep}..${sep}`)) break;
      const file = join(directory, relative);
      if (!existsSync(file)) continue;
      try {
        const data = readFileSync(file);
        if (/\.svg$/i.test(file)) logo = parseSvgLogo(data.toString('utf8'));
        else if (/\.(png|jpe?g)$/i.test(file)) logo = { kind: 'raster', data };
      } catch {
        logo = null;
      }
      break;
    }
  }
  cache.set(key, logo);
  return logo;
}
