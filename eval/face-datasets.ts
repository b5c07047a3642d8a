// The labelled face photographs the face evaluation reads: a folder per person, or an installed
// registry package.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface LabelledPhoto {
  /** Who is on it. */
  person: string;
  file: string;
  /** Stable name for listings. */
  name: string;
}

export interface FaceDataset {
  name: string;
  photos: LabelledPhoto[];
}

const PICTURE = /\.(jpe?g|png|webp|pgm|bmp)$/i;

/** One sub-folder per person, her photos inside. */
export function photosInFolders(dir: string): LabelledPhoto[] {
  if (!existsSync(dir)) return [];
  const photos: LabelledPhoto[] = [];
  for (const person of readdirSync(dir).sort()) {
    const folder = path.join(dir, person);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder).sort()) {
      if (PICTURE.test(file)) {
        photos.push({ person, file: path.join(folder, file), name: `${person}/${file}` });
      }
    }
  }
  return photos;
}

/**
 * Debian's `libdlib19.1` ships the photos of dlib's face clustering example: five people named John,
 * eleven photos each, as 150×150 face crops.
 */
export const DLIB_JOHNS = {
  name: 'dlib examples/johns (Debian libdlib19.1)',
  dir: '/usr/share/doc/libdlib19.1/examples/johns',
  debianPackage: 'libdlib19.1',
};

/** The first installed dataset, or null. */
export function installedFaceDataset(): FaceDataset | null {
  const photos = photosInFolders(DLIB_JOHNS.dir);
  return photos.length > 0 ? { name: DLIB_JOHNS.name, photos } : null;
}
