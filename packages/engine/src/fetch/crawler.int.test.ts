// The crawler end to end against local sites: pages with their title, text and media, redirects hop
// by hop, robots.txt, the per-host limit, size limits by content type and the address guard.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCrawler,
  type CrawledPage,
  type CrawlFailure,
  type Crawler,
  type FetchedMedia,
} from './crawler.ts';
import { createSafeFetcher, type SafeFetcher } from './safe-fetch.ts';

interface Site {
  server: Server;
  port: number;
  origin: string;
  /** Paths asked for, in order. */
  requests: string[];
  inFlight: number;
  peak: number;
}

async function startSite(
  route: (site: Site, req: IncomingMessage, res: ServerResponse) => void,
): Promise<Site> {
  const site = { requests: [], inFlight: 0, peak: 0 } as unknown as Site;
  site.server = createServer((req, res) => {
    site.requests.push(req.url ?? '/');
    site.inFlight++;
    site.peak = Math.max(site.peak, site.inFlight);
    res.on('close', () => site.inFlight--);
    route(site, req, res);
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.port = (site.server.address() as AddressInfo).port;
  site.origin = `http://127.0.0.1:${site.port}`;
  return site;
}

async function stopSite(site: Site | undefined): Promise<void> {
  if (!site) return;
  site.server.closeAllConnections();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
}

const MB = 1024 * 1024;
let jpeg: Buffer;
let main: Site;
let other: Site;
let fetcher: SafeFetcher;
let crawler: Crawler;

const html = (res: ServerResponse, body: string, status = 200) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const redirect = (res: ServerResponse, location: string) => res.writeHead(302, { location }).end();

function mainRoute(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  switch (path) {
    case '/robots.txt':
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private/\n');
      return;
    case '/gallery':
      html(
        res,
        `<html><head><title>Jane's gallery</title><meta property="og:image" content="/media/cover.jpg">
        <script>jwplayer("p").setup({ file: "/media/clip.mp4" })</script><style>.hero{background:url(/media/hero) center/cover}</style></head>
        <body><h1>Gallery</h1><p>Leaked   set</p><img src="/media/a.jpg"><img src="/pixel.gif" width="1" height="1">
        <div style="background-image:url('/media/post-1')"></div><a href="/full/7"><img src="/media/t7.jpg"></a>
        <a href="${other.origin}/files/b.png">mirror</a></body></html>`,
      );
      return;
    case '/old':
      redirect(res, '/gallery');
      return;
    case '/to-other':
      redirect(res, `${other.origin}/page`);
      return;
    case '/to-private-page':
      redirect(res, '/private/secret');
      return;
    case '/to-internal':
      redirect(res, 'http://10.0.0.7/admin');
      return;
    case '/to-metadata':
      redirect(res, 'http://[::ffff:a9fe:a9fe]/latest/meta-data/');
      return;
    case '/loop':
      redirect(res, '/loop');
      return;
    case '/private/secret':
      html(res, '<title>secret</title>');
      return;
    case '/gone':
      html(res, '<title>Not here</title>', 404);
      return;
    case '/broken':
      html(res, '<title>Oops</title>', 503);
      return;
    case '/notes.txt':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('plain\n\n words');
      return;
    case '/media/a.jpg':
    case '/image-page':
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      return;
    case '/media/untyped':
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(jpeg);
      return;
    case '/media/big.jpg':
      res
        .writeHead(200, { 'content-type': 'image/jpeg' })
        .end(Buffer.concat([jpeg, Buffer.alloc(3 * MB)]));
      return;
    case '/media/big-untyped':
      // A picture over the picture limit but under the video limit, sent as "any bytes".
      res
        .writeHead(200, { 'content-type': 'application/octet-stream' })
        .end(Buffer.concat([jpeg, Buffer.alloc(3 * MB)]));
      return;
    case '/media/clip.mp4': {
      const mp4 = Buffer.alloc(5 * MB);
      mp4.write('\0\0\0\x18ftypisom', 0, 'latin1');
      res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4);
      return;
    }
    case '/big-page':
      html(res, `<title>big</title>${'x'.repeat(2 * MB)}`);
      return;
    default:
      if (path.startsWith('/slow/')) {
        // Answers a little later, so requests the crawler lets through together overlap here.
        setTimeout(() => html(res, `<title>${path}</title>`), 25);
        return;
      }
      html(res, '<title>none</title>', 404);
  }
}

function otherRoute(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path === '/robots.txt')
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end('User-agent: SharkBot\nDisallow: /page\n');
  else html(res, '<title>other</title>');
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } })
    .jpeg()
    .toBuffer();
  main = await startSite(mainRoute);
  other = await startSite(otherRoute);
  fetcher = createSafeFetcher({
    allowlist: [`127.0.0.1:${main.port}`, `127.0.0.1:${other.port}`],
    timeoutMs: 5_000,
  });
  crawler = createCrawler({
    fetcher,
    robots: { enabled: true, userAgent: 'SharkBot' },
    perHost: { concurrency: 2, minIntervalMs: 0 },
    maxPageBytes: 1 * MB,
    maxImageBytes: 2 * MB,
    maxVideoBytes: 8 * MB,
  });
});

afterAll(async () => {
  await crawler?.close();
  await fetcher?.close();
  await stopSite(main);
  await stopSite(other);
});

function page(result: CrawledPage | CrawlFailure): CrawledPage {
  if (!result.ok) throw new Error(`expected a page, got ${result.reason}: ${result.message}`);
  return result;
}

function failure(result: CrawledPage | FetchedMedia | CrawlFailure): CrawlFailure {
  if (result.ok) throw new Error(`expected a failure, got ${result.finalUrl}`);
  return result;
}

describe('pages', () => {
  it('records status, final URL, title, text and the media the page embeds', async () => {
    const result = page(await crawler.fetchPage(`${main.origin}/gallery`));
    expect(result).toMatchObject({
      url: `${main.origin}/gallery`,
      finalUrl: `${main.origin}/gallery`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      title: "Jane's gallery",
      text: 'Gallery Leaked set mirror',
    });
    expect(result.body).toBeUndefined();
    expect(result.html).toContain("<title>Jane's gallery</title>");
    expect(result.media).toEqual([
      { url: `${main.origin}/media/cover.jpg`, kind: 'image', via: 'og' },
      { url: `${main.origin}/media/clip.mp4`, kind: 'video', via: 'player' },
      { url: `${main.origin}/media/a.jpg`, kind: 'image', via: 'img' },
      { url: `${main.origin}/media/post-1`, kind: 'image', via: 'background' },
      { url: `${main.origin}/media/t7.jpg`, kind: 'image', via: 'img' },
      { url: `${main.origin}/media/hero`, kind: 'image', via: 'css' },
      { url: `${other.origin}/files/b.png`, kind: 'image', via: 'link' },
      { url: `${main.origin}/full/7`, kind: 'image', via: 'link' },
    ]);
  });

  it('follows redirects and reports where they led', async () => {
    expect(page(await crawler.fetchPage(`${main.origin}/old`))).toMatchObject({
      url: `${main.origin}/old`,
      finalUrl: `${main.origin}/gallery`,
      title: "Jane's gallery",
    });
  });

  it('turns an answer that is not 2xx into a failure with its status', async () => {
    expect(failure(await crawler.fetchPage(`${main.origin}/gone`))).toEqual({
      ok: false,
      url: `${main.origin}/gone`,
      reason: 'http-status',
      status: 404,
      message: `127.0.0.1:${main.port}/gone answered 404.`,
    });
    expect(failure(await crawler.fetchPage(`${main.origin}/broken`))).toMatchObject({
      reason: 'http-status',
      status: 503,
    });
  });

  it('reads plain text, and a URL that is a picture gives the picture as its one medium, with its bytes', async () => {
    expect(page(await crawler.fetchPage(`${main.origin}/notes.txt`))).toMatchObject({
      title: null,
      text: 'plain words',
      html: null,
      media: [],
    });
    const image = page(await crawler.fetchPage(`${main.origin}/image-page`));
    expect(image.media).toEqual([{ url: `${main.origin}/image-page`, kind: 'image', via: 'link' }]);
    expect(image.body?.equals(jpeg)).toBe(true);
    expect(image).toMatchObject({ title: null, text: null, html: null, contentType: 'image/jpeg' });
  });

  it('stops after five redirects', async () => {
    expect(failure(await crawler.fetchPage(`${main.origin}/loop`))).toEqual({
      ok: false,
      url: `${main.origin}/loop`,
      reason: 'too-many-redirects',
      message: `More than 5 redirects, starting from ${main.origin}/loop.`,
    });
  });
});

describe('robots.txt', () => {
  it('does not fetch a disallowed page, nor one a redirect leads to, unless told not to respect it', async () => {
    expect(failure(await crawler.fetchPage(`${main.origin}/private/secret`))).toEqual({
      ok: false,
      url: `${main.origin}/private/secret`,
      reason: 'robots',
      message: `${main.origin}/robots.txt does not allow SharkBot to crawl /private/secret.`,
    });
    expect(failure(await crawler.fetchPage(`${main.origin}/to-private-page`))).toMatchObject({
      reason: 'robots',
      url: `${main.origin}/private/secret`,
    });
    expect(main.requests.filter((p) => p === '/private/secret')).toEqual([]);
    expect(
      page(await crawler.fetchPage(`${main.origin}/private/secret`, { respectRobots: false }))
        .title,
    ).toBe('secret');
    expect(main.requests.filter((p) => p === '/robots.txt')).toEqual(['/robots.txt']);
  });

  it('does not fetch a picture in a disallowed folder either, unless told not to respect it', async () => {
    expect(failure(await crawler.fetchMedia(`${main.origin}/private/photo.jpg`))).toMatchObject({
      reason: 'robots',
      url: `${main.origin}/private/photo.jpg`,
    });
    expect(main.requests.filter((p) => p === '/private/photo.jpg')).toEqual([]);
    await crawler.fetchMedia(`${main.origin}/private/photo.jpg`, { respectRobots: false });
    expect(main.requests.filter((p) => p === '/private/photo.jpg')).toEqual(['/private/photo.jpg']);
  });

  it('applies the rules of the origin a redirect leads to', async () => {
    expect(failure(await crawler.fetchPage(`${main.origin}/to-other`))).toMatchObject({
      reason: 'robots',
      url: `${other.origin}/page`,
    });
    expect(other.requests).not.toContain('/page');
  });

  it('hands the Crawl-delay to the host limiter: the page waits that long after the robots.txt request', async () => {
    const delayed = await startSite((site, req, res) => {
      if (req.url === '/robots.txt')
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nCrawl-delay: 30\n');
      else html(res, '<title>delayed</title>');
    });
    const local = createSafeFetcher({ allowlist: [`127.0.0.1:${delayed.port}`] });
    const polite = createCrawler({
      fetcher: local,
      robots: { enabled: true, userAgent: 'SharkBot' },
      perHost: { concurrency: 4, minIntervalMs: 0 },
    });
    const host = `127.0.0.1:${delayed.port}`;
    try {
      const controller = new AbortController();
      const next = polite.fetchPage(`${delayed.origin}/a`, { signal: controller.signal });
      while (polite.limiter.pending(host).waiting === 0)
        await new Promise((resolve) => setImmediate(resolve));
      expect(polite.limiter.pending(host)).toEqual({ active: 0, waiting: 1 });
      expect(delayed.requests).toEqual(['/robots.txt']);
      controller.abort(new Error('enough'));
      await expect(next).rejects.toThrow('enough');
      expect(delayed.requests).toEqual(['/robots.txt']);
    } finally {
      await polite.close();
      await local.close();
      await stopSite(delayed);
    }
  });

  it('is not asked when the crawler has it off', async () => {
    const site = await startSite(mainRoute);
    const local = createSafeFetcher({ allowlist: [`127.0.0.1:${site.port}`] });
    const off = createCrawler({
      fetcher: local,
      robots: { enabled: false, userAgent: 'SharkBot' },
    });
    try {
      expect(page(await off.fetchPage(`${site.origin}/private/secret`)).title).toBe('secret');
      expect(site.requests).toEqual(['/private/secret']);
    } finally {
      await off.close();
      await local.close();
      await stopSite(site);
    }
  });
});

describe('per-host limits', () => {
  it('never has more requests in flight to one host than allowed, while other hosts go on', async () => {
    const slow = await startSite(mainRoute);
    const second = await startSite(mainRoute);
    const local = createSafeFetcher({
      allowlist: [`127.0.0.1:${slow.port}`, `127.0.0.1:${second.port}`],
    });
    const limited = createCrawler({
      fetcher: local,
      robots: { enabled: false, userAgent: 'SharkBot' },
      perHost: { concurrency: 2, minIntervalMs: 0 },
    });
    try {
      const results = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => limited.fetchPage(`${slow.origin}/slow/${i}`)),
        ...Array.from({ length: 6 }, (_, i) => limited.fetchPage(`${second.origin}/slow/${i}`)),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(slow.requests).toHaveLength(10);
      expect(slow.peak).toBe(2);
      expect(second.peak).toBe(2);
    } finally {
      await limited.close();
      await local.close();
      await stopSite(slow);
      await stopSite(second);
    }
  });
});

describe('media and size limits', () => {
  it('fetches a picture, and knows a picture by its bytes when the type does not say', async () => {
    const typed = await crawler.fetchMedia(`${main.origin}/media/a.jpg`);
    expect(typed).toMatchObject({
      ok: true,
      kind: 'image',
      contentType: 'image/jpeg',
      finalUrl: `${main.origin}/media/a.jpg`,
    });
    expect(typed.ok && typed.body.equals(jpeg)).toBe(true);
    expect(await crawler.fetchMedia(`${main.origin}/media/untyped`)).toMatchObject({
      ok: true,
      kind: 'image',
      contentType: 'application/octet-stream',
    });
  });

  it('holds pictures to the picture limit, by type or by bytes, and videos to the video limit', async () => {
    expect(failure(await crawler.fetchMedia(`${main.origin}/media/big.jpg`))).toMatchObject({
      reason: 'too-large',
      message: `The response from 127.0.0.1:${main.port} is larger than the 2 MB limit.`,
    });
    expect(failure(await crawler.fetchMedia(`${main.origin}/media/big-untyped`))).toMatchObject({
      reason: 'too-large',
      message: `The response from 127.0.0.1:${main.port} is larger than the 2 MB limit.`,
    });
    const video = await crawler.fetchMedia(`${main.origin}/media/clip.mp4`);
    expect(video).toMatchObject({ ok: true, kind: 'video' });
    expect(video.ok && video.body.length).toBe(5 * MB);
    const tight = createCrawler({
      fetcher,
      robots: { enabled: false, userAgent: 'SharkBot' },
      maxVideoBytes: 4 * MB,
    });
    try {
      expect(failure(await tight.fetchMedia(`${main.origin}/media/clip.mp4`))).toMatchObject({
        reason: 'too-large',
        message: expect.stringContaining('4 MB') as string,
      });
    } finally {
      await tight.close();
    }
  });

  it('holds HTML pages to the page limit', async () => {
    expect(failure(await crawler.fetchPage(`${main.origin}/big-page`))).toMatchObject({
      reason: 'too-large',
      message: expect.stringContaining('1 MB') as string,
    });
  });

  it('says when a media URL answers with a page', async () => {
    expect(await crawler.fetchMedia(`${main.origin}/gallery`)).toMatchObject({
      ok: true,
      kind: null,
      contentType: 'text/html; charset=utf-8',
    });
  });
});

describe('the address guard', () => {
  it('refuses internal addresses, directly and after a redirect', async () => {
    const strict = createSafeFetcher({ timeoutMs: 2_000 });
    const guarded = createCrawler({
      fetcher: strict,
      perHost: { concurrency: 2, minIntervalMs: 0 },
    });
    try {
      for (const url of [
        'http://127.0.0.1/',
        'http://[::1]/',
        'http://10.1.2.3/',
        'http://169.254.169.254/latest/meta-data/',
        'http://0x7f000001/',
        'http://[::ffff:10.0.0.1]/',
      ]) {
        expect(failure(await guarded.fetchPage(url)).reason, url).toBe('refused-address');
        expect(failure(await guarded.fetchMedia(url)).reason, url).toBe('refused-address');
      }
    } finally {
      await guarded.close();
      await strict.close();
    }
    expect(failure(await crawler.fetchPage(`${main.origin}/to-internal`))).toMatchObject({
      reason: 'refused-address',
      url: 'http://10.0.0.7/admin',
      message: '10.0.0.7 is a private network address: not fetched.',
    });
    expect(failure(await crawler.fetchMedia(`${main.origin}/to-metadata`))).toMatchObject({
      reason: 'refused-address',
      message: expect.stringContaining('cloud metadata') as string,
    });
  });
});
