// The site catalog the unknown world hands Shark: none of its sites is one of the world's. Six are on
// names that never resolve (.invalid) and two on loopback ports where nothing listens, so a scan has to
// give them up quickly and find the leaks elsewhere.
import { createServer } from 'node:net';
import {
  parseSiteCatalog,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';

const INVALID_SITES: { id: string; name: string; kind: CatalogSite['kind']; host: string }[] = [
  { id: 'tubehaven', name: 'TubeHaven', kind: 'tube', host: 'www.tubehaven.invalid' },
  { id: 'leakzone-forum', name: 'LeakZone Forum', kind: 'forum', host: 'forum.leakzone.invalid' },
  { id: 'megastash', name: 'MegaStash', kind: 'file-host', host: 'megastash.invalid' },
  { id: 'booruchan', name: 'BooruChan', kind: 'image-board', host: 'booruchan.invalid' },
  { id: 'tgarchive', name: 'TG Archive', kind: 'telegram-index', host: 'tgarchive.invalid' },
  { id: 'fanspace', name: 'FanSpace', kind: 'social-network', host: 'fanspace.invalid' },
];

function entry(
  id: string,
  name: string,
  kind: CatalogSite['kind'],
  origin: string,
  https: boolean,
): CatalogSite {
  const results = {
    item: 'div.result',
    link: 'a.result-link',
    title: 'a.result-link',
    media: [{ css: 'img', attributes: ['data-src', 'src'] }],
    nextPage: 'a.next',
  };
  const base: CatalogSite = {
    id,
    name,
    kind,
    baseUrl: origin,
    ...(https ? { dmca: { url: `${origin}/dmca` } } : { dmca: { email: `dmca@${id}.example` } }),
  };
  if (kind === 'social-network')
    return {
      ...base,
      profile: {
        url: `${origin}/u/{username}`,
        identity: { displayName: 'h1.name', avatar: { css: 'img.avatar', attributes: ['src'] } },
      },
    };
  return { ...base, search: { url: `${origin}/search?q={query}`, spaces: 'plus', results } };
}

/** A loopback port nobody listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function deadCatalog(): Promise<{
  catalog: SiteCatalog;
  hosts: string[];
  refusedHosts: string[];
}> {
  const sites = INVALID_SITES.map((site) =>
    entry(site.id, site.name, site.kind, `https://${site.host}`, true),
  );
  const refusedHosts: string[] = [];
  for (const [n, kind] of (['tube', 'forum'] as const).entries()) {
    const host = `127.0.0.1:${await closedPort()}`;
    refusedHosts.push(host);
    sites.push(
      entry(`gone-${kind}-${n + 1}`, `Gone ${kind} ${n + 1}`, kind, `http://${host}`, false),
    );
  }
  return {
    catalog: parseSiteCatalog({ version: 1, sites }),
    hosts: [...INVALID_SITES.map((site) => site.host), ...refusedHosts],
    refusedHosts,
  };
}
