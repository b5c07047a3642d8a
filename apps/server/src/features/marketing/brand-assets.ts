// The brand's logo file for marketing material: read from the web app's folders (the built app, then its
// sources) when the brand's logoUrl is a path of the app, and drawn as a PNG of the size asked.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import sharp from '@shark/engine/media/sharp.ts';

export interface LogoFile {
  data: Buffer;
  isSvg: boolean;
}

const files = new Map<string, LogoFile | null>();

/** The logo's bytes, or null for an outside URL, a path leaving the folders, or a missing file. */
export function readLogoFile(logoUrl: string, directories: readonly string[]): LogoFile | null {
  const key = `${logoUrl}\n${directories.join('\n')}`;
  if (files.has(key)) return files.get(key) ?? null;
  let logo: LogoFile | null = null;
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) {
    let relative: string | null = null;
    try {
      relative = normalize(decodeURIComponent(logoUrl.split(/[?#]/)[0]!)).replace(/^[/\\]+/, '');
    } catch {
      relative = null;
    }
    const isInside =
      relative !== null && !relative.startsWith('..') && !relative.includes(`${sep}..${sep}`);
    for (const directory of isInside && relative !== null ? directories : []) {
      const file = join(directory, relative!);
      if (!existsSync(file) || !/\.(svg|png|jpe?g)$/i.test(file)) continue;
      try {
        logo = { data: readFileSync(file), isSvg: /\.svg$/i.test(file) };
      } catch {
        logo = null;
      }
      break;
    }
  }
  files.set(key, logo);
  return logo;
}

/** The logo as a PNG fitted in a `size` square (transparent around it); null if it cannot be drawn. */
export async function logoPng(logo: LogoFile | null, size: number): Promise<Buffer | null> {
  if (!logo) return null;
  try {
    return await sharp(logo.data, logo.isSvg ? { density: 300 } : {})
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
