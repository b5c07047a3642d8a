// robots.txt against real local servers: rules per user agent, one fetch per origin, expiry, missing
// and failing files, Crawl-delay handed to the host limiter.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostLimiter, type HostLimiter } from './host-limiter.ts';
import { createRobotsPolicy } from './robots.ts';
import { createSafeFetcher, type SafeFetcher } from './safe-fetch.ts';

interface Site {
  server: Server;
  origin: string;
  port: number;
  /** Paths asked for, in order. */
  requests: string[];
}

const opened: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function site(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Site> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  opened.push({
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return { server, port, origin: `http://127.0.0.1:${port}`, requests };
}

function robotsSite(status: number, body = ''): Promise<Site> {
  return site((req, res) => {
    if (req.url === '/robots.txt')
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>');
  });
}

function fetcherFor(...ports: number[]): SafeFetcher {
  const fetcher = createSafeFetcher({
    allowlist: ports.map((port) => `127.0.0.1:${port}`),
    timeoutMs: 2_000,
  });
  opened.push(fetcher);
  return fetcher;
}

const RULES = `# comments are fine
User-agent: *
Disallow: /private/
Crawl-delay: 1

User-agent: SharkBot
Disallow: /members
Allow: /members/public
Crawl-delay: 2.5

User-agent: OtherBot
Disallow: /
`;

describe('rules', () => {
  it('applies the group for our user agent, not the others', async () => {
    const s = await robotsSite(200, RULES);
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(s.port),
      userAgent: 'SharkBot/0.1 (+https://shark.example/bot)',
    });
    expect(await robots.check(`${s.origin}/members/list`)).toMatchObject({
      allowed: false,
      basis: 'rules',
      crawlDelayMs: 2_500,
      message: `${s.origin}/robots.txt does not allow SharkBot to crawl /members/list.`,
    });
    expect(await robots.check(`${s.origin}/members/public/x?y=1`)).toMatchObject({
      allowed: true,
      basis: 'rules',
      message: null,
    });
    // The * group's rule is not ours: a named group replaces it.
    expect((await robots.check(`${s.origin}/private/a`)).allowed).toBe(true);

    const other = createRobotsPolicy({ fetcher: fetcherFor(s.port), userAgent: 'AnyBot' });
    expect(await other.check(`${s.origin}/private/a`)).toMatchObject({
      allowed: false,
      crawlDelayMs: 1_000,
    });
    expect((await other.check(`${s.origin}/members/list`)).allowed).toBe(true);
  });

  it('fetches the file once per origin, also for checks made at the same time', async () => {
    const s = await robotsSite(200, RULES);
    const robots = createRobotsPolicy({ fetcher: fetcherFor(s.port), userAgent: 'SharkBot' });
    const verdicts = await Promise.all(
      ['/a', '/b', '/members', '/c'].map((p) => robots.check(`${s.origin}${p}`)),
    );
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false, true]);
    await robots.check(`${s.origin}/d`);
    expect(s.requests).toEqual(['/robots.txt']);
  });

  it('keeps each origin apart', async () => {
    const strict = await robotsSite(200, 'User-agent: *\nDisallow: /\n');
    const open = await robotsSite(200, 'User-agent: *\nDisallow:\n');
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(strict.port, open.port),
      userAgent: 'SharkBot',
    });
    expect((await robots.check(`${strict.origin}/page`)).allowed).toBe(false);
    expect((await robots.check(`${open.origin}/page`)).allowed).toBe(true);
  });

  it('asks again once the rules are older than their time to live', async () => {
    let body = 'User-agent: *\nDisallow: /old\n';
    const s = await site((req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(req.url === '/robots.txt' ? body : ''),
    );
    let clock = 1_000_000;
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(s.port),
      userAgent: 'SharkBot',
      ttlMs: 60_000,
      now: () => clock,
    });
    expect((await robots.check(`${s.origin}/old`)).allowed).toBe(false);
    body = 'User-agent: *\nDisallow: /new\n';
    clock += 59_999;
    expect((await robots.check(`${s.origin}/old`)).allowed).toBe(false);
    clock += 1;
    expect((await robots.check(`${s.origin}/old`)).allowed).toBe(true);
    expect((await robots.check(`${s.origin}/new`)).allowed).toBe(false);
    expect(s.requests).toEqual(['/robots.txt', '/robots.txt']);
  });

  it('follows a redirect to the file', async () => {
    const s = await site((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(301, { location: '/static/robots.txt' }).end();
      else
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n');
    });
    const robots = createRobotsPolicy({ fetcher: fetcherFor(s.port), userAgent: 'SharkBot' });
    expect((await robots.check(`${s.origin}/x`)).allowed).toBe(false);
    expect((await robots.check(`${s.origin}/y`)).allowed).toBe(true);
  });
});

describe('missing and failing files', () => {
  it.each([404, 410, 401, 403])('a %i allows everything', async (status) => {
    const s = await robotsSite(status, 'User-agent: *\nDisallow: /\n');
    const robots = createRobotsPolicy({ fetcher: fetcherFor(s.port), userAgent: 'SharkBot' });
    expect(await robots.check(`${s.origin}/anything`)).toEqual({
      allowed: true,
      basis: 'none',
      crawlDelayMs: null,
      message: null,
    });
  });

  it('an origin that cannot be reached allows everything, and is asked again sooner', async () => {
    const s = await robotsSite(200, 'User-agent: *\nDisallow: /\n');
    const port = s.port;
    await opened.pop()!.close(); // nothing listens there any more
    let clock = 0;
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(port),
      userAgent: 'SharkBot',
      unreachableTtlMs: 1_000,
      now: () => clock,
    });
    expect(await robots.check(`http://127.0.0.1:${port}/a`)).toMatchObject({
      allowed: true,
      basis: 'unreachable',
    });
    clock += 1_000;
    expect((await robots.check(`http://127.0.0.1:${port}/a`)).basis).toBe('unreachable');
  });

  it.each([500, 503, 429])(
    'a %i disallows the origin for a while, then the file is asked again',
    async (status) => {
      let answer = status;
      const s = await site((req, res) =>
        res
          .writeHead(answer, { 'content-type': 'text/plain' })
          .end('User-agent: *\nDisallow: /x\n'),
      );
      let clock = 0;
      const robots = createRobotsPolicy({
        fetcher: fetcherFor(s.port),
        userAgent: 'SharkBot',
        serverErrorTtlMs: 5_000,
        now: () => clock,
      });
      const refused = await robots.check(`${s.origin}/page`);
      expect(refused).toMatchObject({ allowed: false, basis: 'server-error' });
      expect(refused.message).toBe(
        `${s.origin}/robots.txt answered ${status}, so nothing on 127.0.0.1:${s.port} is crawled for now (it is asked again later).`,
      );
      clock += 4_999;
      expect((await robots.check(`${s.origin}/page`)).allowed).toBe(false);
      answer = 200;
      clock += 1;
      expect(await robots.check(`${s.origin}/page`)).toMatchObject({
        allowed: true,
        basis: 'rules',
      });
      expect((await robots.check(`${s.origin}/x`)).allowed).toBe(false);
      expect(s.requests).toEqual(['/robots.txt', '/robots.txt']);
    },
  );

  it('keeps the rules it knew while the server answers 5xx', async () => {
    let answer = 200;
    const s = await site((req, res) =>
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n'),
    );
    let clock = 0;
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(s.port),
      userAgent: 'SharkBot',
      ttlMs: 1_000,
      now: () => clock,
    });
    expect((await robots.check(`${s.origin}/page`)).allowed).toBe(true);
    answer = 503;
    clock += 1_000;
    expect(await robots.check(`${s.origin}/page`)).toMatchObject({ allowed: true, basis: 'rules' });
    expect((await robots.check(`${s.origin}/x`)).allowed).toBe(false);
    expect(s.requests).toHaveLength(2);
  });
});

describe('options', () => {
  it('when off, allows everything without asking', async () => {
    const s = await robotsSite(200, 'User-agent: *\nDisallow: /\n');
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(s.port),
      userAgent: 'SharkBot',
      enabled: false,
    });
    expect(await robots.check(`${s.origin}/page`)).toEqual({
      allowed: true,
      basis: 'disabled',
      crawlDelayMs: null,
      message: null,
    });
    expect(s.requests).toEqual([]);
  });

  it('hands Crawl-delay (capped) to the host limiter, and fetches the file through it', async () => {
    const s = await robotsSite(200, 'User-agent: *\nCrawl-delay: 3600\n');
    const plain = await robotsSite(200, 'User-agent: *\nDisallow:\n');
    const real = createHostLimiter({ concurrency: 1, minIntervalMs: 0 });
    const intervals: [string, number | null][] = [];
    const acquired: string[] = [];
    const limiter: HostLimiter = {
      ...real,
      acquire: (host, o) => {
        acquired.push(host);
        return real.acquire(host, o);
      },
      run: (host, work, o) => {
        acquired.push(host);
        return real.run(host, work, o);
      },
      setMinInterval: (host, ms) => {
        intervals.push([host, ms]);
        real.setMinInterval(host, ms);
      },
    };
    const robots = createRobotsPolicy({
      fetcher: fetcherFor(s.port, plain.port),
      userAgent: 'SharkBot',
      limiter,
      maxCrawlDelayMs: 20_000,
    });
    expect(await robots.check(`${s.origin}/a`)).toMatchObject({
      allowed: true,
      crawlDelayMs: 20_000,
    });
    await robots.check(`${plain.origin}/a`);
    expect(intervals).toEqual([
      [`127.0.0.1:${s.port}`, 20_000],
      [`127.0.0.1:${plain.port}`, null],
    ]);
    expect(acquired).toEqual([`127.0.0.1:${s.port}`, `127.0.0.1:${plain.port}`]);
    real.close();
  });

  it('lets a caller stop waiting without stopping the others', async () => {
    const held: { answer?: () => void } = {};
    const s = await site((req, res) => {
      held.answer = () =>
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n');
    });
    const robots = createRobotsPolicy({ fetcher: fetcherFor(s.port), userAgent: 'SharkBot' });
    const controller = new AbortController();
    const impatient = robots.check(`${s.origin}/a`, { signal: controller.signal });
    const patient = robots.check(`${s.origin}/x`);
    controller.abort(new Error('gave up'));
    await expect(impatient).rejects.toThrow('gave up');
    while (!held.answer) await new Promise((resolve) => setImmediate(resolve));
    held.answer();
    expect((await patient).allowed).toBe(false);
  });
});
