// What the simulated sites hold: posts, direct files, profiles and redirects, each at a path of one site.
import type { Picture } from './pictures.ts';

export const SITE_IDS = [
  'sim-tube',
  'sim-forum',
  'sim-files',
  'sim-board',
  'sim-tg',
  'sim-social',
  'sim-pics',
] as const;
export type SiteId = (typeof SITE_IDS)[number];

/** How a page carries a picture (what a crawler has to understand to find it). */
export type MediaVia =
  'img' | 'srcset' | 'og' | 'data-src' | 'poster' | 'player' | 'link' | 'file' | 'avatar';

/** A picture served by the site at `path`, and how the page embeds it. */
export interface PlacedPicture {
  path: string;
  picture: Picture;
  via: MediaVia;
  /** For `srcset`: a smaller rendition listed beside it (the larger one is the copy to match). */
  small?: { path: string; picture: Picture };
}

/** A video served by the site, embedded with `<video>` and in a player configuration. */
export interface PlacedVideo {
  path: string;
  poster: PlacedPicture;
}

export interface Post {
  kind: 'post';
  path: string;
  title: string;
  text: string;
  author: string;
  date: string;
  pictures: PlacedPicture[];
  /** Absolute URLs of pictures elsewhere (private-address traps), as plain `<img src>`. */
  externalImages?: string[];
  video?: PlacedVideo;
  /** Shown beside the result on the site's search page. */
  thumbnail?: { path: string; picture: Picture };
}

/** A file served as is (a file host's raw link). */
export interface DirectFile {
  kind: 'file';
  path: string;
  fileName: string;
  picture: Picture;
  thumbnail?: { path: string; picture: Picture };
}

export interface Profile {
  kind: 'profile';
  username: string;
  displayName: string;
  bio: string;
  avatar: { path: string; picture: Picture } | null;
  /** Paths of this profile's posts, newest first. */
  posts: string[];
}

export interface Redirect {
  kind: 'redirect';
  path: string;
  location: string;
}

export type Route = Post | DirectFile | Redirect;

/** One result on a site's search page. */
export interface Listing {
  /** A path on the site, or an absolute URL. */
  href: string;
  title: string;
  thumbnail?: string;
  snippet?: string;
}
