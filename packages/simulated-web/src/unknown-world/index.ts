// The unknown world: eight sites on 127.0.0.1 that no site catalog lists (a tube site, a forum, a file
// host, an image board, a Telegram channel index, a social network, the creator's own site and a
// namesake design agency), a Brave Search stand-in that finds some of their pages, a catalog whose sites
// never answer, and an RDAP registry for the hosting. Most copies sit on pages that never name her.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arinNetworkAnswer } from '@shark/engine/recipients/testing/rdap-answers.ts';
import { startRdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { handleBrave } from '../brave-stand-in.ts';
import { imageContentType, PictureStore } from '../pictures.ts';
import { hasFfmpeg, makeVideos } from '../video.ts';
import { buildChannel, buildNetwork } from './channel-network.ts';
import type { LayoutContext } from './chrome.ts';
import { deadCatalog } from './dead-catalog.ts';
import { buildBoard, buildFiles } from './files-board.ts';
import {
  CopyPlanter,
  emptyExpected,
  SiteBuild,
  UNKNOWN_SITE_IDS,
  type Served,
  type UnknownExpected,
  type UnknownSiteId,
} from './model.ts';
import { buildCompany, buildOwnSite } from './own-company.ts';
import { worldResults } from './search-results.ts';
import { buildForum, buildTube } from './tube-forum.ts';

export type {
  UnknownExpected,
  UnknownLeak,
  UnknownImpersonator,
  UnknownSiteId,
  Embedding,
} from './model.ts';
export { evaluateUnknownWorld, type ObservedScan, type UnknownWorldFigures } from './evaluate.ts';

export interface UnknownWorldOptions {
  /** Picks every picture and clip; the same seed gives the same bytes. Default 1. */
  seed?: number;
  /** Reference photos of hers, each copied somewhere. Default 8. */
  photos?: number;
  /** Reference clips (ffmpeg makes each in a few seconds). Default 1 when ffmpeg is installed, else 0. */
  videos?: number;
  /** First port: the sites, then the Brave stand-in, take consecutive ports. Default 0: any free port. */
  port?: number;
  /** The key the Brave stand-in accepts. Default "unknown-world-brave-key". */
  braveApiKey?: string;
}

export interface UnknownSite {
  id: UnknownSiteId;
  name: string;
  origin: string;
  /** host:port */
  host: string;
}

export interface WorldRequest {
  /** A site id or "brave". */
  site: string;
  method: string;
  url: string;
  status: number;
  userAgent: string | null;
}

export interface UnknownWorld {
  sites: UnknownSite[];
  braveEndpoint: string;
  braveApiKey: string;
  /** The catalog SITE_CATALOG_FILE points at (none of the world's sites is in it). */
  catalogFile: string;
  creator: {
    usernames: string[];
    displayName: string;
    accounts: { platform: 'onlyfans'; username: string }[];
    references: { name: string; path: string }[];
    whitelist: string[];
  };
  expected: UnknownExpected;
  /** Who hosts the sites, as the RDAP stand-in tells it: the host level of a takedown. */
  hosting: { cidr: string; name: string; organisation: string; abuseEmail: string };
  directory: string;
  /** What a Shark server needs to scan this world; scan limits are left at their defaults. */
  env(): Record<string, string>;
  /** Requests so far, oldest first (optionally of one site, or "brave"). */
  requests(site?: string): WorldRequest[];
  /** Requests for addresses a site's robots.txt forbids. */
  robotsViolations(): WorldRequest[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const HOSTING = {
  cidr: '127.0.0.0/8',
  name: 'UNKNOWN-WORLD-HOSTING',
  organisation: 'Bulletproof Loopback Hosting, Ltd',
  abuseEmail: 'abuse@bulletproof-loopback.example',
};
const SITE_NAMES: Record<UnknownSiteId, string> = {
  tube: 'VidMirage',
  forum: 'LeakLounge',
  files: 'StashDrop',
  board: 'ChanSix',
  channel: 'TgStash',
  network: 'Plaza',
  'own-site': 'Luna Fox (official)',
  company: 'Luna Fox Studio',
};

async function listen(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: Buffer | string,
  extra: Record<string, string> = {},
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length), ...extra });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

export async function startUnknownWorld(options: UnknownWorldOptions = {}): Promise<UnknownWorld> {
  const seed = options.seed ?? 1;
  const photos = options.photos ?? 8;
  const videos = options.videos ?? ((await hasFfmpeg()) ? 1 : 0);
  const braveApiKey = options.braveApiKey ?? 'unknown-world-brave-key';
  if (!Number.isInteger(photos) || photos < 1 || photos > 200)
    throw new Error('photos must be a whole number from 1 to 200');
  if (!Number.isInteger(videos) || videos < 0 || videos > 20)
    throw new Error('videos must be a whole number from 0 to 20');
  const displayName = 'Luna Fox';
  const usernames = ['lunafox', 'foxyluna'];
  const pictures = new PictureStore(seed);
  const log: WorldRequest[] = [];
  const builds = new Map<UnknownSiteId, SiteBuild>();
  const videoFiles: string[] = [];
  let braveHandler:
    ((req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>) | null = null;

  const services = [...UNKNOWN_SITE_IDS, 'brave'] as const;
  const servers = new Map<string, Server>();
  const originOf = (id: string) =>
    `http://${HOST}:${(servers.get(id)!.address() as AddressInfo).port}`;
  try {
    for (const [i, id] of services.entries()) {
      const server = await listen(options.port ? options.port + i : 0, (req, res) => {
        const url = new URL(req.url ?? '/', originOf(id));
        res.on('finish', () =>
          log.push({
            site: id,
            method: req.method ?? 'GET',
            url: url.href,
            status: res.statusCode,
            userAgent: req.headers['user-agent'] ?? null,
          }),
        );
        const handled =
          id === 'brave'
            ? (braveHandler?.(req, res, url) ?? Promise.resolve(void res.writeHead(503).end()))
            : serveSite(req, res, url, builds.get(id), pictures, videoFiles);
        handled.catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`unknown world: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
      servers.set(id, server);
    }
  } catch (error) {
    await Promise.all([...servers.values()].map(closeServer));
    throw new Error(`The unknown world could not start: ${String(error)}`);
  }

  const directory = mkdtempSync(join(tmpdir(), 'shark-unknown-world-'));
  try {
    const slug = displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const photoNames = Array.from(
      { length: photos },
      (_, n) => `${slug}-${String(n + 1).padStart(2, '0')}.jpg`,
    );
    const clipNames = Array.from({ length: videos }, (_, n) => `${slug}-clip-${n + 1}.mp4`);
    const expected = emptyExpected();
    const planter = new CopyPlanter(photoNames, expected);
    const context: LayoutContext = { displayName, usernames, planter, videoReferences: clipNames };
    for (const id of UNKNOWN_SITE_IDS)
      builds.set(id, new SiteBuild(id, SITE_NAMES[id], originOf(id)));
    const site = (id: UnknownSiteId) => builds.get(id)!;
    buildTube(site('tube'), context);
    buildForum(site('forum'), context);
    buildFiles(site('files'), context);
    buildBoard(site('board'), context);
    buildChannel(site('channel'), context);
    const network = buildNetwork(site('network'), context);
    buildOwnSite(site('own-site'), context);
    buildCompany(site('company'), context);
    for (const build of builds.values()) {
      const paths = [...build.pages.keys(), ...build.media.keys(), ...build.videos.keys()];
      expected.robotsDisallowed.push(
        ...paths.filter((path) => build.isDisallowed(path)).map((path) => build.url(path)),
      );
    }

    const referenceDir = join(directory, 'references');
    mkdirSync(referenceDir);
    const references: { name: string; path: string }[] = [];
    for (const [reference, name] of photoNames.entries()) {
      const path = join(referenceDir, name);
      writeFileSync(path, await pictures.bytes({ kind: 'reference', reference }));
      references.push({ name, path });
    }
    if (videos > 0) {
      if (!(await hasFfmpeg()))
        throw new Error('Videos need ffmpeg (Debian: apt-get install ffmpeg)');
      const made = await Promise.all(
        clipNames.map(async (name, n) => {
          const dir = join(directory, `video-${n + 1}`);
          mkdirSync(dir);
          return {
            name,
            ...(await makeVideos(dir, seed * 1000 + n, {
              reference: name,
              copy: `copy-${n + 1}.mp4`,
            })),
          };
        }),
      );
      for (const clip of made) {
        references.push({ name: clip.name, path: clip.reference });
        videoFiles.push(clip.copy);
      }
    }

    const dead = await deadCatalog();
    expected.unresolvableHosts.push(...dead.hosts);
    const catalogFile = join(directory, 'catalog.json');
    writeFileSync(catalogFile, `${JSON.stringify(dead.catalog, null, 2)}\n`);

    const results = worldResults(
      Object.fromEntries(UNKNOWN_SITE_IDS.map((id) => [id, originOf(id)])) as Record<
        UnknownSiteId,
        string
      >,
      { displayName, usernames },
      { searchable: network.handles[0]! },
    );
    const braveEndpoint = originOf('brave');
    braveHandler = (req, res, url) =>
      handleBrave(req, res, url, {
        apiKey: braveApiKey,
        origin: () => braveEndpoint,
        namesCreator: (query) => results.webFor(query).length > 0,
        web: [],
        webFor: (query) => results.webFor(query),
        images: [],
        hasThumbnail: () => false,
        thumbnail: () => Promise.resolve(null),
      });

    const rdap = await startRdapStandIn({
      networks: [{ registry: 'arin', cidr: HOSTING.cidr, answer: arinNetworkAnswer(HOSTING) }],
    });
    const sites: UnknownSite[] = UNKNOWN_SITE_IDS.map((id) => ({
      id,
      name: SITE_NAMES[id],
      origin: originOf(id),
      host: originOf(id).slice('http://'.length),
    }));
    const allowlist = [
      ...sites.map((s) => s.host),
      braveEndpoint.slice('http://'.length),
      new URL(rdap.origin).host,
      ...dead.refusedHosts,
    ];
    const ownHost = site('own-site').origin.slice('http://'.length);
    let closed = false;
    return {
      sites,
      braveEndpoint,
      braveApiKey,
      catalogFile,
      creator: {
        usernames,
        displayName,
        accounts: [{ platform: 'onlyfans', username: usernames[0]! }],
        references,
        whitelist: [`${ownHost}/*`],
      },
      expected,
      hosting: HOSTING,
      directory,
      env: () => ({
        SITE_CATALOG_FILE: catalogFile,
        BRAVE_API_KEY: braveApiKey,
        BRAVE_API_URL: braveEndpoint,
        SHARK_FETCH_ALLOWLIST: allowlist.join(','),
        RDAP_BOOTSTRAP_IPV4_URL: rdap.bootstrap.ipv4Url,
        RDAP_BOOTSTRAP_IPV6_URL: rdap.bootstrap.ipv6Url,
        RDAP_BOOTSTRAP_DNS_URL: rdap.bootstrap.dnsUrl,
      }),
      requests: (id) => (id === undefined ? [...log] : log.filter((record) => record.site === id)),
      robotsViolations: () =>
        log.filter((record) => {
          const build = builds.get(record.site as UnknownSiteId);
          if (!build) return false;
          const url = new URL(record.url);
          return build.isDisallowed(`${url.pathname}${url.search}`);
        }),
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all([...[...servers.values()].map(closeServer), rdap.close()]);
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all([...servers.values()].map(closeServer));
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

const NOT_FOUND =
  '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';

async function serveSite(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  build: SiteBuild | undefined,
  pictures: PictureStore,
  videoFiles: string[],
): Promise<void> {
  if (!build) return send(req, res, 503, 'text/plain', 'starting');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(req, res, 405, 'text/plain', 'method not allowed', { allow: 'GET, HEAD' });
  const served: Served | null | undefined =
    build.pages.get(`${url.pathname}${url.search}`) ??
    build.dynamic?.(url) ??
    build.pages.get(url.pathname);
  if (served) {
    switch (served.kind) {
      case 'html':
        return send(req, res, served.status ?? 200, 'text/html; charset=utf-8', served.body);
      case 'text':
        return send(req, res, 200, `${served.type}; charset=utf-8`, served.body);
      case 'redirect':
        return send(req, res, served.status, 'text/plain', '', { location: served.location });
    }
  }
  const picture = build.media.get(url.pathname);
  if (picture) {
    const bytes = await pictures.bytes(picture);
    return send(req, res, 200, imageContentType(bytes), bytes, {
      'cache-control': 'public, max-age=86400',
    });
  }
  const clip = build.videos.get(url.pathname);
  if (clip !== undefined && videoFiles[clip])
    return send(req, res, 200, 'video/mp4', await readFile(videoFiles[clip]));
  return send(req, res, 404, 'text/html; charset=utf-8', NOT_FOUND);
}
