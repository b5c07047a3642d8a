// The simulated web: local sites of every catalog kind and a stand-in Brave Search API on 127.0.0.1,
// with planted copies of a creator's reference photos, her official pages, decoys and impersonators.
// For tests, benchmarks and `npm run demo`; see README.md beside this package.
import { arinNetworkAnswer } from '@shark/engine/recipients/testing/rdap-answers.ts';
import { startRdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSiteCatalog, type SiteKind } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { handleBrave } from './brave-stand-in.ts';
import { BulkPages, parseBulkPagePath, parseBulkPicturePath, type BulkPage } from './bulk.ts';
import { esc, notFoundPage, page } from './html.ts';
import { SITE_IDS, type Listing, type Post, type SiteId } from './model.ts';
import { imageContentType, PictureStore, tagJpeg, type Picture } from './pictures.ts';
import {
  buildScenario,
  likenessPictureNames,
  resolveCreator,
  type CreatorAccount,
  type CreatorOptions,
  type Expected,
  type LikenessPictures,
  type Scenario,
  type SiteContent,
} from './scenario.ts';
import { handleControl, RemovedPages, routeKeys } from './removal.ts';
import { SITE_CONTACTS, skinOf, type SiteSkin } from './sites.ts';
import { hasFfmpeg, makeVideos } from './video.ts';
import { startOnionWorld, type OnionWorld } from './onion/onion-world.ts';

export type {
  LikenessPictures,
  CreatorAccount,
  CreatorOptions,
  Expected,
  ExpectedImpersonator,
  ExpectedLeak,
} from './scenario.ts';

export interface SimulatedWebOptions {
  /** Picks every picture and the bulk pages; the same seed gives the same bytes. Default 1. */
  seed?: number;
  /** Extra pages for benchmarks, listed on the sites' paginated search results. Default 0. */
  bulkPages?: number;
  /** Share of the bulk pages' pictures that are copies of a reference. Default 0.1. */
  bulkCopyShare?: number;
  creator?: CreatorOptions;
  /**
   * First port: the sites, the Brave stand-in and the trap take consecutive ports from here, so a
   * demo keeps its URLs across restarts. Default 0: each takes a free port.
   */
  port?: number;
  /** Results per search page. Default 20. */
  pageSize?: number;
  /** The key the Brave stand-in accepts. Default "simulated-brave-key". */
  braveApiKey?: string;
  /**
   * Adds a reference video and its leaked copy, played on a tube page through <video> and a player
   * configuration. Needs ffmpeg; takes a few seconds at start. Default false.
   */
  video?: boolean;
  /** Real pictures with faces, each posted on a forum thread naming her (likeness search). */
  likeness?: LikenessPictures;
  /** Onion sites, an Ahmia-shaped search and a SOCKS stand-in for Tor (onion/). Default false. */
  darkWeb?: boolean;
}

export interface RequestRecord {
  /** A site id, "brave" or "trap". */
  site: string;
  method: string;
  /** Path and query as requested. */
  path: string;
  url: string;
  status: number;
  userAgent: string | null;
}

export interface SimulatedSite {
  id: SiteId;
  name: string;
  kind: SiteKind;
  origin: string;
  /** host:port */
  host: string;
  /** Where the site takes copyright notices (and impersonation reports): its catalog entry's. */
  dmca: { email?: string; url?: string };
  impersonation?: { email?: string; url?: string };
}

/** The network every simulated site is served from, as the stand-in RDAP registry describes it. */
export interface SimulatedHosting {
  /** The network's prefix: 127.0.0.0/8, where the sites listen. */
  cidr: string;
  name: string;
  organisation: string;
  /** Its abuse contact: the host level of a takedown's recipients. */
  abuseEmail: string;
}

export interface SimulatedWeb {
  /** A site catalog (the engine's catalog.json format) listing the simulated sites. */
  catalogFile: string;
  /** BRAVE_API_URL: the stand-in's origin; the adapters add /res/v1/... */
  braveEndpoint: string;
  braveApiKey: string;
  /** host:port of every site and of the Brave stand-in (not of the trap): SHARK_FETCH_ALLOWLIST. */
  allowlist: string[];
  creator: {
    usernames: string[];
    displayName: string;
    /**
     * Her accounts, for Shark's Accounts screen (POST /api/accounts). Chirper stands for X and
     * PicGram for Instagram (see env().PROFILE_URL_TEMPLATES).
     */
    accounts: CreatorAccount[];
    /** Reference photos written to disk, to upload as her reference files. */
    references: { name: string; path: string }[];
    /** Whitelist entries covering her official pages. */
    whitelist: string[];
  };
  expected: Expected;
  sites: SimulatedSite[];
  /** A loopback server that is deliberately not on the allowlist; any request to it is a failure. */
  trapOrigin: string;
  /** Who hosts the sites (the RDAP stand-in's record of 127.0.0.0/8). */
  hosting: SimulatedHosting;
  /**
   * A site takes a page down (a notice was acted on): from now on it answers 410 Gone, and the site's
   * search results and profiles stop listing it. `url` is the page's full address (path and query).
   * Throws for an address that is not one of the sites'.
   */
  removePage(url: string): void;
  /** The page is back (re-uploaded): served and listed again. Returns whether it had been removed. */
  restorePage(url: string): boolean;
  /** The pages removed so far, as full addresses. */
  removedPages(): string[];
  /**
   * The same three as HTTP, for a test in another process (JSON bodies `{ "url": … }`):
   * `POST /pages/remove`, `POST /pages/restore`, `GET /pages/removed`. A loopback server of its own,
   * not on the allowlist, so Shark's fetcher can never reach it.
   */
  controlOrigin: string;
  /** The temporary directory holding the catalog and the reference files (removed by close). */
  directory: string;
  /**
   * The environment that points Shark at this web, with the scan limits its expectations need: enough
   * search pages for every listed page, and enough username variants for every impersonator.
   */
  env(): Record<string, string>;
  /**
   * Her X account lives on Chirper and her Instagram on PicGram: entries for PROFILE_URL_TEMPLATES
   * (merged by the caller with its own), so that her accounts' profile URLs are her profiles here.
   */
  profileUrlTemplates: { x: string; instagram: string };
  /** The simulated dark web when `darkWeb` was asked for (its SOCKS stand-in, sites, expectations). */
  onion: OnionWorld | null;
  /** Requests received so far, oldest first (optionally of one site). */
  requests(site?: string): RequestRecord[];
  /** Whether a URL (origin, path and query) was requested. */
  wasRequested(url: string): boolean;
  clearRequests(): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
/**
 * Username variants a scan must try for every impersonator and the namesake to be checked: the
 * engine's usernameVariants lists "lunaf0x" 12th and "lunafoxx" 20th (its default maximum is 40).
 */
const VARIANTS_NEEDED = 40;
const SERVICES = [...SITE_IDS, 'brave', 'trap'] as const;
type ServiceId = (typeof SERVICES)[number];
/**
 * Loopback addresses have no registry record; the stand-in registry gives 127.0.0.0/8 an ARIN-style one
 * so that a takedown's host level (the network's abuse contact) resolves. The sites are addressed by IP,
 * so there is no domain and no registrar level: that is what a bare-address site gets in the real world.
 */
const HOSTING: SimulatedHosting = {
  cidr: '127.0.0.0/8',
  name: 'SIMULATED-LOOPBACK-HOSTING',
  organisation: 'Simulated Loopback Hosting, LLC',
  abuseEmail: 'abuse@loopback-hosting.example',
};

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** Lower case, letters and digits only: "Luna Fox", "luna_fox" and "LunaFox" are all "lunafox". */
const squash = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

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

export async function startSimulatedWeb(options: SimulatedWebOptions = {}): Promise<SimulatedWeb> {
  const seed = options.seed ?? 1;
  const bulkCount = options.bulkPages ?? 0;
  const pageSize = options.pageSize ?? 20;
  const braveApiKey = options.braveApiKey ?? 'simulated-brave-key';
  if (!Number.isInteger(bulkCount) || bulkCount < 0 || bulkCount > 1_000_000)
    throw new Error('bulkPages must be a whole number from 0 to 1,000,000');
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new Error('pageSize must be a whole number above 0');
  const creator = resolveCreator(options.creator);
  const pictures = new PictureStore(
    seed,
    options.likeness ? likenessPictureNames(options.likeness) : new Map(),
  );
  const bulk = new BulkPages(seed, bulkCount, options.bulkCopyShare ?? 0.1, creator.displayName);
  const log: RequestRecord[] = [];
  const handlers = new Map<ServiceId, Handler>();
  const removed = new RemovedPages();

  // Listen first: every URL of the scenario needs the ports.
  const servers = new Map<ServiceId, Server>();
  try {
    for (const [i, id] of SERVICES.entries()) {
      const port = options.port ? options.port + i : 0;
      const server = await listen(port, (req, res) => {
        const url = new URL(req.url ?? '/', `http://${req.headers.host ?? HOST}`);
        res.on('finish', () =>
          log.push({
            site: id,
            method: req.method ?? 'GET',
            path: `${url.pathname}${url.search}`,
            url: `${originOf(id)}${url.pathname}${url.search}`,
            status: res.statusCode,
            userAgent: req.headers['user-agent'] ?? null,
          }),
        );
        const handler = handlers.get(id);
        if (!handler) {
          res.writeHead(503).end();
          return;
        }
        handler(req, res, url).catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`simulated web: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
      servers.set(id, server);
    }
  } catch (error) {
    await Promise.all([...servers.values()].map(closeServer));
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `a port from ${options.port} to ${(options.port ?? 0) + SERVICES.length - 1} is in use`
        : String(error);
    throw new Error(`The simulated web could not start: ${reason}`);
  }
  function originOf(id: ServiceId): string {
    return `http://${HOST}:${(servers.get(id)!.address() as AddressInfo).port}`;
  }

  const origins = Object.fromEntries(SITE_IDS.map((id) => [id, originOf(id)])) as Record<
    SiteId,
    string
  >;
  const videoReference = options.video
    ? creator.referenceNames[0]!.replace(/-01\.jpg$/, '-clip.mp4')
    : undefined;
  const scenario = buildScenario({
    creator,
    origins,
    trapOrigin: originOf('trap'),
    videoReference,
    ...(options.likeness ? { likeness: options.likeness } : {}),
  });
  scenario.expected.leaks.push(
    ...bulk.expectedLeaks((site) => origins[site], creator.referenceNames),
  );

  const creatorTerms = [...creator.usernames, creator.displayName]
    .map(squash)
    .filter((term) => term.length >= 3);
  const namesCreator = (query: string) => {
    const squashed = squash(query);
    return creatorTerms.some((term) => squashed.includes(term));
  };

  const directory = mkdtempSync(join(tmpdir(), 'shark-simulated-web-'));
  let onion: OnionWorld | null = null;
  try {
    const referenceDir = join(directory, 'references');
    mkdirSync(referenceDir);
    const references = [];
    for (const [reference, name] of creator.referenceNames.entries()) {
      const path = join(referenceDir, name);
      writeFileSync(path, await pictures.bytes({ kind: 'reference', reference }));
      references.push({ name, path });
    }
    let videoCopyFile: string | null = null;
    if (videoReference) {
      if (!(await hasFfmpeg()))
        throw new Error('The video option needs ffmpeg (Debian: apt-get install ffmpeg)');
      const videoDir = join(directory, 'video');
      mkdirSync(videoDir);
      const made = await makeVideos(videoDir, seed, {
        reference: videoReference,
        copy: 'leaked-copy.mp4',
      });
      references.push({ name: videoReference, path: made.reference });
      videoCopyFile = made.copy;
    }
    onion = options.darkWeb
      ? await startOnionWorld({
          pictures,
          referenceNames: creator.referenceNames,
          namesCreator,
          displayName: creator.displayName,
        })
      : null;
    const catalog = parseSiteCatalog({
      version: 1,
      sites: [
        ...SITE_IDS.map((id) => skinOf(id).catalogEntry(origins[id])),
        ...(onion?.catalogEntries ?? []),
      ],
    });
    const catalogFile = join(directory, 'catalog.json');
    writeFileSync(catalogFile, `${JSON.stringify(catalog, null, 2)}\n`);

    for (const id of SITE_IDS) {
      const content = scenario.sites.get(id)!;
      handlers.set(id, (req, res, url) =>
        handleSite(req, res, url, {
          skin: skinOf(id),
          content,
          scenario,
          bulk,
          pictures,
          namesCreator,
          pageSize,
          videoCopyFile,
          removed,
        }),
      );
    }
    const braveImages = scenario.brave.images;
    const pictureAt = (mediaUrl: string): Picture | null => {
      for (const content of scenario.sites.values()) {
        if (mediaUrl.startsWith(`${content.origin}/`))
          return content.media.get(mediaUrl.slice(content.origin.length)) ?? null;
      }
      return null;
    };
    handlers.set('brave', (req, res, url) =>
      handleBrave(req, res, url, {
        apiKey: braveApiKey,
        origin: () => originOf('brave'),
        namesCreator,
        web: scenario.brave.web,
        images: braveImages,
        hasThumbnail: (n) =>
          braveImages[n] !== undefined && pictureAt(braveImages[n].mediaUrl) !== null,
        thumbnail: async (n) => {
          const picture = braveImages[n] ? pictureAt(braveImages[n].mediaUrl) : null;
          return picture ? pictures.bytes({ kind: 'thumbnail', of: picture, width: 240 }) : null;
        },
      }),
    );
    // The trap answers with a copy, so that a fetch that should never have happened also shows as a finding.
    handlers.set('trap', async (req, res) => {
      const bytes = await pictures.bytes({
        kind: 'copy',
        reference: 0,
        edit: 'resize',
        variant: 9,
      });
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });

    const sites: SimulatedSite[] = SITE_IDS.map((id) => ({
      id,
      name: skinOf(id).name,
      kind: skinOf(id).kind,
      origin: origins[id],
      host: origins[id].replace('http://', ''),
      ...SITE_CONTACTS[id],
      dmca: SITE_CONTACTS[id].dmca ?? {},
    }));
    removed.setSites(
      sites.map((site) => ({
        origin: site.origin,
        // Any address but the site's own furniture: its home page, robots.txt and search pages.
        isPage: (url) =>
          url.pathname !== '/' &&
          url.pathname !== '/robots.txt' &&
          !skinOf(site.id).parseSearch?.(url),
      })),
    );
    const braveEndpoint = originOf('brave');
    const searchPagesNeeded = Math.max(
      ...SITE_IDS.map((id) =>
        Math.ceil((scenario.sites.get(id)!.listings.length + bulk.indexesOf(id).length) / pageSize),
      ),
      1,
    );
    // Recipient look-ups of takedowns go to a local RDAP registry, never to IANA's: it answers the
    // bootstrap files and holds the one network the sites are on (see HOSTING).
    const rdap = await startRdapStandIn({
      networks: [{ registry: 'arin', cidr: HOSTING.cidr, answer: arinNetworkAnswer(HOSTING) }],
    });
    // Test controls (a site removing a page) on a port of their own, off the allowlist.
    const control = await listen(0, (req, res) => {
      handleControl(req, res, removed).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`simulated web: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
    const controlOrigin = `http://${HOST}:${(control.address() as AddressInfo).port}`;
    const allowlist = [
      ...sites.map((site) => site.host),
      braveEndpoint.replace('http://', ''),
      new URL(rdap.origin).host,
      ...(onion?.clearnetHosts ?? []),
    ];
    let closed = false;
    return {
      catalogFile,
      braveEndpoint,
      braveApiKey,
      allowlist,
      creator: {
        usernames: creator.usernames,
        displayName: creator.displayName,
        accounts: creator.accounts,
        references,
        whitelist: scenario.whitelist,
      },
      expected: scenario.expected,
      sites,
      trapOrigin: originOf('trap'),
      hosting: HOSTING,
      removePage: (url) => removed.remove(url),
      restorePage: (url) => removed.restore(url),
      removedPages: () => removed.list(),
      controlOrigin,
      directory,
      env: () => ({
        SITE_CATALOG_FILE: catalogFile,
        BRAVE_API_KEY: braveApiKey,
        BRAVE_API_URL: braveEndpoint,
        SHARK_FETCH_ALLOWLIST: allowlist.join(','),
        SCAN_MAX_SEARCH_PAGES: String(searchPagesNeeded),
        SCAN_VARIANTS_PER_USERNAME: String(VARIANTS_NEEDED),
        RDAP_BOOTSTRAP_IPV4_URL: rdap.bootstrap.ipv4Url,
        RDAP_BOOTSTRAP_IPV6_URL: rdap.bootstrap.ipv6Url,
        RDAP_BOOTSTRAP_DNS_URL: rdap.bootstrap.dnsUrl,
        ...(onion ? { TOR_SOCKS_URL: onion.socks.url, AHMIA_URL: onion.ahmiaUrl } : {}),
      }),
      profileUrlTemplates: {
        x: `${origins['sim-social']}/u/{username}`,
        instagram: `${origins['sim-pics']}/{username}/`,
      },
      onion,
      requests: (site) =>
        site === undefined ? [...log] : log.filter((record) => record.site === site),
      wasRequested: (url) => log.some((record) => record.url === url),
      clearRequests: () => {
        log.length = 0;
      },
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all([
          ...[...servers.values(), control].map(closeServer),
          rdap.close(),
          onion?.close(),
        ]);
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all([...[...servers.values()].map(closeServer), onion?.close()]);
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

interface SiteContext {
  skin: SiteSkin;
  content: SiteContent;
  scenario: Scenario;
  bulk: BulkPages;
  pictures: PictureStore;
  namesCreator: (query: string) => boolean;
  pageSize: number;
  videoCopyFile: string | null;
  removed: RemovedPages;
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
  });
  res.end(req.method === 'HEAD' ? undefined : html);
}

function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Buffer,
  contentType: string,
): void {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(bytes.length),
    'cache-control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function robotsTxt(skin: SiteSkin): string {
  return `# ${skin.name} (simulated)\nUser-agent: *\n${skin.disallow.map((path) => `Disallow: ${path}`).join('\n')}\n`;
}

function homePage(skin: SiteSkin): string {
  return page({
    siteName: skin.name,
    title: skin.name,
    body: `<h1>${esc(skin.name)}</h1><p>A simulated ${esc(skin.kind)} site.</p>`,
  });
}

function removedPage(siteName: string): string {
  return page({
    siteName,
    title: `Removed - ${siteName}`,
    body: `<h1>This content has been removed</h1><p>It was taken down following a copyright notice.</p>`,
  });
}

function bulkAsPost(bulkPage: BulkPage): Post {
  return {
    kind: 'post',
    path: bulkPage.path,
    title: bulkPage.title,
    text: bulkPage.text,
    author: 'bulk_uploader',
    date: '2026-11-10',
    pictures: bulkPage.pictures.map((picture) => ({
      path: picture.path,
      picture: picture.picture,
      via: 'img' as const,
    })),
  };
}

async function handleSite(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: SiteContext,
): Promise<void> {
  const { skin, content, bulk, pictures } = context;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (url.pathname === '/robots.txt') {
    const text = robotsTxt(skin);
    res.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  if (url.pathname === '/') return sendHtml(req, res, 200, homePage(skin));
  // A page the site took down after a notice: gone for good, as far as it says.
  if (context.removed.has(url)) return sendHtml(req, res, 410, removedPage(skin.name));
  const isListed = (href: string) => !context.removed.has(new URL(href, content.origin));

  const search = skin.parseSearch?.(url);
  if (search && skin.renderSearch && skin.searchHref) {
    // The scenario's results first, then the bulk pages; only the page asked for is computed.
    const bulkIndexes = bulk.indexesOf(skin.id);
    const scenarioListings = content.listings.filter((listing) => isListed(listing.href));
    const total = context.namesCreator(search.query)
      ? scenarioListings.length + bulkIndexes.length
      : 0;
    const start = (search.page - 1) * context.pageSize;
    const listings: Listing[] = [];
    for (let n = start; n < Math.min(total, start + context.pageSize); n++) {
      if (n < scenarioListings.length) {
        listings.push(scenarioListings[n]!);
        continue;
      }
      const bulkPage = bulk.page(bulkIndexes[n - scenarioListings.length]!)!;
      listings.push({
        href: bulkPage.path,
        title: bulkPage.title,
        thumbnail: bulkPage.pictures[0]?.path,
        snippet: bulkPage.text,
      });
    }
    const nextHref =
      start + context.pageSize < total ? skin.searchHref(search.query, search.page + 1) : null;
    return sendHtml(req, res, 200, skin.renderSearch(listings, search, nextHref));
  }

  const picture = content.media.get(url.pathname);
  if (picture) {
    const bytes = await pictures.bytes(picture);
    return sendBytes(req, res, bytes, imageContentType(bytes));
  }
  if (content.videos.has(url.pathname) && context.videoCopyFile) {
    return sendBytes(req, res, await readFile(context.videoCopyFile), 'video/mp4');
  }
  const bulkPicture = parseBulkPicturePath(url.pathname);
  if (bulkPicture) {
    const bulkPage = bulk.page(bulkPicture.index);
    const placed = bulkPage?.site === skin.id ? bulkPage.pictures[bulkPicture.position] : undefined;
    if (placed)
      return sendBytes(
        req,
        res,
        tagJpeg(await pictures.bytes(placed.picture), placed.tag),
        'image/jpeg',
      );
  }
  const bulkIndex = parseBulkPagePath(url.pathname);
  if (bulkIndex !== null) {
    const bulkPage = bulk.page(bulkIndex);
    if (bulkPage?.site === skin.id)
      return sendHtml(req, res, 200, skin.renderPost(bulkAsPost(bulkPage), content.origin));
  }

  for (const key of routeKeys(url)) {
    const route = content.routes.get(key);
    if (!route) continue;
    switch (route.kind) {
      case 'post':
        return sendHtml(req, res, 200, skin.renderPost(route, content.origin));
      case 'file': {
        const bytes = await pictures.bytes(route.picture);
        res.setHeader('content-disposition', `inline; filename="${route.fileName}"`);
        return sendBytes(req, res, bytes, imageContentType(bytes));
      }
      case 'redirect':
        res.writeHead(302, { location: route.location, 'content-length': '0' }).end();
        return;
    }
  }

  const username = skin.parseProfile?.(url);
  if (username && skin.renderProfile) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(username);
    } catch {
      decoded = username;
    }
    const profile = content.profiles.get(decoded.toLowerCase());
    if (profile) {
      const posts = profile.posts
        .map((path) => content.routes.get(path))
        .filter((route): route is Post => route?.kind === 'post' && isListed(route.path));
      return sendHtml(req, res, 200, skin.renderProfile(profile, posts, content.origin));
    }
  }
  return sendHtml(req, res, 404, notFoundPage(skin.name));
}
