// sharp as every part of Shark uses it. libvips's settings are the process's (one library shared by the
// main thread and the fingerprint threads), so they are made here, once, and every module that decodes
// or encodes a picture imports sharp from this file.
import sharp from 'sharp';

// libvips keeps the results of recent operations (up to 50 MB, 100 operations) to answer a repeated one
// from memory. Shark decodes each picture it fetches once, so the cache never answered anything and only
// held memory: a scan's resident memory peaked ~40 MB higher with it (bench/scan-10k.ts).
sharp.cache(false);

export default sharp;
export type { OutputInfo, Sharp } from 'sharp';
