// The safe fetcher against real local HTTP servers: refusals (addresses in every form, redirects to
// internal addresses and other schemes, DNS answers), limits (size, time, redirects) and what a
// fetched page records.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSafeFetcher,
  type FetchFailure,
  type FetchResult,
  type SafeFetcher,
} from './safe-fetch.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function close(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const PROFILE_HTML = `<!doctype html><html><head><title> Jane  Doe (@jane) </title>
<meta name="description" content="Creator. Verify: shark-7KQ2-M9XD">
<style>.bio { color: red }</style><script>var secret = "not visible";</script></head>
<body><header>Jane</header><main><p class="bio">Photos &amp; videos</p><p>Links<br>below</p>
<noscript>enable js</noscript><template>hidden</template></main></body></html>`;

/** How much of the endless body the server managed to send before the fetcher hung up. */
const big = { sent: 0, ended: false };
const BIG_TOTAL = 64 * 1024 * 1024;

let site: { server: Server; port: number };
let other: { server: Server; port: number };
const pending: ServerResponse[] = [];

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  const redirect = (location: string, status = 302) => res.writeHead(status, { location }).end();
  switch (path) {
    case '/profile':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PROFILE_HTML);
      return;
    case '/latin1':
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          Buffer.from(
            '<meta charset="iso-8859-1"><title>Caf\u00e9</title><p>na\u00efve</p>',
            'latin1',
          ),
        );
      return;
    case '/plain':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('just\n  text');
      return;
    case '/missing':
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<title>Not found</title><p>No such user</p>');
      return;
    case '/hop1':
      redirect('/hop2', 301);
      return;
    case '/hop2':
      redirect(`http://127.0.0.1:${site.port}/profile`, 307);
      return;
    case '/to-private':
      redirect('http://10.0.0.1/admin');
      return;
    case '/to-metadata-octal':
      redirect('http://0251.0376.0251.0376/latest/meta-data/');
      return;
    case '/to-mapped-loopback':
      redirect(`http://[::ffff:127.0.0.1]:${other.port}/`);
      return;
    case '/to-other-port':
      redirect(`http://127.0.0.1:${other.port}/`);
      return;
    case '/to-file':
      redirect('file:///etc/passwd');
      return;
    case '/to-gopher':
      redirect('gopher://127.0.0.1:70/');
      return;
    case '/loop':
      redirect('/loop');
      return;
    case '/big': {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 97);
      const body = Readable.from(
        (function* () {
          while (big.sent < BIG_TOTAL) {
            big.sent += chunk.length;
            yield chunk;
          }
          big.ended = true;
        })(),
      );
      body.pipe(res);
      return;
    }
    case '/big-declared':
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-length': String(50 * 1024 * 1024),
      });
      res.write('<p>start');
      pending.push(res);
      return;
    case '/gzip-bomb':
      res
        .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
        .end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 32)));
      return;
    case '/gzip':
      res
        .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
        .end(gzipSync('<title>Zipped</title><p>hello</p>'));
      return;
    case '/never':
      // Holds the request open without a byte of answer.
      pending.push(res);
      return;
    case '/stalls':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>first half');
      pending.push(res);
      return;
    default:
      res.writeHead(404).end();
  }
}

let local: SafeFetcher;
let strict: SafeFetcher;

beforeAll(async () => {
  site = await listen(route);
  other = await listen((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('other server'),
  );
  local = createSafeFetcher({
    allowlist: [`127.0.0.1:${site.port}`],
    timeoutMs: 1_500,
    maxBytes: 1024 * 1024,
  });
  strict = createSafeFetcher({ timeoutMs: 1_500 });
});

afterAll(async () => {
  await local?.close();
  await strict?.close();
  for (const res of pending) res.destroy();
  await close(site?.server);
  await close(other?.server);
});

function failed(result: FetchResult): FetchFailure {
  if (result.ok)
    throw new Error(`expected a failure, got ${result.status} from ${result.finalUrl}`);
  return result;
}

describe('an allowlisted local stand-in', () => {
  it('is fetched, with status, final URL, content type, title, description and visible text', async () => {
    const result = await local.fetch(`http://127.0.0.1:${site.port}/profile`);
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({
      status: 200,
      finalUrl: `http://127.0.0.1:${site.port}/profile`,
      redirects: [],
      contentType: 'text/html; charset=utf-8',
      title: 'Jane Doe (@jane)',
      description: 'Creator. Verify: shark-7KQ2-M9XD',
      text: 'Jane Photos & videos Links below',
    });
    expect(result.body.toString()).toBe(PROFILE_HTML);
  });

  it('follows redirects on allowed hosts and records each hop and the final URL', async () => {
    const result = await local.fetch(`http://127.0.0.1:${site.port}/hop1`);
    if (!result.ok) throw new Error(result.message);
    expect(result.redirects).toEqual([
      `http://127.0.0.1:${site.port}/hop2`,
      `http://127.0.0.1:${site.port}/profile`,
    ]);
    expect(result.finalUrl).toBe(`http://127.0.0.1:${site.port}/profile`);
    expect(result.title).toBe('Jane Doe (@jane)');
  });

  it('keeps the status of pages that are not there', async () => {
    const result = await local.fetch(`http://127.0.0.1:${site.port}/missing`);
    expect(result).toMatchObject({
      ok: true,
      status: 404,
      title: 'Not found',
      text: 'No such user',
    });
  });

  it('decodes by the charset of the page, plain text and gzip', async () => {
    expect(await local.fetch(`http://127.0.0.1:${site.port}/latin1`)).toMatchObject({
      ok: true,
      title: 'Caf\u00e9',
      text: 'na\u00efve',
    });
    expect(await local.fetch(`http://127.0.0.1:${site.port}/plain`)).toMatchObject({
      ok: true,
      title: null,
      text: 'just text',
    });
    expect(await local.fetch(`http://127.0.0.1:${site.port}/gzip`)).toMatchObject({
      ok: true,
      title: 'Zipped',
      text: 'hello',
    });
  });

  it('is allowed on its listed port only', async () => {
    const result = failed(await local.fetch(`http://127.0.0.1:${other.port}/`));
    expect(result.reason).toBe('refused-address');
    expect(result.message).toBe('127.0.0.1 is a loopback address (this machine): not fetched.');
  });
});

describe('refused addresses', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['2130706433', '127.0.0.1 is a loopback address'],
    ['0177.0.0.1', '127.0.0.1 is a loopback address'],
    ['0x7f.1', '127.0.0.1 is a loopback address'],
    ['127.1', '127.0.0.1 is a loopback address'],
    ['127.0.0.1.', '127.0.0.1 is a loopback address'],
    ['[::1]', '::1 is a loopback address'],
    ['[0:0:0:0:0:0:0:1]', '::1 is a loopback address'],
    [
      '[::ffff:127.0.0.1]',
      '::ffff:7f00:1 is a loopback address (this machine), in its IPv4-mapped IPv6 form (127.0.0.1)',
    ],
    ['[::ffff:7f00:1]', '::ffff:7f00:1 is a loopback address'],
    ['localhost', 'localhost is this machine or a cloud metadata service'],
    ['LocalHost.', 'localhost is this machine or a cloud metadata service'],
    ['10.1.2.3', '10.1.2.3 is a private network address'],
    ['167772161', '10.0.0.1 is a private network address'],
    ['012.0.0.1', '10.0.0.1 is a private network address'],
    ['0xa000001', '10.0.0.1 is a private network address'],
    ['0xa.0.0.1', '10.0.0.1 is a private network address'],
    [
      '[::ffff:10.0.0.1]',
      '::ffff:a00:1 is a private network address, in its IPv4-mapped IPv6 form (10.0.0.1)',
    ],
    ['192.168.1.1', '192.168.1.1 is a private network address'],
    ['172.20.0.1', '172.20.0.1 is a private network address'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata service address'],
    ['0xa9fea9fe', '169.254.169.254 is a cloud metadata service address'],
    ['2852039166', '169.254.169.254 is a cloud metadata service address'],
    ['0251.0376.0251.0376', '169.254.169.254 is a cloud metadata service address'],
    [
      '[::ffff:169.254.169.254]',
      'a cloud metadata service address (AWS, Google Cloud, Azure, OpenStack), in its IPv4-mapped IPv6 form',
    ],
    ['[::ffff:a9fe:a9fe]', 'in its IPv4-mapped IPv6 form (169.254.169.254)'],
    [
      'metadata.google.internal',
      'metadata.google.internal is this machine or a cloud metadata service',
    ],
    ['[fd00:ec2::254]', 'fd00:ec2::254 is a cloud metadata service address'],
    ['[fe80::1]', 'fe80::1 is a link-local address'],
    ['[fc00::1]', 'fc00::1 is a unique local'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
  ])('http://%s/ is refused without connecting', async (host, message) => {
    const result = failed(await strict.fetch(`http://${host}:${site.port}/profile`));
    expect(result.reason).toBe('refused-address');
    expect(result.message).toContain(message);
  });

  it('refuses a name that resolves to an internal address, or to any internal address among others', async () => {
    const answers: Record<string, string[]> = {
      'evil.test': ['10.0.0.5'],
      'mixed.test': ['93.184.215.14', '127.0.0.1'],
      'v6.test': ['::1'],
    };
    const fetcher = createSafeFetcher({
      timeoutMs: 1_500,
      resolve: (name) =>
        Promise.resolve(
          (answers[name] ?? []).map((address) => ({
            address,
            family: address.includes(':') ? 6 : 4,
          })),
        ),
    });
    try {
      expect(failed(await fetcher.fetch(`http://evil.test:${site.port}/`)).message).toBe(
        'evil.test resolves to 10.0.0.5, a private network address: not fetched.',
      );
      expect(failed(await fetcher.fetch(`http://mixed.test:${site.port}/`)).message).toContain(
        'mixed.test resolves to 127.0.0.1, a loopback address',
      );
      expect(failed(await fetcher.fetch(`http://v6.test:${site.port}/`)).reason).toBe(
        'refused-address',
      );
      expect(failed(await fetcher.fetch(`http://unknown.test:${site.port}/`))).toMatchObject({
        reason: 'dns',
        message: 'unknown.test has no address.',
      });
    } finally {
      await fetcher.close();
    }
  });

  it('connects to the address its own lookup checked (an allowlisted name that DNS does not know)', async () => {
    const asked: string[] = [];
    const fetcher = createSafeFetcher({
      allowlist: ['stand-in.test'],
      resolve: (name) => {
        asked.push(name);
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    try {
      const result = await fetcher.fetch(`http://stand-in.test:${site.port}/profile`);
      expect(result).toMatchObject({ ok: true, status: 200, title: 'Jane Doe (@jane)' });
      expect(asked).toEqual(['stand-in.test']);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses at connection time too, for code that uses the dispatcher directly', async () => {
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost']) {
      const error = await request(`http://${host}:${site.port}/profile`, {
        dispatcher: strict.dispatcher,
      }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message, host).toMatch(/is (a loopback address|this machine).*: not fetched\./);
    }
    const allowed = await request(`http://127.0.0.1:${site.port}/profile`, {
      dispatcher: local.dispatcher,
    });
    expect(allowed.statusCode).toBe(200);
    await allowed.body.dump();
  });

  it('reports a name that does not exist', async () => {
    const result = failed(await strict.fetch('http://no-such-host.invalid/'));
    expect(result).toMatchObject({
      reason: 'dns',
      message: 'The name no-such-host.invalid could not be found.',
    });
  });

  it('tells a refused connection apart from a name that does not resolve', async () => {
    const closed = await listen(() => undefined);
    await close(closed.server);
    const fetcher = createSafeFetcher({ allowlist: [`127.0.0.1:${closed.port}`] });
    try {
      expect(failed(await fetcher.fetch(`http://127.0.0.1:${closed.port}/`))).toMatchObject({
        reason: 'refused',
        message: `127.0.0.1:${closed.port} refused the connection.`,
      });
    } finally {
      await fetcher.close();
    }
  });
});

describe('redirects', () => {
  it.each([
    ['/to-private', 'http://10.0.0.1/admin', '10.0.0.1 is a private network address: not fetched.'],
    [
      '/to-metadata-octal',
      'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is a cloud metadata service address',
    ],
    [
      '/to-mapped-loopback',
      'http://[::ffff:7f00:1]:PORT/',
      'in its IPv4-mapped IPv6 form (127.0.0.1)',
    ],
    ['/to-other-port', 'http://127.0.0.1:PORT/', '127.0.0.1 is a loopback address'],
  ])('%s: a redirect to an internal address is refused', async (path, target, message) => {
    const result = failed(await local.fetch(`http://127.0.0.1:${site.port}${path}`));
    expect(result.reason).toBe('refused-address');
    expect(result.url).toBe(target.replace('PORT', String(other.port)));
    expect(result.redirects).toEqual([result.url]);
    expect(result.message).toContain(message);
  });

  it('refuses a redirect to another scheme', async () => {
    expect(failed(await local.fetch(`http://127.0.0.1:${site.port}/to-file`))).toMatchObject({
      reason: 'unsupported-scheme',
      url: 'file:///etc/passwd',
      message: 'Only http and https addresses are fetched, not file.',
    });
    expect(failed(await local.fetch(`http://127.0.0.1:${site.port}/to-gopher`)).reason).toBe(
      'unsupported-scheme',
    );
  });

  it('stops after five redirects', async () => {
    const result = failed(await local.fetch(`http://127.0.0.1:${site.port}/loop`));
    expect(result.reason).toBe('too-many-redirects');
    expect(result.redirects).toHaveLength(5);
    expect(result.message).toBe(
      `More than 5 redirects, starting from http://127.0.0.1:${site.port}/loop.`,
    );
  });
});

describe('per-request options', () => {
  it("with redirect 'manual', hands back a redirect with where it points instead of following it", async () => {
    const result = await local.fetch(`http://127.0.0.1:${site.port}/hop1`, { redirect: 'manual' });
    expect(result).toMatchObject({
      ok: true,
      status: 301,
      location: `http://127.0.0.1:${site.port}/hop2`,
      redirects: [],
      title: null,
    });
    expect(result.ok && result.body.length).toBe(0);
    // The target is not checked until it is fetched: then it is refused as ever.
    const toPrivate = await local.fetch(`http://127.0.0.1:${site.port}/to-private`, {
      redirect: 'manual',
    });
    expect(toPrivate).toMatchObject({ ok: true, status: 302, location: 'http://10.0.0.1/admin' });
    expect(failed(await local.fetch('http://10.0.0.1/admin')).reason).toBe('refused-address');
  });

  it('takes a size limit for one request, by content type', async () => {
    expect(
      failed(await local.fetch(`http://127.0.0.1:${site.port}/profile`, { maxBytes: 100 })).reason,
    ).toBe('too-large');
    const types: (string | null)[] = [];
    const result = await local.fetch(`http://127.0.0.1:${site.port}/profile`, {
      maxBytes: (type) => {
        types.push(type);
        return 10_000;
      },
    });
    expect(result.ok).toBe(true);
    expect(types).toEqual(['text/html; charset=utf-8']);
  });

  it('skips the title and text when asked to', async () => {
    expect(
      await local.fetch(`http://127.0.0.1:${site.port}/profile`, { extractText: false }),
    ).toMatchObject({ ok: true, title: null, description: null, text: null });
  });
});

describe('other schemes and malformed addresses', () => {
  it.each([
    ['ftp://example.com/', 'unsupported-scheme'],
    ['file:///etc/passwd', 'unsupported-scheme'],
    ['javascript:alert(1)', 'unsupported-scheme'],
    ['data:text/html,hi', 'unsupported-scheme'],
    ['not a url', 'invalid-url'],
    ['http://user:pass@example.com/', 'invalid-url'],
  ])('%s is %s', async (url, reason) => {
    expect(failed(await strict.fetch(url)).reason).toBe(reason);
  });
});

describe('limits', () => {
  it('stops reading at the size limit instead of taking the whole body', async () => {
    const result = failed(await local.fetch(`http://127.0.0.1:${site.port}/big`));
    expect(result).toMatchObject({
      reason: 'too-large',
      message: `The response from 127.0.0.1:${site.port} is larger than the 1 MB limit.`,
    });
    expect(big.ended).toBe(false);
    expect(big.sent).toBeLessThan(BIG_TOTAL / 4);
  });

  it('refuses a declared length over the limit before reading it', async () => {
    expect(failed(await local.fetch(`http://127.0.0.1:${site.port}/big-declared`)).reason).toBe(
      'too-large',
    );
  });

  it('counts the decompressed size, so a small gzip bomb is refused', async () => {
    expect(failed(await local.fetch(`http://127.0.0.1:${site.port}/gzip-bomb`)).reason).toBe(
      'too-large',
    );
  });

  it('gives up on a server that never answers, at the total timeout', async () => {
    const fetcher = createSafeFetcher({ allowlist: [`127.0.0.1:${site.port}`], timeoutMs: 200 });
    try {
      const result = failed(await fetcher.fetch(`http://127.0.0.1:${site.port}/never`));
      expect(result).toMatchObject({
        reason: 'timeout',
        message: `127.0.0.1:${site.port} did not answer within 0.2 s.`,
      });
      expect(failed(await fetcher.fetch(`http://127.0.0.1:${site.port}/stalls`)).reason).toBe(
        'timeout',
      );
    } finally {
      await fetcher.close();
    }
  });

  it('honours a caller abort', async () => {
    const controller = new AbortController();
    const fetching = local.fetch(`http://127.0.0.1:${site.port}/never`, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(fetching).rejects.toThrow();
  });
});
