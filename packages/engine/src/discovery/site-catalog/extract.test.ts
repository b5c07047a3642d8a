import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SITE_KINDS,
  TEMPLATE_KINDS,
  findSite,
  loadSiteCatalog,
  parseSiteCatalog,
  type CatalogSite,
  type SiteKind,
  type TemplateKind,
} from './catalog.ts';
import { extractResults, type ExtractedPage } from './extract.ts';
import { SiteTemplateError } from './templates.ts';

const catalog = loadSiteCatalog();

function site(id: string): CatalogSite {
  const found = findSite(catalog, id);
  if (!found) throw new Error(`no site ${id} in the catalog`);
  return found;
}

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

interface FixtureCase {
  kind: SiteKind;
  template: TemplateKind;
  siteId: string;
  file: string;
  pageUrl: string;
  expected: ExtractedPage;
}

/** One fixture page per site kind and template kind, shaped like that site's real markup. */
const CASES: FixtureCase[] = [
  {
    kind: 'tube',
    template: 'search',
    siteId: 'pornhub',
    file: 'tube-search.pornhub.html',
    pageUrl: 'https://www.pornhub.com/video/search?search=jane+doe',
    expected: {
      results: [
        {
          url: 'https://www.pornhub.com/view_video.php?viewkey=ph5f1a2b3c4d5e6',
          title: 'Jane Doe beach day',
          mediaUrls: [
            'https://ei.phncdn.com/videos/202401/15/1/original/(m=eafTGgaaaa)(mh=abc)16.jpg',
          ],
        },
        {
          url: 'https://www.pornhub.com/view_video.php?viewkey=64f0aa11bb22c',
          title: 'Leaked set & more',
          mediaUrls: [
            'https://ei.phncdn.com/videos/202402/02/2/original/(m=eafTGgaaaa)(mh=def)1.jpg',
          ],
        },
      ],
      nextPageUrl: 'https://www.pornhub.com/video/search?search=jane+doe&page=2',
      identity: null,
    },
  },
  {
    kind: 'tube',
    template: 'profile',
    siteId: 'xvideos',
    file: 'tube-profile.xvideos.html',
    pageUrl: 'https://www.xvideos.com/profiles/janedoe',
    expected: {
      results: [
        {
          url: 'https://www.xvideos.com/video80001/jane_doe_first_clip',
          title: 'Jane Doe first clip',
          mediaUrls: ['https://thumb-cdn77.xvideos-cdn.com/a1/b2/c3/thumbs169/1.jpg'],
        },
        {
          url: 'https://www.xvideos.com/video.ufhkd12/jane_doe_second',
          title: 'Jane Doe – second (ünïcode)',
          mediaUrls: ['https://thumb-cdn77.xvideos-cdn.com/d4/e5/f6/thumbs169/2.jpg'],
        },
      ],
      nextPageUrl: 'https://www.xvideos.com/profiles/janedoe/videos/new/1',
      identity: {
        displayName: 'Janedoe',
        avatarUrl:
          'https://profile-pics-cdn.xvideos-cdn.com/videos/profiles/galleries/11/22/33/janedoe/gal1/pic_1_big.jpg',
      },
    },
  },
  {
    kind: 'forum',
    template: 'search',
    siteId: 'socialmediagirls',
    file: 'forum-search.socialmediagirls.html',
    pageUrl: 'https://forums.socialmediagirls.com/search/4242/?q=jane+doe&o=date',
    expected: {
      results: [
        {
          url: 'https://forums.socialmediagirls.com/threads/jane-doe-onlyfans.98765/post-1234567',
          title: 'Jane Doe OnlyFans',
          mediaUrls: ['https://simp6.jpg5.su/images/jane1.md.jpg'],
        },
        {
          url: 'https://forums.socialmediagirls.com/threads/jane-doe-fansly.98800/',
          title: 'Jane Doe Fansly',
          mediaUrls: [],
        },
      ],
      nextPageUrl: 'https://forums.socialmediagirls.com/search/4242/?page=2&q=jane+doe&o=date',
      identity: null,
    },
  },
  {
    kind: 'forum',
    template: 'profile',
    siteId: 'planetsuzy',
    file: 'forum-profile.planetsuzy.html',
    // The page was reached through a redirect; its <base href> decides how links resolve.
    pageUrl: 'https://planetsuzy.org/member.php?username=JaneDoeFan',
    expected: {
      results: [
        {
          url: 'https://www.planetsuzy.org/showthread.php?t=1000001&p=2000001',
          title: 'Jane Doe - full pack',
          mediaUrls: ['https://pixhost.to/thumbs/12/jane_doe_01.jpg'],
        },
        {
          url: 'https://www.planetsuzy.org/showthread.php?t=1000002',
          title: 'Jane Doe 2024',
          mediaUrls: [],
        },
      ],
      nextPageUrl: null,
      identity: {
        displayName: 'JaneDoeFan',
        avatarUrl: 'https://www.planetsuzy.org/customavatars/avatar55555_2.gif',
      },
    },
  },
  {
    kind: 'file-host',
    template: 'search',
    siteId: 'erome',
    file: 'file-host-search.erome.html',
    pageUrl: 'https://www.erome.com/search?q=jane+doe',
    expected: {
      results: [
        {
          url: 'https://www.erome.com/a/a1B2c3D4',
          title: 'Jane Doe vacation',
          mediaUrls: ['https://s12.erome.com/1234/a1B2c3D4/thumbs/AbCdEf.jpeg?v=1700000000'],
        },
        {
          url: 'https://www.erome.com/a/Zz9Yy8Xx',
          title: 'Jane Doe set 2',
          mediaUrls: ['https://s7.erome.com/5678/Zz9Yy8Xx/thumbs/GhIjKl.jpeg'],
        },
      ],
      nextPageUrl: 'https://www.erome.com/search?q=jane+doe&page=2',
      identity: null,
    },
  },
  {
    kind: 'file-host',
    template: 'profile',
    siteId: 'coomer',
    file: 'file-host-profile.coomer.html',
    pageUrl: 'https://coomer.st/onlyfans/user/janedoe',
    expected: {
      results: [
        {
          url: 'https://coomer.st/onlyfans/user/janedoe/post/1111111111',
          title: 'Pool day 🌴',
          mediaUrls: ['https://img.coomer.st/thumbnail/data/ab/cd/abcdef0123456789.jpg'],
        },
        {
          url: 'https://coomer.st/onlyfans/user/janedoe/post/2222222222',
          title: 'Text only post',
          mediaUrls: [],
        },
      ],
      nextPageUrl: 'https://coomer.st/onlyfans/user/janedoe?o=50',
      identity: { displayName: 'janedoe', avatarUrl: 'https://coomer.st/icons/onlyfans/janedoe' },
    },
  },
  {
    kind: 'image-board',
    template: 'search',
    siteId: '4plebs',
    file: 'image-board-search.4plebs.html',
    pageUrl: 'https://archive.4plebs.org/_/search/text/jane%20doe/',
    expected: {
      results: [
        {
          url: 'https://archive.4plebs.org/s/thread/499990/',
          title: 'Jane Doe thread',
          mediaUrls: [
            'https://i.4pcdn.org/s/1700000000123.jpg',
            'https://i.4pcdn.org/s/1700000000123s.jpg',
          ],
        },
        { url: 'https://archive.4plebs.org/hr/thread/400000/', title: null, mediaUrls: [] },
      ],
      nextPageUrl: 'https://archive.4plebs.org/_/search/text/jane%20doe/page/2/',
      identity: null,
    },
  },
  {
    kind: 'image-board',
    template: 'profile',
    siteId: 'gelbooru',
    file: 'image-board-profile.gelbooru.html',
    pageUrl: 'https://gelbooru.com/index.php?page=account&s=profile&uname=janedoe_uploader',
    expected: {
      results: [
        {
          url: 'https://gelbooru.com/index.php?page=post&s=view&id=9000001',
          title: 'jane_doe 1girl beach score:12 rating:explicit',
          mediaUrls: ['https://img3.gelbooru.com/thumbnails/ab/cd/thumbnail_abcd1234.jpg'],
        },
        {
          url: 'https://gelbooru.com/index.php?page=post&s=view&id=9000002',
          title: 'jane_doe selfie',
          mediaUrls: ['https://img3.gelbooru.com/thumbnails/ef/01/thumbnail_ef015678.jpg'],
        },
      ],
      nextPageUrl: null,
      identity: null,
    },
  },
  {
    kind: 'telegram-index',
    template: 'search',
    siteId: 'tgstat',
    file: 'telegram-index-search.tgstat.html',
    pageUrl: 'https://tgstat.com/search?q=jane+doe',
    expected: {
      results: [
        {
          url: 'https://tgstat.com/channel/@janeleaks',
          title: 'Jane Doe full archive 👇 join',
          mediaUrls: ['https://static2.tgstat.ru/posts/media/ab/photo_111.jpg'],
        },
        {
          url: 'https://tgstat.com/channel/@freevids',
          title: 'jane doe & friends',
          mediaUrls: ['https://static2.tgstat.ru/posts/media/cd/video_222.mp4'],
        },
      ],
      nextPageUrl: null,
      identity: null,
    },
  },
  {
    kind: 'telegram-index',
    template: 'profile',
    siteId: 'telegram-preview',
    file: 'telegram-index-profile.telegram-preview.html',
    pageUrl: 'https://t.me/s/janedoeleaks',
    expected: {
      results: [
        {
          url: 'https://t.me/janedoeleaks/41',
          title: 'New set from Jane',
          mediaUrls: ['https://cdn4.cdn-telegram.org/file/photo41.jpg'],
        },
        {
          url: 'https://t.me/janedoeleaks/42',
          title: null,
          mediaUrls: [
            'https://cdn4.cdn-telegram.org/file/video42.mp4',
            'https://cdn4.cdn-telegram.org/file/thumb42.jpg',
          ],
        },
      ],
      nextPageUrl: 'https://t.me/s/janedoeleaks?before=40',
      identity: {
        displayName: 'Jane Doe Leaks',
        avatarUrl: 'https://cdn4.cdn-telegram.org/file/channel-photo-abc.jpg',
      },
    },
  },
  {
    kind: 'social-network',
    template: 'search',
    siteId: 'reddit',
    file: 'social-network-search.reddit.html',
    pageUrl: 'https://old.reddit.com/search?q=jane+doe&sort=new&include_over_18=on',
    expected: {
      results: [
        {
          url: 'https://old.reddit.com/r/leakedhub/comments/1abcd2/jane_doe_new_set/',
          title: 'Jane Doe new set',
          mediaUrls: [
            'https://i.redd.it/abcd1234.jpeg',
            'https://b.thumbs.redditmedia.com/XyZ_small.jpg',
          ],
        },
        {
          url: 'https://old.reddit.com/r/AskReddit/comments/1efgh3/who_is_jane_doe/',
          title: 'who is jane doe?',
          mediaUrls: [],
        },
      ],
      nextPageUrl: 'https://old.reddit.com/search?q=jane+doe&sort=new&count=25&after=t3_1efgh3',
      identity: null,
    },
  },
  {
    kind: 'social-network',
    template: 'profile',
    siteId: 'reddit',
    file: 'social-network-profile.reddit.html',
    pageUrl: 'https://old.reddit.com/user/janedoe_official/submitted/',
    expected: {
      results: [
        {
          url: 'https://old.reddit.com/r/OnlyFansPromo/comments/1aaaa1/new_pics/',
          title: 'New pics',
          mediaUrls: [
            'https://i.redd.it/janedoe01.jpg',
            'https://b.thumbs.redditmedia.com/jd01.jpg',
          ],
        },
        {
          url: 'https://old.reddit.com/r/selfie/comments/1bbbb2/hello/',
          title: 'Hello',
          mediaUrls: [],
        },
      ],
      nextPageUrl:
        'https://old.reddit.com/user/janedoe_official/submitted/?count=25&after=t3_1bbbb2',
      identity: {
        displayName: 'janedoe_official',
        avatarUrl: 'https://styles.redditmedia.com/t5_abc123/styles/profileIcon_xyz.png',
      },
    },
  },
  {
    kind: 'social-network',
    template: 'profile',
    siteId: 'instagram',
    file: 'social-network-profile.instagram.html',
    pageUrl: 'https://www.instagram.com/janedoe.vip/',
    expected: {
      results: [],
      nextPageUrl: null,
      identity: {
        displayName: 'Jane Doe (@janedoe.vip) • Instagram photos and videos',
        avatarUrl:
          'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-19/123_n.jpg?stp=dst-jpg_s100x100&_nc_ht=scontent-iad3-1.cdninstagram.com',
      },
    },
  },
];

describe('extractResults against fixture pages', () => {
  it('has a fixture for every template kind of every site kind', () => {
    const covered = new Set(CASES.map((entry) => `${entry.kind}/${entry.template}`));
    for (const kind of SITE_KINDS) {
      for (const template of TEMPLATE_KINDS)
        expect(covered, `${kind}/${template}`).toContain(`${kind}/${template}`);
    }
  });

  it.each(
    CASES.map((entry) => [`${entry.kind} ${entry.template} (${entry.siteId})`, entry] as const),
  )('%s', (_label, entry) => {
    const entrySite = site(entry.siteId);
    expect(entrySite.kind).toBe(entry.kind);
    expect(extractResults(entrySite, entry.template, fixture(entry.file), entry.pageUrl)).toEqual(
      entry.expected,
    );
  });

  it('finds nothing, and no next page, on a page of another shape', () => {
    const page = extractResults(
      site('pornhub'),
      'search',
      fixture('forum-search.socialmediagirls.html'),
      'https://www.pornhub.com/',
    );
    expect(page).toEqual({ results: [], nextPageUrl: null, identity: null });
  });
});

describe('extractResults details', () => {
  const custom = parseSiteCatalog({
    version: 1,
    sites: [
      {
        id: 'custom',
        name: 'Custom',
        kind: 'image-board',
        baseUrl: 'https://board.example',
        search: {
          url: 'https://board.example/search?q={query}',
          results: {
            item: 'li.post',
            link: { css: ':scope', attributes: ['data-href'] },
            title: 'h2',
            media: [
              { css: 'img', attributes: ['srcset', 'src'] },
              { css: '.bg', attributes: ['style'] },
            ],
            nextPage: 'a.next',
          },
        },
      },
    ],
  }).sites[0];
  if (!custom) throw new Error('no custom site');

  function extract(body: string, pageUrl = 'https://board.example/search?q=x') {
    return extractResults(
      custom as CatalogSite,
      'search',
      `<html><body>${body}</body></html>`,
      pageUrl,
    );
  }

  it('reads the item itself with :scope, the largest srcset candidate and style background images', () => {
    const page = extract(`
      <ul>
        <li class="post" data-href="/p/1"><h2>One</h2>
          <img srcset="/i/1-small.jpg 320w, /i/1-large.jpg 1280w, /i/1-medium.jpg 640w" src="/i/1.jpg">
          <div class="bg" style="color: red; background-image: url(&quot;//cdn.example/bg1.jpg&quot;)"></div>
        </li>
        <li class="post" data-href="/p/2"><h2>Two</h2><img srcset="/i/2.jpg, /i/2@2x.jpg 2x"></li>
      </ul>`);
    expect(page.results).toEqual([
      {
        url: 'https://board.example/p/1',
        title: 'One',
        mediaUrls: ['https://board.example/i/1-large.jpg', 'https://cdn.example/bg1.jpg'],
      },
      {
        url: 'https://board.example/p/2',
        title: 'Two',
        mediaUrls: ['https://board.example/i/2@2x.jpg'],
      },
    ]);
  });

  it('skips items whose link is not http(s) and media that are data: URLs, and merges repeated results', () => {
    const page = extract(`
      <li class="post" data-href="javascript:void(0)"><h2>Script</h2></li>
      <li class="post" data-href="mailto:a@b.example"><h2>Mail</h2></li>
      <li class="post" data-href="/p/3#top"><img src="data:image/gif;base64,R0lGOD"></li>
      <li class="post" data-href="/p/3"><h2>Three</h2><img src="/i/3.jpg"></li>
      <li class="post"><h2>No link</h2></li>`);
    expect(page.results).toEqual([
      {
        url: 'https://board.example/p/3',
        title: 'Three',
        mediaUrls: ['https://board.example/i/3.jpg'],
      },
    ]);
  });

  it('never returns the page itself as the next page', () => {
    expect(extract('<a class="next" href="?q=x">Next</a>').nextPageUrl).toBeNull();
    expect(extract('<a class="next" href="?q=x&amp;page=2">Next</a>').nextPageUrl).toBe(
      'https://board.example/search?q=x&page=2',
    );
  });

  it('refuses a template kind the site does not have', () => {
    expect(() =>
      extractResults(custom, 'profile', '<html></html>', 'https://board.example/'),
    ).toThrow(SiteTemplateError);
  });
});
