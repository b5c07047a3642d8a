// Two leak sites of the unknown world: a tube site (a named video page, the uploader's other uploads,
// an embed page robots.txt forbids, a page only its sitemap lists) and a forum (a thread whose first
// page names her and whose later pages carry more copies without naming her).
import {
  BLANK_GIF,
  doc,
  esc,
  jsonLd,
  ogTags,
  robotsTxt,
  sitemapXml,
  unrelated,
  thumbnailOf,
  type LayoutContext,
} from './chrome.ts';
import type { Embedding, SiteBuild } from './model.ts';

const TUBE = 'VidMirage';

function tubeShell(title: string, body: string, head = ''): string {
  return doc({
    title: `${title} - ${TUBE}`,
    head,
    header: `<header id="header"><a class="logo" href="/">${TUBE}</a><form action="/results" method="get"><input name="search_query" placeholder="Search"></form><nav><a href="/categories">Categories</a> <a href="/upload">Upload</a></nav></header>`,
    body: `<div id="main" class="container">${body}</div>`,
    footer: `<footer id="footer"><ul class="footer-links"><li><a href="/terms">Terms</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/dmca">DMCA</a></li><li><a href="/2257">18 U.S.C. 2257</a></li></ul><p>&copy; 2026 ${TUBE}</p></footer>`,
  });
}

const UPLOADER = 'clipkingz';

export function buildTube(site: SiteBuild, ctx: LayoutContext): void {
  const { planter } = ctx;
  site.disallow.push('/embed/', '/account/');
  const named = '/video/v48213/luna-fox-leaked-set';
  const related = [0, 1, 2, 3]
    .map((n) => {
      const path = unrelated(site, `/media/thumbs/r${n}.jpg`, 100 + n);
      return `<li class="related-item"><a href="/video/r${n}"><img class="thumb" src="${BLANK_GIF}" data-src="${path}" alt=""></a><span class="dur">12:0${n}</span></li>`;
    })
    .join('');
  const videoTag = (
    pagePath: string,
    path: string,
    clip: number,
    poster: string,
    embedding: 'video-source' | 'player-config',
  ) => {
    site.videos.set(path, clip);
    const namesHer = pagePath === named;
    planter.expected.leaks.push({
      pageUrl: site.url(pagePath),
      mediaUrl: site.url(path),
      reference: ctx.videoReferences[clip]!,
      site: site.id,
      embedding,
      edit: 'video-copy',
      namesHer,
      robotsAllowed: true,
      reachedBy: namesHer ? 'search' : 'uploader',
    });
    return `<video id="player" controls preload="none" poster="${poster}"><source src="${path}" type="video/mp4"></video>`;
  };

  // The page that names her: its poster is the og:image, the clip plays through <video><source>.
  const poster = planter.plant(site, named, '/media/posters/v48213.jpg', 'og-image', {
    namesHer: true,
    reachedBy: 'search',
  }).mediaPath;
  const player =
    ctx.videoReferences.length > 0
      ? videoTag(named, '/media/v/v48213.mp4', 0, poster, 'video-source')
      : `<div class="player-unavailable">This video is being processed.</div>`;
  site.html(
    named,
    tubeShell(
      `${ctx.displayName} leaked set (full)`,
      `<div class="video-wrapper">${player}</div>
<h1 class="video-title">${esc(ctx.displayName)} leaked set (full) - ${esc(ctx.usernames[0]!)} onlyfans</h1>
<div class="video-info"><span class="views">48,213 views</span> · <a class="uploader" href="/uploader/${UPLOADER}">${UPLOADER}</a> · <span class="added">2 days ago</span></div>
<div class="share"><label>Embed</label><textarea readonly>&lt;iframe src="${site.url('/embed/v48213')}" width="640" height="360"&gt;&lt;/iframe&gt;</textarea> <a href="/embed/v48213" rel="nofollow">Open player</a></div>
<section class="related"><h2>Related videos</h2><ul>${related}</ul></section>`,
      ogTags({
        'og:title': `${ctx.displayName} leaked set (full)`,
        'og:type': 'video.other',
        'og:image': site.url(poster),
        'og:url': site.url(named),
      }),
    ),
  );

  // The embed page: another copy, which robots.txt forbids fetching.
  const embed = planter.plant(site, '/embed/v48213', '/embed/media/v48213.jpg', 'img', {
    namesHer: false,
    reachedBy: 'embed-link',
  });
  site.html(
    '/embed/v48213',
    `<!DOCTYPE html><html><head><title>${TUBE} player</title></head><body class="embed"><img class="still" src="${embed.mediaPath}" alt=""></body></html>`,
  );

  // The uploader's other uploads: never name her, reached from his page.
  const uploads = Math.max(4, ctx.videoReferences.length);
  const embeddings: Embedding[] = ['json-ld', 'picture', 'css-inline', 'srcset'];
  const cards: string[] = [];
  for (let n = 0; n < uploads; n++) {
    const id = `v4822${n}`;
    const path = `/video/${id}/hot-redhead-set-${n + 2}`;
    const embedding = embeddings[n % embeddings.length]!;
    const still = planter.plant(site, path, `/media/stills/${id}.jpg`, embedding, {
      namesHer: false,
      reachedBy: 'uploader',
    }).mediaPath;
    const thumb = thumbnailOf(site, `/media/thumbs/${id}.jpg`, still, 320);
    planter.alsoOn(site, `/uploader/${UPLOADER}`, thumb);
    cards.push(
      `<li class="video-card"><a href="${path}"><img class="thumb lazy" src="${BLANK_GIF}" data-src="${thumb}" alt="hot redhead set ${n + 2}"></a><p class="title"><a href="${path}">hot redhead set ${n + 2}</a></p></li>`,
    );
    const clip = n + 1;
    let video = '';
    if (clip < ctx.videoReferences.length) {
      const file = `/media/v/${id}.mp4`;
      videoTag(path, file, clip, still, 'player-config');
      video = `<div id="player-box"></div><script>var flashvars_${id} = ${JSON.stringify({ video_title: `hot redhead set ${n + 2}`, image_url: site.url(still), mediaDefinitions: [{ format: 'mp4', quality: '480', videoUrl: site.url(file) }] })};</script>`;
    }
    const picture =
      embedding === 'json-ld'
        ? ''
        : embedding === 'picture'
          ? `<picture><source type="image/jpeg" srcset="${still} 640w"><img class="cover" src="${BLANK_GIF}" alt=""></picture>`
          : embedding === 'css-inline'
            ? `<div class="cover" style="background-image: url('${still}'); background-size: cover; height: 360px"></div>`
            : `<img class="cover" srcset="${thumb} 320w, ${still} 640w" sizes="(max-width: 600px) 320px, 640px" src="${thumb}" alt="">`;
    const ld =
      embedding === 'json-ld'
        ? jsonLd({
            '@context': 'https://schema.org',
            '@type': 'VideoObject',
            name: `hot redhead set ${n + 2}`,
            uploadDate: '2026-10-30',
            thumbnail: { '@type': 'ImageObject', contentUrl: site.url(still), width: 640 },
          })
        : '';
    site.html(
      path,
      tubeShell(
        `hot redhead set ${n + 2}`,
        `<div class="video-wrapper">${video}${picture}</div><h1 class="video-title">hot redhead set ${n + 2}</h1><div class="video-info"><a class="uploader" href="/uploader/${UPLOADER}">${UPLOADER}</a></div>`,
        ld,
      ),
    );
  }
  site.html(
    `/uploader/${UPLOADER}`,
    tubeShell(
      `${UPLOADER}'s uploads`,
      `<h1>${UPLOADER}</h1><p class="stats">${uploads + 1} videos · 1.2K subscribers</p><ul class="videos">${cards.join('')}</ul>`,
    ),
  );

  // Listed only in the sitemap.
  const hidden = '/video/v91003/private-collection';
  const hiddenStill = planter.plant(site, hidden, '/media/stills/v91003-960.jpg', 'srcset', {
    namesHer: false,
    reachedBy: 'sitemap',
  }).mediaPath;
  site.html(
    hidden,
    tubeShell(
      'private collection',
      `<img class="cover" srcset="${hiddenStill} 960w" sizes="100vw" src="${BLANK_GIF}" alt=""><h1 class="video-title">private collection</h1>`,
    ),
  );

  site.html('/', tubeShell(TUBE, `<h1>Hot right now</h1><ul class="videos">${related}</ul>`));
  site.html(
    '/dmca',
    tubeShell(
      'DMCA',
      `<h1>DMCA / Copyright</h1><p>${TUBE} respects the rights of copyright owners. To have content removed, send a notice that meets 17 U.S.C. § 512(c)(3) to our designated agent:</p><p><a href="mailto:dmca@vidmirage.example">dmca@vidmirage.example</a></p><p>Counter-notices go to the same address.</p>`,
    ),
  );
  site.html('/terms', tubeShell('Terms', '<h1>Terms of service</h1><p>Be 18 or older.</p>'));
  planter.expected.siteContacts[site.origin] = {
    address: 'dmca@vidmirage.example',
    channel: 'email',
    publishedAt: site.url('/dmca'),
  };
  site.pages.set('/robots.txt', { kind: 'text', type: 'text/plain', body: robotsTxt(site, true) });
  site.pages.set('/sitemap.xml', {
    kind: 'text',
    type: 'application/xml',
    body: sitemapXml(site, ['/', named, `/uploader/${UPLOADER}`, hidden, '/embed/v48213', '/dmca']),
  });
}

const FORUM = 'LeakLounge';

function forumShell(title: string, body: string, head = ''): string {
  return doc({
    title: `${title} | ${FORUM}`,
    head,
    header: `<div class="p-header"><a class="p-header-logo" href="/">${FORUM}</a><nav class="p-nav"><a href="/forums/">Forums</a> <a href="/whats-new/">What's new</a> <a href="/members/">Members</a></nav></div>`,
    body: `<div class="p-body"><div class="p-body-inner">${body}</div></div>`,
    footer: `<footer class="p-footer"><ul class="p-footer-linkList"><li><a href="/help/terms/">Terms and rules</a></li><li><a href="/help/privacy-policy/">Privacy policy</a></li><li><a href="/legal/abuse">Report abuse</a></li></ul></footer>`,
    bodyClass: 'template-thread_view',
  });
}

export function buildForum(site: SiteBuild, ctx: LayoutContext): void {
  const { planter } = ctx;
  site.disallow.push('/members/', '/account/', '/search/');
  const base = '/threads/megathread-12-redhead-collection.8812/';
  const pagePath = (n: number) => (n === 1 ? base : `${base}page-${n}`);
  const pages = 4;
  const nav = (n: number) => {
    const links = Array.from({ length: pages }, (_, i) =>
      i + 1 === n
        ? `<a class="pageNav-page pageNav-page--current" href="${pagePath(i + 1)}">${i + 1}</a>`
        : `<a class="pageNav-page" href="${pagePath(i + 1)}">${i + 1}</a>`,
    ).join(' ');
    const prev =
      n > 1 ? `<a class="pageNav-jump pageNav-jump--prev" href="${pagePath(n - 1)}">Prev</a> ` : '';
    const next =
      n < pages
        ? ` <a class="pageNav-jump pageNav-jump--next" href="${pagePath(n + 1)}" rel="next">Next</a>`
        : '';
    return `<nav class="pageNavWrapper"><div class="pageNav">${prev}${links}${next}</div></nav>`;
  };
  const head = (n: number) =>
    [
      n > 1 ? `<link rel="prev" href="${site.url(pagePath(n - 1))}">` : '',
      n < pages ? `<link rel="next" href="${site.url(pagePath(n + 1))}">` : '',
      `<link rel="canonical" href="${site.url(pagePath(n))}">`,
    ].join('\n');
  const post = (id: number, author: string, content: string) =>
    `<article class="message message--post" data-author="${author}" id="post-${id}"><div class="message-user"><a class="username" href="/members/${author}.${id % 977}/">${author}</a></div><div class="message-content"><div class="bbWrapper">${content}</div></div></article>`;
  let postId = 44710;
  const attach = (n: number, embedding: Embedding, namesHer: boolean) => {
    const id = postId++;
    const full = planter.plant(site, pagePath(n), `/attachments/${id}-full.jpg`, embedding, {
      namesHer,
      reachedBy: namesHer ? 'search' : 'pagination',
    }).mediaPath;
    if (embedding === 'link-to-full') {
      const thumb = thumbnailOf(site, `/attachments/${id}-thumb.jpg`, full);
      return `<a href="${full}" class="js-lbImage" target="_blank"><img src="${thumb}" class="bbImage" alt="${id}.jpg" width="240"></a>`;
    }
    if (embedding === 'lazy-data-src')
      return `<img src="${BLANK_GIF}" data-src="${full}" class="bbImage lazyload" alt="">`;
    if (embedding === 'lazy-data-srcset')
      return `<img src="${BLANK_GIF}" data-srcset="${full} 1x" class="bbImage lazyload" alt="">`;
    if (embedding === 'css-style-block')
      return `<style>.attach-cover-${id} { background-image: url("${full}"); height: 480px; }</style><div class="attach-cover attach-cover-${id}"></div>`;
    return `<img src="${full}" class="bbImage" alt="">`;
  };
  const plan: { author: string; text: string; embeddings: Embedding[] }[][] = [
    [
      {
        author: 'redgrabber',
        text: `${ctx.displayName} full set, enjoy`,
        embeddings: ['link-to-full', 'img'],
      },
      { author: 'lurker99', text: 'thanks!!', embeddings: [] },
    ],
    [
      {
        author: 'mega_dl',
        text: 'more from the same set',
        embeddings: ['lazy-data-src', 'lazy-data-srcset'],
      },
      { author: 'lurker99', text: 'anyone got the rest?', embeddings: [] },
    ],
    [{ author: 'redgrabber', text: 'last ones I have', embeddings: ['css-style-block', 'img'] }],
    [
      { author: 'mod_ken', text: 'Keep requests in the request thread please.', embeddings: [] },
      { author: 'lurker99', text: 'bump', embeddings: [] },
    ],
  ];
  for (let n = 1; n <= pages; n++) {
    const posts = plan[n - 1]!.map((entry) =>
      post(
        postId,
        entry.author,
        `${esc(entry.text)}<br>${entry.embeddings.map((embedding) => attach(n, embedding, n === 1)).join('<br>')}`,
      ),
    );
    if (plan[n - 1]!.every((entry) => entry.embeddings.length === 0))
      planter.expected.decoys.push(site.url(pagePath(n)));
    site.html(
      pagePath(n),
      forumShell(
        `Megathread #12 - redhead collection${n > 1 ? ` | Page ${n}` : ''}`,
        `<h1 class="p-title-value">Megathread #12 - redhead collection</h1>${nav(n)}<div class="block-body">${posts.join('\n')}</div>${nav(n)}`,
        head(n),
      ),
    );
  }
  site.html(
    '/',
    forumShell(
      FORUM,
      `<h1>Forums</h1><ul><li><a href="/forums/collections.4/">Collections</a></li></ul>`,
    ),
  );
  site.html(
    '/legal/abuse',
    forumShell(
      'Report abuse',
      `<h1>Report abuse</h1><p>We remove material posted without the owner's consent. Copyright holders and their agents may write to legal@leaklounge.example with the address of the thread and of each post.</p><p>We answer within five working days.</p>`,
    ),
  );
  planter.expected.siteContacts[site.origin] = {
    address: 'legal@leaklounge.example',
    channel: 'email',
    publishedAt: site.url('/legal/abuse'),
  };
  site.pages.set('/robots.txt', { kind: 'text', type: 'text/plain', body: robotsTxt(site, false) });
}
