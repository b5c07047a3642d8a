import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expansionLinks, isSkippedLink, siteNameOf } from './site-links.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const urlsOf = (links: { url: string }[]) => links.map((l) => l.url);

describe('expansionLinks', () => {
  const forumUrl = 'https://leakboard.example/threads/spring-set.4411/';
  const forum = expansionLinks(fixture('forum-thread.html'), forumUrl);

  it('puts the thread’s next pages first', () => {
    expect(forum[0]).toEqual({
      url: 'https://leakboard.example/threads/spring-set.4411/page-2',
      kind: 'pagination',
      score: 100,
    });
    expect(forum[1]).toMatchObject({
      url: 'https://leakboard.example/threads/spring-set.4411/page-3',
      kind: 'pagination',
    });
  });

  it('follows the uploader, the other threads and boards, and pictures’ pages on the same site', () => {
    const kinds = new Map(forum.map((l) => [l.url, l.kind]));
    expect(kinds.get('https://leakboard.example/members/uploader99.812/')).toBe('user');
    expect(kinds.get('https://leakboard.example/threads/summer-set.4412/')).toBe('thread');
    expect(kinds.get('https://leakboard.example/forums/photo-sets.7/')).toBe('board');
    // A subdomain is the same site.
    expect(kinds.has('https://cdn.leakboard.example/media/page/x')).toBe(true);
    const ranked = urlsOf(forum);
    expect(ranked.indexOf('https://leakboard.example/members/uploader99.812/')).toBeLessThan(
      ranked.indexOf('https://leakboard.example/forums/photo-sets.7/'),
    );
  });

  it('leaves out account, legal and sorting links, other sites, files and the page itself', () => {
    const urls = urlsOf(forum);
    for (const skipped of [
      'https://leakboard.example/login/',
      'https://leakboard.example/register/',
      'https://leakboard.example/account/preferences',
      'https://leakboard.example/help/terms/',
      'https://leakboard.example/help/privacy-policy/',
      'https://leakboard.example/misc/contact',
      'https://leakboard.example/dmca',
      'https://leakboard.example/index.php?action=logout',
      'https://leakboard.example/threads/spring-set.4411/?order=reaction_score',
      'https://leakboard.example/attachments/photo-1.jpg',
      'https://leakboard.example/styles/main.css',
      'https://othersite.example/out',
      forumUrl,
    ])
      expect(urls, skipped).not.toContain(skipped);
    expect(urls.every((u) => !u.includes('#'))).toBe(true);
    expect(urls.filter((u) => u.startsWith('mailto:') || u.startsWith('javascript:'))).toEqual([]);
  });

  it('reads an image board’s page numbers, next link and the threads behind thumbnails', () => {
    const links = expansionLinks(fixture('image-board.html'), 'https://chan.example/s/');
    expect(links[0]).toMatchObject({ url: 'https://chan.example/s/2', kind: 'pagination' });
    const kinds = new Map(links.map((l) => [l.url, l.kind]));
    expect(kinds.get('https://chan.example/s/3')).toBe('pagination');
    expect(kinds.get('https://chan.example/s/thread/90211')).toBe('thread');
    expect(kinds.get('https://chan.example/s/catalog')).toBe('board');
    const threadScore = links.find((l) => l.url.endsWith('/thread/90211'))!.score;
    expect(threadScore).toBeGreaterThan(links.find((l) => l.url.endsWith('/catalog'))!.score);
  });

  it('reads a channel’s "older posts" link by its before= cursor', () => {
    const links = expansionLinks(fixture('channel.html'), 'https://t.me/s/spicydrops');
    expect(links[0]).toMatchObject({
      url: 'https://t.me/s/spicydrops?before=1840',
      kind: 'pagination',
    });
    expect(urlsOf(links)).toContain('https://t.me/spicydrops/1841?single');
  });

  it('reads a file host’s folders, file pages, older files and the uploader', () => {
    const links = expansionLinks(
      fixture('file-host-folder.html'),
      'https://files.example/folder/ab12cd/',
    );
    const kinds = new Map(links.map((l) => [l.url, l.kind]));
    expect(links[0]!.url).toBe('https://files.example/folder/ab12cd/?page=2');
    expect(kinds.get('https://files.example/folder/ab12cd/sub/ef34/')).toBe('folder');
    expect(kinds.get('https://files.example/d/zx81')).toBe('media-page');
    expect(kinds.get('https://files.example/u/leaker77')).toBe('user');
    expect(kinds.has('https://files.example/folder/ab12cd/?sort=size')).toBe(false);
    expect(kinds.has('https://files.example/upgrade')).toBe(false);
    expect(kinds.has('https://files.example/folder/ab12cd/')).toBe(false);
  });

  it('keeps at most `max` links, the best ones', () => {
    const links = expansionLinks(fixture('forum-thread.html'), forumUrl, { max: 2 });
    expect(urlsOf(links)).toEqual([
      'https://leakboard.example/threads/spring-set.4411/page-2',
      'https://leakboard.example/threads/spring-set.4411/page-3',
    ]);
  });

  it('reads pagination from the address alone (?page=, /page/N, offset=)', () => {
    const html = `
      <a href="/blog/page/4/">four</a>
      <a href="/list?offset=40">more stuff</a>
      <a href="/list?page=3">x</a>
      <a href="/about-the-set">about</a>`;
    const links = expansionLinks(html, 'https://blog.example/list');
    const kinds = new Map(links.map((l) => [l.url, l.kind]));
    expect(kinds.get('https://blog.example/blog/page/4/')).toBe('pagination');
    expect(kinds.get('https://blog.example/list?offset=40')).toBe('pagination');
    expect(kinds.get('https://blog.example/list?page=3')).toBe('pagination');
    expect(kinds.get('https://blog.example/about-the-set')).toBe('other');
  });
});

describe('isSkippedLink', () => {
  it.each([
    ['https://a.example/logout', true],
    ['https://a.example/sign-up', true],
    ['https://a.example/Terms-of-Service', true],
    ['https://a.example/list?sort=new', true],
    ['https://a.example/list?utm_source=x', true],
    ['https://a.example/member.php?do=register', true],
    ['https://a.example/video.mp4', true],
    ['ftp://a.example/x', true],
    ['https://a.example/threads/help-me.12/', false],
    ['https://a.example/list?page=2', false],
  ])('%s → %s', (url, skipped) => {
    expect(isSkippedLink(new URL(url))).toBe(skipped);
  });
});

describe('siteNameOf', () => {
  it('prefers og:site_name over the title', () => {
    expect(siteNameOf(fixture('forum-thread.html'))).toBe('Leakboard');
    expect(siteNameOf(fixture('home-with-search.html'))).toBe('Pixvault – share pictures');
    expect(siteNameOf('<p>no name</p>')).toBeNull();
  });
});
