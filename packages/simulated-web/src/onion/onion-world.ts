// The simulated dark web: onion sites served on loopback and reached only through the SOCKS stand-in
// (socks-stand-in.ts), as Tor reaches them. An Ahmia-shaped search, a leak forum in the catalog with
// a search page, a contact page and a thread carrying a copy, a file drop Ahmia indexes that carries
// another copy and names a clearnet mirror, and a page no search lists (never fetched).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { esc, notFoundPage, page } from '../html.ts';
import { imageContentType, type Picture, type PictureStore } from '../pictures.ts';
import type { ExpectedLeak } from '../scenario.ts';
import { ahmiaSearchPage, type AhmiaResult } from './ahmia-stand-in.ts';
import { onionNameOf } from './onion-names.ts';
import { startSocksStandIn, type SocksStandIn } from './socks-stand-in.ts';

export interface OnionWorldOptions {
  pictures: PictureStore;
  /** Reference file names, in the creator's order (copies are of the first two). */
  referenceNames: string[];
  /** Whether a query names the creator (the searches answer only those). */
  namesCreator: (query: string) => boolean;
  displayName: string;
}

export interface OnionRequest {
  host: string;
  path: string;
  status: number;
}

export interface OnionWorld {
  socks: SocksStandIn;
  /** AHMIA_URL: the search's onion origin. */
  ahmiaUrl: string;
  forum: { id: string; name: string; origin: string; dmcaEmail: string };
  /** A file drop no catalog knows: its own abuse page gives its contact. */
  drop: { name: string; origin: string; clearnetMirror: string; abuseEmail: string };
  /** Catalog entries of the onion sites (the forum). */
  catalogEntries: CatalogSite[];
  /** Copies a dark web scan must record. */
  expectedLeaks: ExpectedLeak[];
  /** Copies on the drop's clearnet mirror (an onion page names it): found by following that link. */
  expectedMirrorLeaks: ExpectedLeak[];
  /** host:port of the clearnet sites this world serves (the mirror), for the fetch allowlist. */
  clearnetHosts: string[];
  /** An onion page that no search lists: fetching it means the scan went where it was not led. */
  unlistedPage: string;
  requests(): OnionRequest[];
  close(): Promise<void>;
}

const FORUM_ID = 'onion-shadow-forum';
const FORUM_NAME = 'Shadow Leaks (onion)';
const FORUM_DMCA = 'takedowns@shadowleaks.example';
const DROP_ABUSE = 'abuse@onion-drop.example';

export async function startOnionWorld(options: OnionWorldOptions): Promise<OnionWorld> {
  const forumHost = onionNameOf('shadow-leaks-forum');
  const dropHost = onionNameOf('onion-drop');
  const ahmiaHost = onionNameOf('ahmia');
  const forum = `http://${forumHost}`;
  const drop = `http://${dropHost}`;
  const [first = 'reference-01.jpg', second = first] = options.referenceNames;
  const threadCopy: Picture = { kind: 'copy', reference: 0, edit: 'resize', variant: 41 };
  const dropCopy: Picture = {
    kind: 'copy',
    reference: options.referenceNames.length > 1 ? 1 : 0,
    edit: 'jpeg-low',
    variant: 42,
  };
  const name = options.displayName;
  const thread = { path: '/t/7731-leaked-set', title: `${name} full leaked set (onion mirror)` };
  const dropPage = { path: '/f/9k2xq', title: `${name} pack - Onion Drop` };
  // The drop's clearnet mirror: the same server reached by its loopback address (a clearnet site,
  // fetched without Tor), serving the same file under the same path. Known once it listens.
  let mirrorOrigin = '';
  const clearnetMirror = () => `${mirrorOrigin}${dropPage.path}`;
  const unlistedPage = `${forum}/t/9999-unlisted`;

  const ahmiaResults: AhmiaResult[] = [
    {
      url: `${drop}${dropPage.path}`,
      title: dropPage.title,
      description: `Pack of ${name}, onion drop. Clearnet mirror listed on the page.`,
    },
    {
      url: `${forum}${thread.path}`,
      title: thread.title,
      description: `Thread on Shadow Leaks about ${name}.`,
    },
  ];

  const log: OnionRequest[] = [];
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  };
  const picture = async (res: ServerResponse, of: Picture) => {
    const bytes = await options.pictures.bytes(of);
    res.writeHead(200, {
      'content-type': imageContentType(bytes),
      'content-length': String(bytes.length),
    });
    res.end(bytes);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const url = new URL(req.url ?? '/', `http://${host}`);
    res.on('finish', () =>
      log.push({ host, path: `${url.pathname}${url.search}`, status: res.statusCode }),
    );
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow:\n');
      return;
    }
    const query = url.searchParams.get('q') ?? '';
    if (host === ahmiaHost) {
      if (url.pathname === '/search/')
        return html(
          res,
          200,
          ahmiaSearchPage(query, options.namesCreator(query) ? ahmiaResults : []),
        );
      return html(res, 404, notFoundPage('Ahmia'));
    }
    if (host === forumHost) {
      if (url.pathname === '/search') {
        const rows = options.namesCreator(query)
          ? `<div class="thread-row"><a class="thread-link" href="${thread.path}">${esc(thread.title)}</a></div>`
          : '<p>No threads found.</p>';
        return html(
          res,
          200,
          page({
            siteName: FORUM_NAME,
            title: `Search: ${query}`,
            body: `<div class="threads">${rows}</div>`,
          }),
        );
      }
      if (url.pathname === thread.path) {
        return html(
          res,
          200,
          page({
            siteName: FORUM_NAME,
            title: thread.title,
            body: `<h1>${esc(thread.title)}</h1><div class="post"><p>All of ${esc(name)}, reposted from her paid page.</p><img src="/files/7731-1.jpg" alt="${esc(name)}"></div>`,
          }),
        );
      }
      if (url.pathname === '/files/7731-1.jpg') return picture(res, threadCopy);
      if (url.pathname === '/contact') {
        return html(
          res,
          200,
          page({
            siteName: FORUM_NAME,
            title: 'Contact',
            body: `<h1>Contact</h1><p>Copyright complaints: <a href="mailto:${FORUM_DMCA}">${FORUM_DMCA}</a></p>`,
          }),
        );
      }
      if (`${forum}${url.pathname}` === unlistedPage) {
        return html(
          res,
          200,
          page({
            siteName: FORUM_NAME,
            title: `${name} unlisted`,
            body: '<img src="/files/7731-1.jpg">',
          }),
        );
      }
      return html(res, 404, notFoundPage(FORUM_NAME));
    }
    if (host === dropHost) {
      if (url.pathname === dropPage.path) {
        return html(
          res,
          200,
          page({
            siteName: 'Onion Drop',
            title: dropPage.title,
            body: `<h1>${esc(dropPage.title)}</h1><img src="/raw/9k2xq.jpg" alt="file"><p>Clearnet mirror: <a href="${clearnetMirror()}">${clearnetMirror()}</a></p><footer><a href="/abuse">Abuse / DMCA</a></footer>`,
          }),
        );
      }
      if (url.pathname === '/abuse') {
        return html(
          res,
          200,
          page({
            siteName: 'Onion Drop',
            title: 'Abuse',
            body: `<h1>Abuse</h1><p>To report a file that infringes your copyright, write to <a href="mailto:${DROP_ABUSE}">${DROP_ABUSE}</a> with its link.</p>`,
          }),
        );
      }
      if (url.pathname === '/raw/9k2xq.jpg') return picture(res, dropCopy);
      return html(res, 404, notFoundPage('Onion Drop'));
    }
    if (`http://${req.headers.host ?? ''}` === mirrorOrigin) {
      if (url.pathname === dropPage.path) {
        return html(
          res,
          200,
          page({
            siteName: 'Onion Drop (mirror)',
            title: dropPage.title,
            body: `<h1>${esc(dropPage.title)}</h1><img src="/raw/9k2xq.jpg" alt="file">`,
          }),
        );
      }
      if (url.pathname === '/raw/9k2xq.jpg') return picture(res, dropCopy);
      return html(res, 404, notFoundPage('Onion Drop (mirror)'));
    }
    res.writeHead(421).end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  mirrorOrigin = `http://127.0.0.1:${port}`;
  const known = new Set([forumHost, dropHost, ahmiaHost]);
  const socks = await startSocksStandIn({
    route: (host, onionPort) =>
      known.has(host) && onionPort === 80 ? { host: '127.0.0.1', port } : null,
  });

  const forumEntry: CatalogSite = {
    id: FORUM_ID,
    name: FORUM_NAME,
    kind: 'forum',
    baseUrl: forum,
    dmca: { email: FORUM_DMCA },
    search: {
      url: `${forum}/search?q={query}`,
      spaces: 'plus',
      results: { item: 'div.thread-row', link: 'a.thread-link', title: 'a.thread-link' },
    },
  };
  return {
    socks,
    ahmiaUrl: `http://${ahmiaHost}`,
    forum: { id: FORUM_ID, name: FORUM_NAME, origin: forum, dmcaEmail: FORUM_DMCA },
    drop: {
      name: 'Onion Drop',
      origin: drop,
      clearnetMirror: clearnetMirror(),
      abuseEmail: DROP_ABUSE,
    },
    expectedMirrorLeaks: [
      {
        pageUrl: clearnetMirror(),
        reference: second,
        mediaUrl: `${mirrorOrigin}/raw/9k2xq.jpg`,
        site: 'onion-drop-mirror',
        edit: 'jpeg-low',
        via: 'img',
      },
    ],
    clearnetHosts: [new URL(mirrorOrigin).host],
    catalogEntries: [forumEntry],
    expectedLeaks: [
      {
        pageUrl: `${forum}${thread.path}`,
        reference: first,
        mediaUrl: `${forum}/files/7731-1.jpg`,
        site: FORUM_ID,
        edit: 'resize',
        via: 'img',
      },
      {
        pageUrl: `${drop}${dropPage.path}`,
        reference: second,
        mediaUrl: `${drop}/raw/9k2xq.jpg`,
        site: 'onion-drop',
        edit: 'jpeg-low',
        via: 'img',
      },
    ],
    unlistedPage,
    requests: () => [...log],
    async close() {
      await socks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
