// The media a page embeds, read from fixture pages of the kinds a scan meets (a tube video page, a
// forum gallery, a page with players) and from small cases.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { largestSrcsetCandidate, mediaKindOfContentType, mediaKindOfUrl } from './media-url.ts';
import { extractPageMedia } from './page-media.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('fixture pages', () => {
  it('a tube video page: cards, JSON-LD, KVS flashvars, srcset thumbnails and a download link; no pixel, no data URL', () => {
    expect(
      extractPageMedia(
        fixture('tube-video-page.html'),
        'https://tube.example/videos/8812/jane-doe',
      ),
    ).toEqual([
      { url: 'https://cdn.tube.example/thumbs/8812/main.jpg', kind: 'image', via: 'og' },
      { url: 'https://cdn.tube.example/videos/8812_720p.mp4', kind: 'video', via: 'og' },
      { url: 'https://tube.example/thumbs/8812/twitter.jpg', kind: 'image', via: 'og' },
      { url: 'https://cdn.tube.example/videos/8812_1080p.mp4', kind: 'video', via: 'json-ld' },
      { url: 'https://cdn.tube.example/thumbs/8812/ld-1.jpg', kind: 'image', via: 'json-ld' },
      { url: 'https://cdn.tube.example/thumbs/8812/ld-2.jpg', kind: 'image', via: 'json-ld' },
      {
        url: 'https://cdn.tube.example/get_file/3/abc/8812/8812.mp4/',
        kind: 'video',
        via: 'player',
      },
      {
        url: 'https://cdn.tube.example/get_file/3/abc/8812/8812_720p.mp4/',
        kind: 'video',
        via: 'player',
      },
      { url: 'https://cdn.tube.example/thumbs/8812/preview.jpg', kind: 'image', via: 'player' },
      { url: 'https://tube.example/thumbs/9000/large.jpg', kind: 'image', via: 'srcset' },
      { url: 'https://tube.example/thumbs/9001/2x.jpg', kind: 'image', via: 'srcset' },
      { url: 'https://cdn.tube.example/download/8812.mp4?token=abc', kind: 'video', via: 'link' },
    ]);
  });

  it('a forum gallery: <base href>, lazy-loading attributes, picture sources, video sources and poster, links to files', () => {
    expect(
      extractPageMedia(
        fixture('forum-gallery-page.html'),
        'https://forum.example/threads/jane-doe.123/',
      ),
    ).toEqual([
      { url: 'https://forum.example/attachments/clip.webm', kind: 'video', via: 'source' },
      { url: 'https://forum.example/attachments/clip.mp4', kind: 'video', via: 'source' },
      { url: 'https://forum.example/attachments/poster.jpg', kind: 'image', via: 'video' },
      { url: 'https://videos.example/short.mov', kind: 'video', via: 'video' },
      { url: 'https://forum.example/attachments/photo-1.jpg', kind: 'image', via: 'img' },
      { url: 'https://forum.example/attachments/photo-2.webp', kind: 'image', via: 'img' },
      { url: 'https://forum.example/attachments/photo-3-big.jpg', kind: 'image', via: 'srcset' },
      { url: 'https://forum.example/attachments/photo-4.png', kind: 'image', via: 'img' },
      { url: 'https://forum.example/attachments/photo-5@2x.avif', kind: 'image', via: 'source' },
      { url: 'https://forum.example/attachments/photo-5.webp', kind: 'image', via: 'source' },
      { url: 'https://forum.example/attachments/photo-5.jpg', kind: 'image', via: 'img' },
      { url: 'https://forum.example/attachments/full/photo-1.jpg', kind: 'image', via: 'link' },
      { url: 'https://forum.example/attachments/full/photo-6.JPEG', kind: 'image', via: 'link' },
    ]);
  });

  it('players that name their files in their own way: mediaDefinitions[].videoUrl, image_url, escaped slashes', () => {
    const html = `<div id="player-box"></div><script>var flashvars_1 = {"video_title":"set 2","image_url":"https:\\/\\/cdn.tube.example\\/stills\\/1.jpg","mediaDefinitions":[{"format":"mp4","quality":"480","videoUrl":"/media/v/1.mp4"},{"format":"hls","videoUrl":"/media/v/1.m3u8"}],"link":"/video/2"}</script>`;
    expect(extractPageMedia(html, 'https://tube.example/video/1')).toEqual([
      { url: 'https://cdn.tube.example/stills/1.jpg', kind: 'image', via: 'player' },
      { url: 'https://tube.example/media/v/1.mp4', kind: 'video', via: 'player' },
    ]);
  });

  it('players: JW Player setup (file without extension, sources, no HLS manifest), video.js data-setup, JSON-LD objects', () => {
    expect(extractPageMedia(fixture('player-page.html'), 'https://watch.example/v/4411')).toEqual([
      { url: 'https://media.example/photos/ld.png', kind: 'image', via: 'json-ld' },
      { url: 'https://media.example/ld-video.mp4', kind: 'video', via: 'json-ld' },
      { url: 'https://watch.example/media/vjs.mp4', kind: 'video', via: 'player' },
      { url: 'https://watch.example/posters/vjs.jpg', kind: 'image', via: 'player' },
      { url: 'https://media.example/stream/4411', kind: 'video', via: 'player' },
      { url: 'https://watch.example/posters/4411.jpg', kind: 'image', via: 'player' },
      { url: 'https://watch.example/media/4411-480.mp4', kind: 'video', via: 'player' },
      { url: 'https://watch.example/media/4411-1080.webm', kind: 'video', via: 'player' },
    ]);
  });
});

describe('pictures wherever a page puts them', () => {
  it('a Telegram channel preview: photos as style backgrounds on extensionless CDN URLs; no emoji, sprite or avatar link', () => {
    expect(
      extractPageMedia(fixture('telegram-channel-page.html'), 'https://t.me/s/janedoeleaks'),
    ).toEqual([
      { url: 'https://cdn4.telesco.pe/file/channel-avatar', kind: 'image', via: 'og' },
      { url: 'https://cdn4.telesco.pe/file/video-104.mp4?token=x', kind: 'video', via: 'video' },
      {
        url: 'https://cdn4.telesco.pe/file/aB3dEf_photo-101.jpg',
        kind: 'image',
        via: 'background',
      },
      { url: 'https://cdn4.telesco.pe/file/Zx9_album-1', kind: 'image', via: 'background' },
      { url: 'https://cdn4.telesco.pe/file/Zx9_album-2', kind: 'image', via: 'background' },
      { url: 'https://cdn4.telesco.pe/file/video-thumb-104.jpg', kind: 'image', via: 'background' },
    ]);
  });

  it('style attributes: background and background-image, quoted, unquoted and escaped URLs, image-set; no data URL, gradient, sprite or pixel', () => {
    const html = `
      <div style="background-image: url(/a.jpg)"></div>
      <div style='background: #000 url("https://img.example/b") center / cover no-repeat'></div>
      <div style="background-image:url(/c\\28 1\\29 .jpg), linear-gradient(red, blue)"></div>
      <div style="background-image: linear-gradient(to right, #fff, #000)"></div>
      <div style="background-image: url(data:image/png;base64,AAAA)"></div>
      <div style="background-image: -webkit-image-set(url(/d-1x.jpg) 1x, url(/d-2x.jpg) 2x)"></div>
      <div style="background-image: image-set('/e.avif' type('image/avif') 2x, '/e.jpg' 1x)"></div>
      <span style="background:url(/icons.png) -32px -16px;width:16px;height:16px"></span>
      <span style="background-image:url(/pixel);width:1px;height:1px"></span>
      <div style="--card-image: url(/f.webp)"></div>
      <div style="background-image:url(/font.woff2)"></div>`;
    expect(extractPageMedia(html, 'https://site.example/page')).toEqual([
      { url: 'https://site.example/a.jpg', kind: 'image', via: 'background' },
      { url: 'https://img.example/b', kind: 'image', via: 'background' },
      { url: 'https://site.example/c(1).jpg', kind: 'image', via: 'background' },
      { url: 'https://site.example/d-2x.jpg', kind: 'image', via: 'background' },
      { url: 'https://site.example/e.avif', kind: 'image', via: 'background' },
      { url: 'https://site.example/f.webp', kind: 'image', via: 'background' },
    ]);
  });

  it('style sheets: background rules (nested in @media too), after the pictures in the markup; no font, import, icon or sprite', () => {
    const html = `
      <style>
        @import url("/theme.css");
        @font-face { font-family: x; src: url(/x.woff2) format("woff2"); }
        /* .old { background: url(/commented.jpg) } */
        .hero{background:url("/img/a.jpg") center/cover}
        @media (min-width: 800px) { .hero { background-image: url('/img/a-wide.jpg') !important } }
        .cover { background-image: image-set("/img/b.jpg" 1x, "/img/b@3x.jpg" 3x); }
        .icon { background: url(/img/sprite.png) 0 -40px; }
        .star { background-image: url(/static/icons/star.png); }
        .cursor { cursor: url(/cursor.png), auto; }
      </style>
      <img src="/inline.jpg">`;
    expect(extractPageMedia(html, 'https://site.example/')).toEqual([
      { url: 'https://site.example/inline.jpg', kind: 'image', via: 'img' },
      { url: 'https://site.example/img/a.jpg', kind: 'image', via: 'css' },
      { url: 'https://site.example/img/a-wide.jpg', kind: 'image', via: 'css' },
      { url: 'https://site.example/img/b@3x.jpg', kind: 'image', via: 'css' },
    ]);
  });

  it('lazy background attributes: data-bg, data-background, data-background-image, as URLs or url() values', () => {
    const html = `
      <div class="lazy" data-bg="/bg/1.jpg"></div>
      <section data-background="url('/bg/2')"></section>
      <div data-background-image="https://cdn.example/bg/3.webp"></div>
      <div data-bg="data:image/gif;base64,AAAA"></div>`;
    expect(extractPageMedia(html, 'https://site.example/')).toEqual([
      { url: 'https://site.example/bg/1.jpg', kind: 'image', via: 'background' },
      { url: 'https://site.example/bg/2', kind: 'image', via: 'background' },
      { url: 'https://cdn.example/bg/3.webp', kind: 'image', via: 'background' },
    ]);
  });

  it('cards, microdata and JSON-LD: relative og:image and og:video, image_src, itemprop, any object’s image', () => {
    const html = `
      <meta property="og:image" content="/og.jpg">
      <meta property="og:video" content="/clip/77">
      <link rel="image_src" href="/share.png">
      <meta itemprop="image" content="/micro">
      <script type="application/ld+json">{
        "@context": "https://schema.org", "@type": "SocialMediaPosting",
        "image": { "@type": "ImageObject", "url": "https://cdn.example/post/1" },
        "author": { "@type": "Person", "name": "Jane", "image": ["/a/1.jpg", "/a/2.jpg"] },
        "sharedContent": { "@type": "WebPage", "image": "https://cdn.example/shared" }
      }</script>`;
    expect(extractPageMedia(html, 'https://site.example/p/1')).toEqual([
      { url: 'https://site.example/og.jpg', kind: 'image', via: 'og' },
      { url: 'https://site.example/clip/77', kind: 'video', via: 'og' },
      { url: 'https://site.example/share.png', kind: 'image', via: 'og' },
      { url: 'https://site.example/micro', kind: 'image', via: 'og' },
      { url: 'https://cdn.example/post/1', kind: 'image', via: 'json-ld' },
      { url: 'https://site.example/a/1.jpg', kind: 'image', via: 'json-ld' },
      { url: 'https://site.example/a/2.jpg', kind: 'image', via: 'json-ld' },
      { url: 'https://cdn.example/shared', kind: 'image', via: 'json-ld' },
    ]);
  });

  it('links around thumbnails: same site, the thumbnail’s host or a media host, after every picture of the page', () => {
    const html = `
      <a href="/full/123"><img src="/thumbs/123_small.jpg"></a>
      <a href="https://files.host.example/f/9"><img src="https://other.example/t/9.jpg"></a>
      <a href="https://thumbs.example/o/5"><img src="https://thumbs.example/t/5.jpg"></a>
      <a href="https://elsewhere.example/page/1"><img src="/t/1.jpg"></a>
      <a href="/full/124">Full size <img src="/thumbs/124.jpg"></a>
      <a href="/"><img src="/logo.png"></a>
      <a href="/videos/9000"><img src="/thumbs/9000.jpg"></a>
      <a href="/post.php?id=4"><img src="/thumbs/4.jpg"></a>
      <a href="/u/jane" class="avatar"><img src="/avatars/jane.jpg"></a>
      <a href="/full/7"><img src="/pixel.gif" width="1" height="1"></a>
      <a href="#top"><img src="/up.png"></a>`;
    expect(extractPageMedia(html, 'https://www.site.example/gallery/1')).toEqual([
      { url: 'https://www.site.example/thumbs/123_small.jpg', kind: 'image', via: 'img' },
      { url: 'https://other.example/t/9.jpg', kind: 'image', via: 'img' },
      { url: 'https://thumbs.example/t/5.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/t/1.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/thumbs/124.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/logo.png', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/thumbs/9000.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/thumbs/4.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/avatars/jane.jpg', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/up.png', kind: 'image', via: 'img' },
      { url: 'https://www.site.example/full/123', kind: 'image', via: 'link' },
      { url: 'https://files.host.example/f/9', kind: 'image', via: 'link' },
      { url: 'https://thumbs.example/o/5', kind: 'image', via: 'link' },
    ]);
  });

  it('a cap keeps the page’s pictures before guessed links', () => {
    const html = `<a href="/full/1"><img src="/t/1.jpg"></a><a href="/full/2"><img src="/t/2.jpg"></a><div style="background-image:url(/bg.jpg)"></div>`;
    expect(
      extractPageMedia(html, 'https://site.example/', { maxMedia: 3 }).map((m) => m.url),
    ).toEqual([
      'https://site.example/t/1.jpg',
      'https://site.example/t/2.jpg',
      'https://site.example/bg.jpg',
    ]);
  });
});

describe('limits and filters', () => {
  it('stops at maxMedia, keeping the page cards first', () => {
    const html = `<meta property="og:image" content="/card.jpg">${Array.from({ length: 20 }, (_, i) => `<img src="/p${i}.jpg">`).join('')}`;
    const media = extractPageMedia(html, 'https://site.example/', { maxMedia: 3 });
    expect(media.map((m) => m.url)).toEqual([
      'https://site.example/card.jpg',
      'https://site.example/p0.jpg',
      'https://site.example/p1.jpg',
    ]);
    expect(extractPageMedia(html, 'https://site.example/')).toHaveLength(21);
    expect(extractPageMedia(html, 'https://site.example/', { maxMedia: 0 })).toEqual([]);
  });

  it('deduplicates across sources (and ignores the fragment), first sighting wins', () => {
    const html = `<meta property="og:image" content="https://a.example/x.jpg"><img src="https://a.example/x.jpg#top"><a href="/x.jpg">x</a>`;
    expect(extractPageMedia(html, 'https://a.example/page')).toEqual([
      { url: 'https://a.example/x.jpg', kind: 'image', via: 'og' },
    ]);
  });

  it('skips data, blob and non-http URLs, tiny pixels, and <img> with nothing to load', () => {
    const html = `
      <img src="data:image/png;base64,AAAA"><img src="blob:https://a.example/1"><img src="ftp://a.example/x.jpg">
      <img src="/pixel.gif" width="1" height="1"><img src="/bar.gif" height="2px"><img src="/wide.gif" width="100%" height="50">
      <img><img src="">`;
    expect(extractPageMedia(html, 'https://a.example/')).toEqual([
      { url: 'https://a.example/wide.gif', kind: 'image', via: 'img' },
    ]);
  });

  it('takes an <img> without an extension as an image, a link only with a media extension', () => {
    const html = `<img src="/image?id=42"><a href="/image?id=43">page</a><a href="/v/clip.MP4">clip</a><a href="/doc.pdf">doc</a>`;
    expect(extractPageMedia(html, 'http://a.example/')).toEqual([
      { url: 'http://a.example/image?id=42', kind: 'image', via: 'img' },
      { url: 'http://a.example/v/clip.MP4', kind: 'video', via: 'link' },
    ]);
  });

  it('falls back to the page URL for a <base> that is not http(s), and survives broken JSON', () => {
    const html = `<base href="javascript:alert(1)"><div data-setup="{oops"></div><script type="application/ld+json">[</script><img src="x.jpg">`;
    expect(extractPageMedia(html, 'https://a.example/dir/page')).toEqual([
      { url: 'https://a.example/dir/x.jpg', kind: 'image', via: 'img' },
    ]);
  });

  it('reads player values only from scripts, not from data blocks or templates', () => {
    const html = `<script type="text/template">{ file: "/t.mp4" }</script><script>var p = { "video_url": "https:\\/\\/v.example\\/a.mp4" }</script>`;
    expect(extractPageMedia(html, 'https://a.example/')).toEqual([
      { url: 'https://v.example/a.mp4', kind: 'video', via: 'player' },
    ]);
  });
});

describe('largestSrcsetCandidate', () => {
  it.each([
    ['a.jpg 100w, b.jpg 900w, c.jpg 300w', 'b.jpg'],
    ['a.jpg, b.jpg 1.5x, c.jpg 3x', 'c.jpg'],
    ['a.jpg 2x, b.jpg 10w', 'b.jpg'],
    ['only.jpg', 'only.jpg'],
    [
      'https://cdn.example/img,w_200/a.jpg 200w, https://cdn.example/img,w_800/a.jpg 800w',
      'https://cdn.example/img,w_800/a.jpg',
    ],
    ['a.jpg 1x,b.jpg 2x', 'b.jpg'],
    // As the HTML standard reads it: a URL runs to the next space, commas included.
    ['a.jpg,b.jpg 2x', 'a.jpg,b.jpg'],
    ['  ', null],
  ])('%s → %s', (srcset, expected) => {
    expect(largestSrcsetCandidate(srcset)).toBe(expected);
  });
});

describe('media kinds', () => {
  it('by URL extension and by content type', () => {
    expect(mediaKindOfUrl('https://a.example/x.JPG?w=1')).toBe('image');
    expect(mediaKindOfUrl('https://a.example/get_file/1/x.mp4/')).toBe('video');
    expect(mediaKindOfUrl('https://a.example/x.m3u8')).toBeNull();
    expect(mediaKindOfUrl('https://a.example/page')).toBeNull();
    expect(mediaKindOfContentType('image/jpeg; charset=binary')).toBe('image');
    expect(mediaKindOfContentType('Video/MP4')).toBe('video');
    expect(mediaKindOfContentType('image/svg+xml')).toBeNull();
    expect(mediaKindOfContentType('text/html')).toBeNull();
    expect(mediaKindOfContentType(null)).toBeNull();
  });
});
