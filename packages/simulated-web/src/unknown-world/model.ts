// What the unknown world is made of: each site's pages, pictures and videos by address, and the record
// of what a correct scan must find there (`UnknownExpected`), filled in as the layout plants copies.
import type { EditType } from '@shark/engine/matching/synthetic-edits.ts';
import { COPY_EDITS, type Picture } from '../pictures.ts';

export const UNKNOWN_SITE_IDS = [
  'tube',
  'forum',
  'files',
  'board',
  'channel',
  'network',
  'own-site',
  'company',
] as const;
export type UnknownSiteId = (typeof UNKNOWN_SITE_IDS)[number];

/** Every way a page in this world puts a picture in front of a visitor. */
export type Embedding =
  | 'img'
  | 'srcset'
  | 'picture'
  | 'lazy-data-src'
  | 'lazy-data-srcset'
  | 'css-inline'
  | 'css-style-block'
  | 'link-to-full'
  | 'og-image'
  | 'json-ld'
  | 'telegram-background'
  | 'video-source'
  | 'player-config';

export interface UnknownLeak {
  pageUrl: string;
  mediaUrl: string;
  /** The reference file's name (creator.references[].name). */
  reference: string;
  site: UnknownSiteId;
  embedding: Embedding;
  edit: EditType | 'video-copy';
  /** Whether the page itself names her (display name or a username); the rest are found only by links. */
  namesHer: boolean;
  /** False for a page robots.txt forbids: never to be fetched, not counted in recall. */
  robotsAllowed: boolean;
  /** How a scan can reach the page when it does not name her. */
  reachedBy:
    | 'search'
    | 'pagination'
    | 'uploader'
    | 'older-posts'
    | 'folder'
    | 'board-index'
    | 'sitemap'
    | 'embed-link';
}

export interface UnknownImpersonator {
  site: UnknownSiteId;
  handle: string;
  profileUrl: string;
  /** How a scan can come to the profile. */
  reachedBy: 'search-result' | 'username-variant' | 'network-search';
}

export interface UnknownExpected {
  leaks: UnknownLeak[];
  /**
   * Copies of hers that are not counted in recall but are not false either: an impersonator's avatar and
   * grid, thumbnails of a copy on listing pages.
   */
  otherCopies: { pageUrl: string; mediaUrl: string; reference: string }[];
  impersonators: UnknownImpersonator[];
  /** A similar handle of a different person, with her own name and pictures: never to be reported. */
  notImpersonators: { site: UnknownSiteId; handle: string; profileUrl: string; why: string }[];
  /** Pages that must give no leak or mention finding: the namesake company's, continuation pages without copies. */
  decoys: string[];
  /** Her own site's pages: whitelisted, never enforced. */
  whitelisted: string[];
  /** Site origin → where its own copyright channel says notices go (an e-mail address or a form's URL). */
  siteContacts: Record<
    string,
    {
      address: string;
      channel: 'email' | 'form';
      publishedAt: string;
      /** For a form: where it posts to, which names the same channel as the form's page. */
      formAction?: string;
    }
  >;
  /** Hosts of the catalog's sites that never answer: `.invalid` names and loopback ports nobody listens on. */
  unresolvableHosts: string[];
  /** Pages and files robots.txt forbids. */
  robotsDisallowed: string[];
}

export type Served =
  | { kind: 'html'; body: string; status?: number }
  | { kind: 'text'; body: string; type: string }
  | { kind: 'redirect'; location: string; status: 301 | 302 };

/** The content of one site: fixed pages by path and query, pictures and videos by path. */
export class SiteBuild {
  readonly pages = new Map<string, Served>();
  readonly media = new Map<string, Picture>();
  /** Video files by path: which generated clip (index) each plays. */
  readonly videos = new Map<string, number>();
  /** Path prefixes robots.txt disallows. */
  readonly disallow: string[] = [];
  /** A page answered by code rather than held (the site's own search). */
  dynamic?: (url: URL) => Served | null;

  constructor(
    readonly id: UnknownSiteId,
    readonly name: string,
    readonly origin: string,
  ) {}

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  html(path: string, body: string, status?: number): void {
    this.pages.set(path, { kind: 'html', body, status });
  }

  isDisallowed(path: string): boolean {
    return this.disallow.some((prefix) => path.startsWith(prefix));
  }
}

/** Hands out references and edits in turn, so every reference is copied and edits vary. */
export class CopyPlanter {
  private next = 0;
  private variant = 0;

  constructor(
    readonly referenceNames: string[],
    readonly expected: UnknownExpected,
  ) {}

  /** The next copy to plant: a reference index and an edited picture of it. */
  take(): { reference: number; picture: Picture; edit: EditType } {
    const reference = this.next % this.referenceNames.length;
    const edit =
      COPY_EDITS[(this.next + Math.floor(this.next / COPY_EDITS.length)) % COPY_EDITS.length]!;
    this.next++;
    return { reference, edit, picture: { kind: 'copy', reference, edit, variant: this.variant++ } };
  }

  /** Places a copy at `mediaPath` on `site` and records the leak of `pagePath`. */
  plant(
    site: SiteBuild,
    pagePath: string,
    mediaPath: string,
    embedding: Embedding,
    how: { namesHer: boolean; reachedBy: UnknownLeak['reachedBy'] },
    copy = this.take(),
  ): { mediaPath: string; reference: number; picture: Picture } {
    site.media.set(mediaPath, copy.picture);
    this.expected.leaks.push({
      pageUrl: site.url(pagePath),
      mediaUrl: site.url(mediaPath),
      reference: this.referenceNames[copy.reference]!,
      site: site.id,
      embedding,
      edit: copy.edit,
      namesHer: how.namesHer,
      robotsAllowed: !site.isDisallowed(pagePath),
      reachedBy: how.reachedBy,
    });
    return { mediaPath, reference: copy.reference, picture: copy.picture };
  }

  /** Records that a page also shows the picture at `mediaPath` when it is (a thumbnail of) a copy. */
  alsoOn(site: SiteBuild, pagePath: string, mediaPath: string): void {
    let picture = site.media.get(mediaPath);
    while (picture?.kind === 'thumbnail') picture = picture.of;
    if (picture?.kind !== 'copy') return;
    this.expected.otherCopies.push({
      pageUrl: site.url(pagePath),
      mediaUrl: site.url(mediaPath),
      reference: this.referenceNames[picture.reference]!,
    });
  }

  /** A copy that is on a page but not one a scan is measured on (see UnknownExpected.otherCopies). */
  other(site: SiteBuild, pagePath: string, mediaPath: string, copy = this.take()): Picture {
    site.media.set(mediaPath, copy.picture);
    this.expected.otherCopies.push({
      pageUrl: site.url(pagePath),
      mediaUrl: site.url(mediaPath),
      reference: this.referenceNames[copy.reference]!,
    });
    return copy.picture;
  }
}

export function emptyExpected(): UnknownExpected {
  return {
    leaks: [],
    otherCopies: [],
    impersonators: [],
    notImpersonators: [],
    decoys: [],
    whitelisted: [],
    siteContacts: {},
    unresolvableHosts: [],
    robotsDisallowed: [],
  };
}
