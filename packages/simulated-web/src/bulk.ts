// The bulk mode: N extra pages for benchmarks, spread over the searchable sites and listed on their
// (paginated) search pages. A page is computed from its index and the seed whenever it is asked for,
// and its pictures come from a small pool of rendered pictures, each file made distinct by a JPEG
// comment, so 10,000 pages cost a few megabytes.
import { hashSeed, seededRandom } from '@shark/engine/matching/synthetic-edits.ts';
import type { SiteId } from './model.ts';
import { COPY_EDITS, type Picture } from './pictures.ts';
import { REFERENCE_COUNT, type ExpectedLeak } from './scenario.ts';

export const BULK_SITES: readonly SiteId[] = [
  'sim-tube',
  'sim-forum',
  'sim-files',
  'sim-board',
  'sim-tg',
  'sim-social',
];

/** Distinct unrelated pictures and variants per copy edit in the pool. */
const UNRELATED_POOL = 48;
const COPY_VARIANTS = 2;
/** Variants of the bulk pool start here, apart from the default scenario's pictures. */
const POOL_VARIANT_BASE = 100;

export interface BulkPicture {
  path: string;
  picture: Picture;
  /** The bytes are the pool picture's with this tag as a JPEG comment. */
  tag: string;
}

export interface BulkPage {
  index: number;
  site: SiteId;
  path: string;
  title: string;
  text: string;
  pictures: BulkPicture[];
}

export const bulkPagePath = (index: number) => `/b/${index}`;
export const bulkPicturePath = (index: number, position: number) => `/m/b${index}-${position}.jpg`;

export function parseBulkPagePath(pathname: string): number | null {
  const match = /^\/b\/(\d{1,7})$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

export function parseBulkPicturePath(pathname: string): { index: number; position: number } | null {
  const match = /^\/m\/b(\d{1,7})-(\d)\.jpg$/.exec(pathname);
  return match ? { index: Number(match[1]), position: Number(match[2]) } : null;
}

export class BulkPages {
  /** Page indexes of each site, in order (what its search pages list after the scenario's results). */
  private readonly bySite = new Map<SiteId, number[]>();

  constructor(
    private readonly seed: number,
    readonly count: number,
    private readonly copyShare: number,
    private readonly displayName: string,
  ) {
    for (const site of BULK_SITES) this.bySite.set(site, []);
    for (let index = 0; index < count; index++) this.bySite.get(this.siteOf(index))!.push(index);
  }

  siteOf(index: number): SiteId {
    return BULK_SITES[index % BULK_SITES.length]!;
  }

  indexesOf(site: SiteId): readonly number[] {
    return this.bySite.get(site) ?? [];
  }

  page(index: number): BulkPage | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return null;
    const random = seededRandom(hashSeed(this.seed, 'bulk-page', index));
    const pictureCount = 1 + Math.floor(random() * 3);
    const pictures: BulkPicture[] = [];
    for (let position = 0; position < pictureCount; position++) {
      const isCopy = random() < this.copyShare;
      const picture: Picture = isCopy
        ? {
            kind: 'copy',
            reference: Math.floor(random() * REFERENCE_COUNT),
            edit: COPY_EDITS[Math.floor(random() * COPY_EDITS.length)]!,
            variant: POOL_VARIANT_BASE + Math.floor(random() * COPY_VARIANTS),
          }
        : { kind: 'unrelated', variant: POOL_VARIANT_BASE + Math.floor(random() * UNRELATED_POOL) };
      pictures.push({
        path: bulkPicturePath(index, position),
        picture,
        tag: `simulated-web bulk ${this.seed}/${index}/${position}`,
      });
    }
    return {
      index,
      site: this.siteOf(index),
      path: bulkPagePath(index),
      title: `${this.displayName} set #${index}`,
      text: `${this.displayName} set #${index}: ${pictureCount} picture${pictureCount === 1 ? '' : 's'}.`,
      pictures,
    };
  }

  /** The leaks a scan must find on the bulk pages: one per page and reference. */
  expectedLeaks(
    originOf: (site: SiteId) => string,
    referenceNames: readonly string[],
  ): ExpectedLeak[] {
    const leaks: ExpectedLeak[] = [];
    for (let index = 0; index < this.count; index++) {
      const page = this.page(index)!;
      const seen = new Set<number>();
      for (const picture of page.pictures) {
        const p = picture.picture;
        if (p.kind !== 'copy' || seen.has(p.reference)) continue;
        seen.add(p.reference);
        const origin = originOf(page.site);
        leaks.push({
          pageUrl: `${origin}${page.path}`,
          reference: referenceNames[p.reference]!,
          mediaUrl: `${origin}${picture.path}`,
          site: page.site,
          edit: p.edit,
          via: 'img',
          bulk: true,
        });
      }
    }
    return leaks;
  }
}
