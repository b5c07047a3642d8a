// The photographs the matcher is evaluated on: Debian's ukui-wallpapers and tuxpaint-stamps-default,
// and the distinct photos among packages/engine/testdata/pdq. Stamps are object photos with transparency:
// tiny ones and clip-art (few colours) are skipped, the rest flattened on a plain or textured background.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { hammingDistance, lumaFromPixels, pdqWithDihedral } from '@shark/engine/matching/pdq.ts';
import { hashSeed, seededRandom, type RawImage } from '@shark/engine/matching/synthetic-edits.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

export interface Photo {
  /** Stable name: source and path. */
  name: string;
  source: 'wallpapers' | 'stamps' | 'pdq-testdata';
  load: () => Promise<RawImage>;
}

export interface PhotoSource {
  name: Photo['source'];
  dir: string;
  debianPackage?: string;
}

export const SOURCES: PhotoSource[] = [
  { name: 'wallpapers', dir: '/usr/share/backgrounds', debianPackage: 'ukui-wallpapers' },
  { name: 'stamps', dir: '/usr/share/tuxpaint/stamps', debianPackage: 'tuxpaint-stamps-default' },
  { name: 'pdq-testdata', dir: PDQ_IMAGES_DIR },
];

/** The distinct photographs of the PDQ test vectors (the others are edits of these, noise, or tiny). */
const PDQ_TESTDATA_PHOTOS = [
  'bridge-mods-aaa-orig.jpg',
  'labelme-subset-q0122.jpg',
  'labelme-subset-q0291.jpg',
  'labelme-subset-q0746.jpg',
  'labelme-subset-q1050.jpg',
  'labelme-subset-q2821.jpg',
];

const STAMP_MIN_SIDE = 120;
/** Distinct colours (5 bits a channel) in the opaque part: clip-art has a few dozen, photos hundreds. */
const STAMP_MIN_COLOURS = 300;
/** Share of the opaque pixels taken by the 8 commonest colours: flat fills in clip-art. */
const STAMP_MAX_TOP8_SHARE = 0.45;
/** The object must cover this share of its canvas, or the "photo" is mostly background. */
const STAMP_MIN_OPAQUE = 0.15;
const NEAR_DUPLICATE_PDQ = 50;

/** Files a Debian package installed (its dpkg list), or, off Debian, the directory's files. */
function packageFiles(source: PhotoSource): string[] {
  const list = source.debianPackage ? `/var/lib/dpkg/info/${source.debianPackage}.list` : '';
  const files =
    list && existsSync(list) ? readFileSync(list, 'utf8').split('\n') : walk(source.dir);
  return files
    .filter((f) => f.startsWith(source.dir) && /\.(png|jpe?g)$/i.test(f) && existsSync(f))
    .sort();
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/** The sources that are missing, with what to install. */
export function missingSources(sources: PhotoSource[]): string[] {
  return sources
    .filter(
      (s) =>
        !existsSync(s.dir) ||
        (s.debianPackage ? packageFiles(s).length === 0 : readdirSync(s.dir).length === 0),
    )
    .map((s) =>
      s.debianPackage
        ? `${s.dir} is missing: install the Debian package ${s.debianPackage} (apt-get install ${s.debianPackage})`
        : `${s.dir} is missing (the shared PDQ test data)`,
    );
}

interface StampStats {
  minSide: number;
  colours: number;
  top8: number;
  opaque: number;
}

async function stampStats(file: string): Promise<StampStats> {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  let opaque = 0;
  for (let p = 0; p < data.length; p += 4) {
    if (data[p + 3]! < 250) continue;
    opaque++;
    const key = ((data[p]! >> 3) << 10) | ((data[p + 1]! >> 3) << 5) | (data[p + 2]! >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top8 = [...counts.values()]
    .sort((a, b) => b - a)
    .slice(0, 8)
    .reduce((s, v) => s + v, 0);
  return {
    minSide: Math.min(info.width, info.height),
    colours: counts.size,
    top8: top8 / Math.max(1, opaque),
    opaque: opaque / (info.width * info.height),
  };
}

/**
 * A mottled background (fractal value noise between two muted colours, like a wall, fabric or ground):
 * structure at every scale, different for every photo, neither flat nor repetitive.
 */
async function texture(width: number, height: number, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const field = new Float32Array(width * height);
  let amplitude = 1;
  for (let cells = 3; cells <= 96; cells *= 2, amplitude *= 0.6) {
    const grid = Buffer.alloc(cells * cells);
    for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(random() * 256);
    const layer = await sharp(grid, { raw: { width: cells, height: cells, channels: 1 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let i = 0; i < field.length; i++) field[i]! += (layer[i]! / 255 - 0.5) * amplitude;
  }
  const muted = () => [0, 1, 2].map(() => 40 + random() * 160);
  const [a, b] = [muted(), muted()];
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < field.length; i++) {
    const t = Math.max(0, Math.min(1, 0.5 + field[i]! * 1.4));
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(a[c]! * (1 - t) + b[c]! * t);
  }
  return out;
}

async function flattenStamp(file: string, seed: number): Promise<RawImage> {
  const meta = await sharp(file).metadata();
  const width = meta.width;
  const height = meta.height;
  const random = seededRandom(seed);
  let pipeline: Sharp;
  if (random() < 0.35) {
    const colour = {
      r: Math.floor(random() * 256),
      g: Math.floor(random() * 256),
      b: Math.floor(random() * 256),
    };
    pipeline = sharp(file).flatten({ background: colour });
  } else {
    pipeline = sharp(await texture(width, height, seed), {
      raw: { width, height, channels: 3 },
    }).composite([{ input: file }]);
  }
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

async function rawOf(file: string): Promise<RawImage> {
  const { data, info } = await sharp(file)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** PDQ of the picture and of its mirror image, on a white background: to find near-duplicate sources. */
async function identity(file: string): Promise<[string, string]> {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .resize(256, 256, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const result = pdqWithDihedral(lumaFromPixels(data, info.width, info.height, 3));
  return [result.hash, result.dihedral.flipX];
}

export interface CollectedPhotos {
  photos: Photo[];
  skipped: { small: number; clipArt: number; duplicates: string[] };
}

export async function collectPhotos(seed: number): Promise<CollectedPhotos> {
  const [wallpapers, stamps, testdata] = SOURCES;
  const photos: Photo[] = [];
  const skipped = { small: 0, clipArt: 0, duplicates: [] as string[] };
  const seen: { name: string; hashes: [string, string] }[] = [];
  const keep = async (photo: Photo, file: string) => {
    const hashes = await identity(file);
    const twin = seen.find(
      (s) =>
        hammingDistance(s.hashes[0], hashes[0]) <= NEAR_DUPLICATE_PDQ ||
        hammingDistance(s.hashes[0], hashes[1]) <= NEAR_DUPLICATE_PDQ,
    );
    if (twin) {
      skipped.duplicates.push(`${photo.name} ~ ${twin.name}`);
      return;
    }
    seen.push({ name: photo.name, hashes });
    photos.push(photo);
  };
  for (const file of packageFiles(wallpapers!)) {
    await keep(
      { name: `wallpapers/${path.basename(file)}`, source: 'wallpapers', load: () => rawOf(file) },
      file,
    );
  }
  for (const name of PDQ_TESTDATA_PHOTOS) {
    const file = path.join(testdata!.dir, name);
    if (existsSync(file))
      await keep(
        { name: `pdq-testdata/${name}`, source: 'pdq-testdata', load: () => rawOf(file) },
        file,
      );
  }
  for (const file of packageFiles(stamps!)) {
    const stats = await stampStats(file);
    if (stats.minSide < STAMP_MIN_SIDE) {
      skipped.small++;
      continue;
    }
    if (
      stats.colours < STAMP_MIN_COLOURS ||
      stats.top8 > STAMP_MAX_TOP8_SHARE ||
      stats.opaque < STAMP_MIN_OPAQUE
    ) {
      skipped.clipArt++;
      continue;
    }
    const name = `stamps/${path.relative(stamps!.dir, file)}`;
    await keep(
      { name, source: 'stamps', load: () => flattenStamp(file, hashSeed(seed, name)) },
      file,
    );
  }
  return { photos, skipped };
}
