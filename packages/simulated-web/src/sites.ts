// The simulated sites' looks: each kind of the catalog with its own markup, search and profile URLs,
// and the catalog entry (selectors) that reads that markup. A site's catalog entry and its HTML live
// side by side so that changing one shows what else must change.
import type { CatalogSite, SiteKind } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { BLANK_GIF, esc, page } from './html.ts';
import type { Listing, PlacedPicture, Post, Profile, SiteId } from './model.ts';

export interface SearchRequest {
  query: string;
  /** 1-based. */
  page: number;
}

/**
 * Where each simulated site takes copyright notices (and, on the social networks, impersonation
 * reports), as a real site documents it: on reserved `.example` domains (RFC 2606), so a notice can
 * never reach anyone. Most take e-mail, so notices arrive as mail; ChanBooru takes a web form only and
 * PicGram's copyright channel is a form, so the operator's form tasks are exercised too.
 */
export const SITE_CONTACTS: Record<SiteId, Pick<CatalogSite, 'dmca' | 'impersonation'>> = {
  'sim-tube': { dmca: { email: 'dmca@cliptube.example' } },
  'sim-forum': { dmca: { email: 'abuse@leakforum.example' } },
  'sim-files': { dmca: { email: 'copyright@dropfiles.example' } },
  'sim-board': { dmca: { url: 'https://chanbooru.example/contact/dmca' } },
  'sim-tg': { dmca: { email: 'dmca@tgindex.example' } },
  'sim-social': {
    dmca: { email: 'copyright@chirper.example' },
    impersonation: { url: 'https://help.chirper.example/forms/impersonation' },
  },
  'sim-pics': {
    dmca: { url: 'https://help.picgram.example/contact/copyright' },
    impersonation: { email: 'impersonation@picgram.example' },
  },
};

export interface SiteSkin {
  id: SiteId;
  name: string;
  kind: SiteKind;
  /** The catalog entry for a site served at `origin` (validated by the engine's loader). */
  catalogEntry(origin: string): CatalogSite;
  /** The search request a URL is, or null when it is not this site's search page. */
  parseSearch?(url: URL): SearchRequest | null;
  /** The link to a page of results, relative to the site. */
  searchHref?(query: string, page: number): string;
  renderSearch?(listings: Listing[], request: SearchRequest, nextHref: string | null): string;
  /** The username of a profile URL, or null. */
  parseProfile?(url: URL): string | null;
  profilePath?(username: string): string;
  renderProfile?(profile: Profile, posts: Post[], origin: string): string;
  renderPost(post: Post, origin: string): string;
  /** Paths robots.txt disallows for every crawler. */
  disallow: string[];
}

const abs = (origin: string, href: string) =>
  /^https?:\/\//.test(href) ? href : `${origin}${href}`;
const pageOf = (url: URL) =>
  Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
const para = (text: string) =>
  text
    .split('\n')
    .map((line) => `<p>${esc(line)}</p>`)
    .join('\n');

function ogTags(
  title: string,
  picture: PlacedPicture | undefined,
  origin: string,
  extra = '',
): string {
  const og = picture
    ? `<meta property="og:image" content="${esc(abs(origin, picture.path))}">`
    : '';
  return `<meta property="og:title" content="${esc(title)}">\n${og}${extra}`;
}

/** How a post's pictures appear in its body (og pictures are in the head); `firstId` names the first. */
function bodyPictures(post: Post, imgClass: string, firstId?: string): string {
  const parts: string[] = [];
  for (const [index, picture] of post.pictures.entries()) {
    const alt = esc(post.title);
    const id = index === 0 && firstId ? ` id="${firstId}"` : '';
    switch (picture.via) {
      case 'img':
      case 'avatar':
        parts.push(`<img${id} class="${imgClass}" src="${esc(picture.path)}" alt="${alt}">`);
        break;
      case 'data-src':
        parts.push(
          `<img class="${imgClass} lazy" src="${BLANK_GIF}" data-src="${esc(picture.path)}" alt="${alt}" loading="lazy">`,
        );
        break;
      case 'srcset': {
        const small = picture.small;
        const srcset = small
          ? `${esc(small.path)} 480w, ${esc(picture.path)} 960w`
          : `${esc(picture.path)} 1x`;
        parts.push(
          `<img class="${imgClass}" src="${esc(small?.path ?? picture.path)}" srcset="${srcset}" sizes="(max-width: 600px) 480px, 960px" alt="${alt}">`,
        );
        break;
      }
      case 'link':
        parts.push(
          `<a class="download-button" href="${esc(picture.path)}" download>Download ${esc(picture.path.split('/').at(-1) ?? '')}</a>`,
        );
        break;
      case 'og':
      case 'poster':
      case 'player':
      case 'file':
        break;
    }
  }
  for (const url of post.externalImages ?? [])
    parts.push(`<img class="${imgClass}" src="${esc(url)}" alt="mirror">`);
  return parts.join('\n');
}

const ogPicture = (post: Post) =>
  post.pictures.find((picture) => picture.via === 'og' || picture.via === 'poster');

function videoBlock(post: Post, origin: string): string {
  const poster = post.pictures.find((picture) => picture.via === 'poster');
  if (!post.video && !poster) return '';
  const posterUrl = poster ? abs(origin, poster.path) : null;
  const video = post.video ? abs(origin, post.video.path) : null;
  const tag = `<video id="player" controls preload="none"${posterUrl ? ` poster="${esc(posterUrl)}"` : ''}>${video ? `<source src="${esc(video)}" type="video/mp4">` : ''}</video>`;
  // The configuration tube players are set up with (a flashvars-style object in an inline script).
  const config = video
    ? `<script>var flashvars_${post.path.replace(/\W/g, '')} = ${JSON.stringify({
        image_url: posterUrl,
        video_title: post.title,
        mediaDefinitions: [{ format: 'mp4', quality: '480', videoUrl: video }],
      })};</script>`
    : '';
  return `${tag}\n${config}`;
}

// --- tube -------------------------------------------------------------------------------------------

const tube: SiteSkin = {
  id: 'sim-tube',
  name: 'ClipTube',
  kind: 'tube',
  disallow: ['/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-tube',
    name: 'ClipTube (simulated)',
    kind: 'tube',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-tube'],
    search: {
      url: `${origin}/search?q={query}`,
      spaces: 'plus',
      results: {
        item: '#results div.video-card',
        link: 'p.video-title a',
        title: { css: 'p.video-title a', attributes: ['title'] },
        media: [{ css: 'a.thumb img', attributes: ['data-src', 'src'] }],
        nextPage: 'nav.pager a.next',
      },
    },
    profile: {
      url: `${origin}/channel/{username}`,
      results: {
        item: '#channel-videos div.video-card',
        link: 'p.video-title a',
        title: { css: 'p.video-title a', attributes: ['title'] },
        media: [{ css: 'a.thumb img', attributes: ['data-src', 'src'] }],
      },
      identity: {
        displayName: 'h1.channel-name',
        avatar: { css: 'img.channel-avatar', attributes: ['src'] },
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/search'
      ? { query: url.searchParams.get('q') ?? '', page: pageOf(url) }
      : null,
  searchHref: (query, n) => `/search?q=${encodeURIComponent(query).replace(/%20/g, '+')}&page=${n}`,
  renderSearch(listings, request, nextHref) {
    const cards = listings.map((l) => tubeCard(l)).join('\n');
    return page({
      siteName: 'ClipTube',
      title: `${request.query} - ClipTube search`,
      body: `<h1>Results for “${esc(request.query)}”</h1>\n<div id="results">\n${cards || '<p class="empty">No videos found.</p>'}\n</div>\n<nav class="pager">${nextHref ? `<a class="next" href="${esc(nextHref)}">Next »</a>` : ''}</nav>`,
    });
  },
  parseProfile: (url) => /^\/channel\/([^/@]+)$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/channel/${encodeURIComponent(username)}`,
  renderProfile(profile, posts, origin) {
    return page({
      siteName: 'ClipTube',
      title: `${profile.displayName} - ClipTube channel`,
      head: ogTags(profile.displayName, undefined, origin),
      body: `<section class="channel-header">${profile.avatar ? `<img class="channel-avatar" src="${esc(profile.avatar.path)}" alt="">` : ''}<h1 class="channel-name">${esc(profile.displayName)}</h1><p class="channel-bio">${esc(profile.bio)}</p></section>\n<div id="channel-videos">${posts.map((post) => tubeCard({ href: post.path, title: post.title, thumbnail: post.thumbnail?.path })).join('\n')}</div>`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'ClipTube',
      title: `${post.title} - ClipTube`,
      head: ogTags(
        post.title,
        ogPicture(post),
        origin,
        '\n<meta property="og:type" content="video.other">',
      ),
      body: `<h1 class="video-title">${esc(post.title)}</h1>\n${videoBlock(post, origin)}\n<div class="video-info"><span class="uploader">${esc(post.author)}</span> · <time>${esc(post.date)}</time>${para(post.text)}</div>\n<div class="gallery">${bodyPictures(post, 'still')}</div>`,
    });
  },
};

function tubeCard(listing: Listing): string {
  const thumb = listing.thumbnail
    ? `<img class="lazy" src="${BLANK_GIF}" data-src="${esc(listing.thumbnail)}" alt="${esc(listing.title)}">`
    : '';
  return `<div class="video-card"><a class="thumb" href="${esc(listing.href)}">${thumb}</a><p class="video-title"><a href="${esc(listing.href)}" title="${esc(listing.title)}">${esc(listing.title)}</a></p></div>`;
}

// --- forum ------------------------------------------------------------------------------------------

const forum: SiteSkin = {
  id: 'sim-forum',
  name: 'LeakForum',
  kind: 'forum',
  disallow: ['/vip/', '/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-forum',
    name: 'LeakForum (simulated)',
    kind: 'forum',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-forum'],
    search: {
      url: `${origin}/search.php?keywords={query}&o=date`,
      spaces: 'plus',
      results: {
        item: 'ol.search-results li.search-result',
        link: 'h3.title a',
        title: 'h3.title a',
        nextPage: 'div.pagenav a.pagenav-next',
      },
    },
    profile: {
      url: `${origin}/members/{username}/`,
      identity: {
        displayName: '.member-header span.username',
        avatar: { css: '.member-header img.avatar', attributes: ['src'] },
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/search.php'
      ? { query: url.searchParams.get('keywords') ?? '', page: pageOf(url) }
      : null,
  searchHref: (query, n) =>
    `/search.php?keywords=${encodeURIComponent(query).replace(/%20/g, '+')}&o=date&page=${n}`,
  renderSearch(listings, request, nextHref) {
    const items = listings
      .map(
        (l) =>
          `<li class="search-result"><h3 class="title"><a href="${esc(l.href)}">${esc(l.title)}</a></h3><div class="snippet">${esc(l.snippet ?? '')}</div></li>`,
      )
      .join('\n');
    return page({
      siteName: 'LeakForum',
      title: `Search results for ${request.query} | LeakForum`,
      body: `<h1>Search results for query: ${esc(request.query)}</h1>\n<ol class="search-results">\n${items}\n</ol>${items ? '' : '<p>No results found.</p>'}\n<div class="pagenav">${nextHref ? `<a class="pagenav-next" href="${esc(nextHref)}">Next</a>` : ''}</div>`,
    });
  },
  parseProfile: (url) => /^\/members\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/members/${encodeURIComponent(username)}/`,
  renderProfile(profile) {
    return page({
      siteName: 'LeakForum',
      title: `${profile.username} | LeakForum`,
      body: `<div class="member-header">${profile.avatar ? `<img class="avatar" src="${esc(profile.avatar.path)}" alt="">` : ''}<span class="username">${esc(profile.displayName)}</span><p class="about">${esc(profile.bio)}</p></div>`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'LeakForum',
      title: `${post.title} | LeakForum`,
      head: ogTags(post.title, ogPicture(post), origin),
      body: `<h1 class="thread-title">${esc(post.title)}</h1>\n<article class="message"><header class="message-user">${esc(post.author)} · <time>${esc(post.date)}</time></header><div class="message-body">${para(post.text)}\n${bodyPictures(post, 'bbImage')}</div></article>`,
    });
  },
};

// --- file host --------------------------------------------------------------------------------------

const files: SiteSkin = {
  id: 'sim-files',
  name: 'DropFiles',
  kind: 'file-host',
  disallow: ['/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-files',
    name: 'DropFiles (simulated)',
    kind: 'file-host',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-files'],
    search: {
      url: `${origin}/search?q={query}`,
      spaces: 'percent',
      results: {
        item: 'table.files tr.file-row',
        link: 'a.file-name',
        title: 'a.file-name',
        media: [{ css: 'img.preview', attributes: ['src'] }],
        nextPage: "a[rel='next']",
      },
    },
    profile: {
      url: `${origin}/u/{username}`,
      results: { item: 'table.files tr.file-row', link: 'a.file-name', title: 'a.file-name' },
      identity: {
        displayName: '.uploader h2',
        avatar: { css: '.uploader img.uploader-avatar', attributes: ['src'] },
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/search'
      ? { query: url.searchParams.get('q') ?? '', page: pageOf(url) }
      : null,
  searchHref: (query, n) => `/search?q=${encodeURIComponent(query)}&page=${n}`,
  renderSearch(listings, request, nextHref) {
    const rows = listings
      .map(
        (l) =>
          `<tr class="file-row"><td>${l.thumbnail ? `<img class="preview" src="${esc(l.thumbnail)}" alt="">` : ''}</td><td><a class="file-name" href="${esc(l.href)}">${esc(l.title)}</a></td></tr>`,
      )
      .join('\n');
    return page({
      siteName: 'DropFiles',
      title: `Files matching ${request.query} - DropFiles`,
      body: `<h1>Files matching “${esc(request.query)}”</h1>\n<table class="files">\n${rows}\n</table>\n${nextHref ? `<a rel="next" href="${esc(nextHref)}">More files</a>` : ''}`,
    });
  },
  parseProfile: (url) => /^\/u\/([^/]+)$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/u/${encodeURIComponent(username)}`,
  renderProfile(profile, posts) {
    const rows = posts
      .map(
        (post) =>
          `<tr class="file-row"><td><a class="file-name" href="${esc(post.path)}">${esc(post.title)}</a></td></tr>`,
      )
      .join('\n');
    return page({
      siteName: 'DropFiles',
      title: `${profile.username}'s files - DropFiles`,
      body: `<div class="uploader">${profile.avatar ? `<img class="uploader-avatar" src="${esc(profile.avatar.path)}" alt="">` : ''}<h2>${esc(profile.displayName)}</h2></div>\n<table class="files">${rows}</table>`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'DropFiles',
      title: `${post.title} - DropFiles`,
      head: ogTags(post.title, ogPicture(post), origin),
      body: `<div class="file-page"><h1 class="file-title">${esc(post.title)}</h1><p class="file-meta">Uploaded by ${esc(post.author)} on ${esc(post.date)}</p>${para(post.text)}\n${bodyPictures(post, 'file-preview')}</div>`,
    });
  },
};

// --- image board ------------------------------------------------------------------------------------

const board: SiteSkin = {
  id: 'sim-board',
  name: 'ChanBooru',
  kind: 'image-board',
  disallow: ['/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-board',
    name: 'ChanBooru (simulated)',
    kind: 'image-board',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-board'],
    search: {
      url: `${origin}/index.php?page=post&s=list&tags={query}`,
      spaces: 'underscore',
      results: {
        item: 'div.thumbnail-container span.thumb',
        link: 'a',
        title: { css: 'img.preview', attributes: ['title'] },
        media: [{ css: 'img.preview', attributes: ['src'] }],
        nextPage: "div.pagination a[alt='next']",
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/index.php' && url.searchParams.get('s') === 'list'
      ? {
          query: url.searchParams.get('tags') ?? '',
          page: 1 + Math.max(0, Number.parseInt(url.searchParams.get('pid') ?? '0', 10) || 0),
        }
      : null,
  // `page` names the board's section here (page=post), so the result page is `pid`, counted from 0.
  searchHref: (query, n) =>
    `/index.php?page=post&s=list&tags=${encodeURIComponent(query.replace(/\s+/g, '_'))}&pid=${n - 1}`,
  renderSearch(listings, request, nextHref) {
    const thumbs = listings
      .map(
        (l) =>
          `<span class="thumb"><a href="${esc(l.href)}">${l.thumbnail ? `<img class="preview" src="${esc(l.thumbnail)}" title="${esc(l.title)}" alt="${esc(l.title)}">` : esc(l.title)}</a></span>`,
      )
      .join('\n');
    return page({
      siteName: 'ChanBooru',
      title: `ChanBooru / ${request.query}`,
      body: `<div class="thumbnail-container">\n${thumbs}\n</div>\n<div class="pagination">${nextHref ? `<a alt="next" href="${esc(nextHref)}">&gt;</a>` : ''}</div>`,
    });
  },
  renderPost(post, origin) {
    const tags = post.text
      .split(/\s+/)
      .filter(Boolean)
      .map(
        (tag) =>
          `<li class="tag"><a href="/index.php?page=post&amp;s=list&amp;tags=${esc(encodeURIComponent(tag))}">${esc(tag)}</a></li>`,
      )
      .join('');
    return page({
      siteName: 'ChanBooru',
      title: `ChanBooru / ${post.title}`,
      head: ogTags(post.title, ogPicture(post), origin),
      body: `<ul id="tag-sidebar">${tags}</ul>\n<div class="image-container">${bodyPictures(post, 'post-image', 'image')}</div>\n<p class="stats">Posted ${esc(post.date)} by ${esc(post.author)}</p>`,
    });
  },
};

// --- Telegram index ---------------------------------------------------------------------------------

const telegram: SiteSkin = {
  id: 'sim-tg',
  name: 'TgIndex',
  kind: 'telegram-index',
  disallow: ['/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-tg',
    name: 'TgIndex (simulated)',
    kind: 'telegram-index',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-tg'],
    search: {
      url: `${origin}/search?q={query}`,
      spaces: 'percent',
      results: {
        item: 'div.channel-card',
        link: 'a.channel-link',
        title: '.channel-title',
        media: [{ css: 'img.channel-photo', attributes: ['src'] }],
        nextPage: 'a.load-more',
      },
    },
    profile: {
      url: `${origin}/channel/@{username}`,
      identity: {
        displayName: '.channel-header h1',
        avatar: { css: '.channel-header img', attributes: ['src'] },
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/search'
      ? { query: url.searchParams.get('q') ?? '', page: pageOf(url) }
      : null,
  searchHref: (query, n) => `/search?q=${encodeURIComponent(query)}&page=${n}`,
  renderSearch(listings, request, nextHref) {
    const cards = listings
      .map(
        (l) =>
          `<div class="channel-card">${l.thumbnail ? `<img class="channel-photo" src="${esc(l.thumbnail)}" alt="">` : ''}<a class="channel-link" href="${esc(l.href)}"><span class="channel-title">${esc(l.title)}</span></a><p class="channel-description">${esc(l.snippet ?? '')}</p></div>`,
      )
      .join('\n');
    return page({
      siteName: 'TgIndex',
      title: `Telegram channels: ${request.query} — TgIndex`,
      body: `<h1>Channels and posts for “${esc(request.query)}”</h1>\n${cards}\n${nextHref ? `<a class="load-more" href="${esc(nextHref)}">Load more</a>` : ''}`,
    });
  },
  parseProfile: (url) => /^\/channel\/@([^/]+)$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/channel/@${encodeURIComponent(username)}`,
  renderProfile(profile, posts, origin) {
    return page({
      siteName: 'TgIndex',
      title: `${profile.displayName} — Telegram channel — TgIndex`,
      head: ogTags(profile.displayName, undefined, origin),
      body: `<div class="channel-header">${profile.avatar ? `<img src="${esc(profile.avatar.path)}" alt="">` : ''}<h1>${esc(profile.displayName)}</h1><p>@${esc(profile.username)} · ${esc(profile.bio)}</p></div>\n${posts.map((post) => `<div class="message"><div class="message-text">${para(post.text)}</div>${bodyPictures(post, 'message-photo')}<a class="message-date" href="${esc(post.path)}">${esc(post.date)}</a></div>`).join('\n')}`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'TgIndex',
      title: `${post.title} — TgIndex`,
      head: ogTags(post.title, ogPicture(post), origin),
      body: `<div class="message"><h1>${esc(post.title)}</h1><div class="message-text">${para(post.text)}</div>${bodyPictures(post, 'message-photo')}<span class="message-date">${esc(post.date)}</span></div>`,
    });
  },
};

// --- social network with search (reddit-like) -------------------------------------------------------

const social: SiteSkin = {
  id: 'sim-social',
  name: 'Chirper',
  kind: 'social-network',
  disallow: ['/admin/', '/settings/'],
  catalogEntry: (origin) => ({
    id: 'sim-social',
    name: 'Chirper (simulated)',
    kind: 'social-network',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-social'],
    search: {
      url: `${origin}/search?q={query}&sort=new`,
      spaces: 'percent',
      results: {
        item: 'div.search-results div.post-row',
        link: 'a.post-link',
        title: 'a.post-link',
        media: [{ css: 'img.post-thumb', attributes: ['src'] }],
        nextPage: 'a.next-page',
      },
    },
    profile: {
      url: `${origin}/u/{username}`,
      results: {
        item: 'div.timeline div.post-row',
        link: 'a.post-link',
        title: 'a.post-link',
        media: [{ css: 'img.post-thumb', attributes: ['src'] }],
      },
      identity: {
        displayName: 'h1.display-name',
        avatar: { css: 'img.avatar', attributes: ['src'] },
      },
    },
  }),
  parseSearch: (url) =>
    url.pathname === '/search'
      ? { query: url.searchParams.get('q') ?? '', page: pageOf(url) }
      : null,
  searchHref: (query, n) => `/search?q=${encodeURIComponent(query)}&sort=new&page=${n}`,
  renderSearch(listings, request, nextHref) {
    return page({
      siteName: 'Chirper',
      title: `${request.query} - Chirper search`,
      body: `<div class="search-results">\n${listings.map(socialRow).join('\n')}\n</div>\n${nextHref ? `<a class="next-page" href="${esc(nextHref)}">next ›</a>` : ''}`,
    });
  },
  parseProfile: (url) => /^\/u\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/u/${encodeURIComponent(username)}`,
  renderProfile(profile, posts, origin) {
    const avatar = profile.avatar
      ? { path: profile.avatar.path, picture: profile.avatar.picture, via: 'og' as const }
      : undefined;
    return page({
      siteName: 'Chirper',
      title: `${profile.displayName} (@${profile.username}) - Chirper`,
      head: ogTags(
        `${profile.displayName} (@${profile.username})`,
        avatar,
        origin,
        '\n<meta property="og:type" content="profile">',
      ),
      body: `<section class="profile-card">${profile.avatar ? `<img class="avatar" src="${esc(profile.avatar.path)}" alt="">` : ''}<h1 class="display-name">${esc(profile.displayName)}</h1><span class="handle">@${esc(profile.username)}</span><p class="bio">${esc(profile.bio)}</p></section>\n<div class="timeline">\n${posts.map((post) => socialRow({ href: post.path, title: post.title, thumbnail: post.pictures[0]?.path })).join('\n')}\n</div>`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'Chirper',
      title: `${post.title} - Chirper`,
      head: ogTags(post.title, ogPicture(post) ?? post.pictures[0], origin),
      body: `<article class="post"><header><a class="author" href="/u/${esc(post.author)}">@${esc(post.author)}</a> · <time>${esc(post.date)}</time></header><h1 class="post-title">${esc(post.title)}</h1>${para(post.text)}\n<div class="media">${bodyPictures(post, 'post-media')}</div></article>`,
    });
  },
};

function socialRow(listing: Listing): string {
  return `<div class="post-row">${listing.thumbnail ? `<img class="post-thumb" src="${esc(listing.thumbnail)}" alt="">` : ''}<a class="post-link" href="${esc(listing.href)}">${esc(listing.title)}</a></div>`;
}

// --- social network without search (instagram-like: the profile is an app shell with og tags) -------

const pics: SiteSkin = {
  id: 'sim-pics',
  name: 'PicGram',
  kind: 'social-network',
  disallow: ['/accounts/', '/admin/'],
  catalogEntry: (origin) => ({
    id: 'sim-pics',
    name: 'PicGram (simulated)',
    kind: 'social-network',
    baseUrl: origin,
    ...SITE_CONTACTS['sim-pics'],
    accountPlatform: 'instagram',
    profile: {
      url: `${origin}/{username}/`,
      identity: {
        displayName: { css: "meta[property='og:title']", attributes: ['content'] },
        avatar: { css: "meta[property='og:image']", attributes: ['content'] },
      },
    },
  }),
  parseProfile: (url) => /^\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null,
  profilePath: (username) => `/${encodeURIComponent(username)}/`,
  renderProfile(profile, _posts, origin) {
    const avatar = profile.avatar
      ? { path: profile.avatar.path, picture: profile.avatar.picture, via: 'og' as const }
      : undefined;
    return page({
      siteName: 'PicGram',
      title: `${profile.displayName} (@${profile.username}) • PicGram`,
      head: `${ogTags(profile.displayName, avatar, origin)}\n<meta property="og:description" content="${esc(profile.bio)}">`,
      body: `<div id="app" data-user="${esc(profile.username)}"><noscript>Turn on JavaScript to see @${esc(profile.username)}'s photos.</noscript></div>`,
    });
  },
  renderPost(post, origin) {
    return page({
      siteName: 'PicGram',
      title: `${post.title} • PicGram`,
      head: ogTags(post.title, ogPicture(post) ?? post.pictures[0], origin),
      body: `<div id="app"></div>`,
    });
  },
};

export const SKINS: readonly SiteSkin[] = [tube, forum, files, board, telegram, social, pics];

export function skinOf(id: SiteId): SiteSkin {
  const skin = SKINS.find((candidate) => candidate.id === id);
  if (!skin) throw new Error(`unknown simulated site ${id}`);
  return skin;
}
