// Clearnet mirrors of onion sites: an onion page that calls a clearnet address its mirror links the
// two sites, and the scan fetches the mirror's page like any page (a copy there has a host, a
// registrar and a CDN to write to). Findings on a mirror say which dark web site it mirrors.
import { clearnetMirrorLinks } from '@shark/engine/discovery/onion-mirrors.ts';
import { isOnionUrl } from '@shark/engine/fetch/onion.ts';
import type { OnionMirrorRepository } from './onion-mirror-repository.ts';

export interface OnionMirrors {
  /**
   * The clearnet pages an onion page gives as its mirrors, recorded as mirrors of its site; empty for
   * a clearnet page.
   */
  mirrorsOf(page: { finalUrl: string; html: string | null }): Promise<string[]>;
  /**
   * For each clearnet host (with its port when not the default, as `URL.host`) that mirrors onion
   * sites, the first onion site it mirrors.
   */
  mirroredOnions(hosts: string[]): Promise<Map<string, string>>;
}

export function createOnionMirrors(repo: OnionMirrorRepository): OnionMirrors {
  return {
    async mirrorsOf(page) {
      if (!page.html || !isOnionUrl(page.finalUrl)) return [];
      const mirrors = clearnetMirrorLinks(page.html, page.finalUrl);
      const onionHost = new URL(page.finalUrl).hostname.toLowerCase();
      // By host and port: sites on one address but different ports are different sites.
      const hosts = [...new Set(mirrors.map((url) => new URL(url).host.toLowerCase()))];
      await repo.link(
        hosts.map((mirrorHost) => ({ onionHost, mirrorHost, foundOn: page.finalUrl })),
      );
      return mirrors;
    },
    async mirroredOnions(hosts) {
      const clearnet = hosts
        .map((host) => host.toLowerCase())
        .filter((host) => !isOnionUrl(`http://${host}/`));
      const found = await repo.onionsOf(clearnet);
      return new Map([...found].map(([host, onions]) => [host, onions[0]!]));
    },
  };
}
