import { describe, expect, it } from 'vitest';
import { classifyMention, pageSignalsOf, type MentionPage } from './mention-context.ts';

const luna = { usernames: ['@lunafox'], terms: ['luna fox'], names: ['Luna Fox'] };

const page = (url: string, title: string, text: string, html?: string): MentionPage => ({
  url,
  title,
  text,
  signals: html === undefined ? null : pageSignalsOf(html, url),
});

const kindOf = (p: MentionPage) => classifyMention(p, luna).kind;

describe('classifyMention: pages that only share her name', () => {
  it.each([
    page(
      'https://lunafoxstudio.example/',
      'Luna Fox Studio — Branding & Web Design',
      'Luna Fox Studio is a design studio in Lisbon. We craft brands, websites and packaging for small businesses. Contact us for a free quote.',
    ),
    page(
      'https://lunafoxstudio.example/work/orchard-coffee',
      'Orchard Coffee — Luna Fox Studio',
      'Case study: a new identity for Orchard Coffee. Our team at Luna Fox Studio designed the logo, a set of icons and the spring collection of cups.',
    ),
    page(
      'https://lunafoxstudio.example/about',
      'About us | Luna Fox Studio',
      'Founded in 2015, Luna Fox Studio works with clients across Europe. Download our brochure to learn more about our process.',
    ),
    page(
      'https://news.example/local/2026/04/awards',
      'Design awards announced',
      'The jury praised the work of Luna Fox, who founded her studio after years in advertising. Pictures of the ceremony are online.',
    ),
    page(
      'https://directory.example/people/luna-fox',
      'Luna Fox — Veterinarian in Bristol',
      'Dr. Luna Fox treats cats and dogs. Opening hours: Monday to Friday.',
    ),
  ])('$url is name-only', (p) => {
    const result = classifyMention(p, luna);
    expect(result.kind).toBe('name-only');
    expect(result.reasons).toHaveLength(1);
  });
});

describe('classifyMention: leak context', () => {
  it.each([
    ['Luna Fox leaked pics', 'New thread', /“leaked” in the title/],
    ['Luna Fox OnlyFans', 'All her content', /“only fans” in the title/],
    ['Luna Fox onlyfans', 'All her content', /“onlyfans” in the title/],
    ['Luna Fox OF', 'Posted yesterday', /“of” next to her name/],
    ['Luna Fox pack', 'Big upload', /“pack” next to her name/],
    ['Forum', 'Download Luna Fox set here', /“download” next to her name/],
    ['Luna Fox filtrado', 'Contenido nuevo', /“filtrado”/],
    ['Luna Fox', 'Fuite de contenu de Luna Fox', /“fuite”/],
    ['Luna Fox full video', 'Watch now', /“full video”/],
    ['lunafoxleaks', 'Everything posted', /run together with a leak word \(“lunafoxleaks”\)/],
    ['Luna Fox gratis', 'Fotos y videos', /“gratis” next to her name/],
    ['Luna Fox', 'Folder: https://mega.nz/folder/abc#key', /links to file hosts \(mega\.nz\)/],
  ])('%s / %s is a possible leak', (title, text, reason) => {
    const result = classifyMention(page('https://forum.example/t/123', title, text), luna);
    expect(result.kind).toBe('possible-leak');
    expect(result.reasons.join('; ')).toMatch(reason);
  });

  it('counts links to file hosts found in the HTML', () => {
    const html = `<html><body><p>Luna Fox</p>
      <a href="https://www.gofile.io/d/xyz">part 1</a><a href="https://pixeldrain.com/u/abc">part 2</a>
      <a href="/about">about</a></body></html>`;
    const result = classifyMention(
      page('https://board.example/post/9', 'Luna Fox', 'Luna Fox part 1 part 2 about', html),
      luna,
    );
    expect(result).toEqual({
      kind: 'possible-leak',
      reasons: ['links to file hosts (gofile.io, pixeldrain.com)'],
    });
  });

  it('keeps ordinary words far from her name, and a bare "of", from counting', () => {
    expect(
      kindOf(
        page(
          'https://lunafoxstudio.example/blog',
          'Journal of Luna Fox Studio',
          'Luna Fox Studio shares notes from the studio. Get the free template pack from our shop today.',
        ),
      ),
    ).toBe('name-only');
  });
});

describe('classifyMention: continuation pages', () => {
  const leakTitle = 'Luna Fox leaked OnlyFans — Page 2';
  it.each([
    ['https://forum.example/threads/luna-fox-leaks.123/page-2', /page 2 by its address/],
    ['https://forum.example/showthread.php?t=55&page=3', /\?page=3/],
    ['https://blog.example/tag/luna-fox/page/4/', /page 4 by its address \(\/page\/4\)/],
    ['https://board.example/thread-881-2.html', /thread-881-2\.html/],
    ['https://board.example/thread-881-3-1.html', /page 3/],
    ['https://bb.example/viewtopic.php?t=12&start=25', /\?start=25/],
  ])('%s is a continuation even among leak words', (url, reason) => {
    const result = classifyMention(page(url, leakTitle, 'Luna Fox leaks mega.nz/x'), luna);
    expect(result.kind).toBe('continuation');
    expect(result.reasons.join('; ')).toMatch(reason);
  });

  it('reads rel=prev, the pager and "Page 2 of 5" from the page', () => {
    const url = 'https://forum.example/t/luna-fox-leaks';
    const relPrev = `<html><head><link rel="prev" href="/t/luna-fox-leaks"></head><body></body></html>`;
    expect(classifyMention(page(url, 'Luna Fox leaks', 'x', relPrev), luna).reasons).toEqual([
      'it links to the page before it (rel=prev)',
    ]);
    const pager = `<html><body><nav class="pagination"><a href="?x=1">1</a><span class="active">3</span></nav></body></html>`;
    expect(classifyMention(page(url, 'Luna Fox leaks', 'x', pager), luna).reasons).toEqual([
      'its pager marks page 3 as current',
    ]);
    const aria = `<html><body><a aria-current="page">2</a></body></html>`;
    expect(kindOf(page(url, 'Luna Fox leaks', 'x', aria))).toBe('continuation');
    expect(kindOf(page(url, 'Luna Fox leaks', 'Page 2 of 5 · Luna Fox leaks'))).toBe(
      'continuation',
    );
    expect(kindOf(page(url, 'Luna Fox leaks — Seite 3 von 7', 'x'))).toBe('continuation');
  });

  it('treats the first page, and numbers that are no page, as pages of their own', () => {
    expect(kindOf(page('https://forum.example/t?page=1', 'Luna Fox leaks', 'Page 2 of 5'))).toBe(
      'possible-leak',
    );
    expect(kindOf(page('https://blog.example/?p=42', 'Luna Fox leaks', 'x'))).toBe('possible-leak');
    expect(kindOf(page('https://blog.example/thread-881.html', 'Luna Fox leaks', 'x'))).toBe(
      'possible-leak',
    );
    const pager = `<html><body><ul class="pagination"><li class="active">1</li><li>2</li></ul></body></html>`;
    expect(kindOf(page('https://forum.example/t/1', 'Luna Fox leaks', 'x', pager))).toBe(
      'possible-leak',
    );
    const article = `<html><head><link rel="prev" href="/2026/04/another-post/"></head></html>`;
    expect(
      kindOf(
        page('https://blog.example/2026/05/luna-fox-leaked/', 'Luna Fox leaked', 'x', article),
      ),
    ).toBe('possible-leak');
    const sameQuery = `<html><head><link rel="prev" href="/showthread.php?t=55"></head></html>`;
    expect(
      kindOf(
        page('https://forum.example/showthread.php?t=55&s=abc', 'Luna Fox leaks', 'x', sameQuery),
      ),
    ).toBe('continuation');
    const content = `<html><body><div class="page-content"><strong>2</strong> new Luna Fox leaks</div></body></html>`;
    expect(kindOf(page('https://forum.example/t/1', 'Luna Fox leaks', 'x', content))).toBe(
      'possible-leak',
    );
    const phpbb = `<html><body><div class="pagination"><a href="?start=0">1</a><strong>2</strong></div></body></html>`;
    expect(kindOf(page('https://forum.example/t/1', 'Luna Fox leaks', 'x', phpbb))).toBe(
      'continuation',
    );
    expect(
      kindOf(page('https://lunafoxstudio.example/news?page=2', 'Luna Fox Studio news', 'Studio')),
    ).toBe('continuation');
  });
});

describe('pageSignalsOf', () => {
  it('reads nothing from a page without pager, rel=prev or file links', () => {
    expect(
      pageSignalsOf('<p>Hello <a href="mailto:x@y.z">mail</a></p>', 'https://a.example/'),
    ).toEqual({ hasRelPrev: false, currentPage: null, fileHostLinks: [] });
  });

  it('resolves relative links and ignores hosts that only look like file hosts', () => {
    const html = `<a href="//cdn.mediafire.com/file/1">a</a><a href="https://notmega.nz/x">b</a><a href="https://mega.nz.evil.example/">c</a>`;
    expect(pageSignalsOf(html, 'https://a.example/x').fileHostLinks).toEqual(['mediafire.com']);
  });
});
