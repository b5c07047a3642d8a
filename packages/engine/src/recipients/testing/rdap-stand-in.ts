// A local RDAP service for tests and the demo: one node:http server on 127.0.0.1 that plays IANA's
// bootstrap registry (RFC 9224: ipv4.json, ipv6.json, dns.json, all pointing at itself) and the RDAP
// servers it names (RFC 7480/7482/9083: /ip/<address>, /domain/<name>, application/rdap+json, 404 for
// what it does not hold). Each network or domain may sit under its own registry path (/arin/, /ripe/)
// so the bootstrap files look like IANA's, with several servers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { longestMatch, parseAddress, parsePrefix, type IpPrefix } from '../ip-ranges.ts';

export interface RdapNetworkEntry {
  /** The network the answer is for, "198.51.100.0/24" or "2001:db8:4000::/48". */
  cidr: string;
  /** The RDAP answer for any address in it (a fixture, or one from ./rdap-answers.ts). */
  answer: unknown;
  /** A path segment naming the serving registry ("arin"); none serves it at the root. */
  registry?: string;
}

export interface RdapDomainEntry {
  /** The registrable domain, "leaked-clips.example". */
  name: string;
  answer: unknown;
  registry?: string;
}

export interface RdapStandInOptions {
  networks?: RdapNetworkEntry[];
  domains?: RdapDomainEntry[];
  /** 0 (default) picks a free port. */
  port?: number;
}

/** What the RDAP paths answer instead of the table while set: a status, a body, or no answer. */
export interface RdapFault {
  status?: number;
  body?: string;
  contentType?: string;
  /** Holds the request open without answering (a server that times out). */
  hang?: boolean;
}

export interface RdapStandIn {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** The three bootstrap URLs, to pass as the resolver's `bootstrap` option. */
  readonly bootstrap: { ipv4Url: string; ipv6Url: string; dnsUrl: string };
  /** Each request's path, in order (bootstrap files included). */
  readonly requests: string[];
  /** Serves more networks and domains from now on. */
  add(entries: { networks?: RdapNetworkEntry[]; domains?: RdapDomainEntry[] }): void;
  /** Makes the RDAP queries of `scope` fail this way until called with null; bootstrap files still answer. */
  setFault(fault: RdapFault | null, scope?: 'ip' | 'domain' | 'all'): void;
  close(): Promise<void>;
}

const RDAP_TYPE = 'application/rdap+json';

interface Network {
  prefix: IpPrefix;
  answer: unknown;
  registry: string;
}

function cleanRegistry(registry: string | undefined): string {
  const value = (registry ?? '').replace(/^\/+|\/+$/g, '');
  if (value !== '' && !/^[a-z0-9-]+$/i.test(value))
    throw new Error(`registry "${registry}" must be one path segment`);
  return value;
}

function rdapError(status: number, title: string, description: string) {
  return {
    rdapConformance: ['rdap_level_0'],
    errorCode: status,
    title,
    description: [description],
  };
}

export async function startRdapStandIn(options: RdapStandInOptions = {}): Promise<RdapStandIn> {
  const networks: Network[] = [];
  const domains = new Map<string, { answer: unknown; registry: string }>();
  const requests: string[] = [];
  const faults = new Map<'ip' | 'domain', RdapFault>();
  const hanging = new Set<ServerResponse>();
  let origin = '';

  function add(entries: { networks?: RdapNetworkEntry[]; domains?: RdapDomainEntry[] }): void {
    for (const entry of entries.networks ?? []) {
      const prefix = parsePrefix(entry.cidr);
      if (!prefix) throw new Error(`"${entry.cidr}" is not an address prefix`);
      networks.push({ prefix, answer: entry.answer, registry: cleanRegistry(entry.registry) });
    }
    for (const entry of entries.domains ?? []) {
      domains.set(entry.name.toLowerCase().replace(/\.$/, ''), {
        answer: entry.answer,
        registry: cleanRegistry(entry.registry),
      });
    }
  }
  add(options);

  const baseOf = (registry: string) => `${origin}/${registry ? `${registry}/` : ''}`;

  /** RFC 9224 file: one service per registry, listing what that registry serves. */
  function bootstrapFile(description: string, entriesByRegistry: Map<string, string[]>) {
    return {
      version: '1.0',
      publication: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      description,
      services: [...entriesByRegistry].map(([registry, entries]) => [entries, [baseOf(registry)]]),
    };
  }

  function ipBootstrap(family: 4 | 6) {
    const byRegistry = new Map<string, string[]>();
    for (const network of networks.filter((candidate) => candidate.prefix.family === family)) {
      const list = byRegistry.get(network.registry) ?? [];
      if (!list.includes(network.prefix.text)) list.push(network.prefix.text);
      byRegistry.set(network.registry, list);
    }
    return bootstrapFile(
      `RDAP bootstrap file for IPv${family} address allocations (local stand-in)`,
      byRegistry,
    );
  }

  function dnsBootstrap() {
    const byRegistry = new Map<string, string[]>();
    const claimed = new Set<string>();
    for (const [name, { registry }] of domains) {
      const tld = name.split('.').pop()!;
      if (claimed.has(tld)) continue;
      claimed.add(tld);
      byRegistry.set(registry, [...(byRegistry.get(registry) ?? []), tld]);
    }
    return bootstrapFile(
      'RDAP bootstrap file for Domain Name System registrations (local stand-in)',
      byRegistry,
    );
  }

  function send(res: ServerResponse, status: number, body: unknown, contentType = RDAP_TYPE): void {
    res.writeHead(status, { 'content-type': contentType, 'access-control-allow-origin': '*' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function answerQuery(
    kind: 'ip' | 'domain',
    registry: string,
    value: string,
    res: ServerResponse,
  ): void {
    const fault = faults.get(kind);
    if (fault) {
      if (fault.hang) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const status = fault.status ?? 503;
      send(
        res,
        status,
        fault.body ?? rdapError(status, 'Service Unavailable', 'The stand-in was told to fail.'),
        fault.contentType ?? RDAP_TYPE,
      );
      return;
    }
    if (kind === 'ip') {
      const address = parseAddress(value.split('/')[0] ?? '');
      if (!address) {
        send(res, 400, rdapError(400, 'Bad Request', `"${value}" is not an IP address.`));
        return;
      }
      const found = longestMatch(
        networks
          .filter((network) => network.registry === registry)
          .map((network) => ({ prefix: network.prefix, value: network })),
        address,
      );
      if (found) send(res, 200, found.answer);
      else send(res, 404, rdapError(404, 'Not Found', `No network holds ${address.text}.`));
      return;
    }
    const entry = domains.get(value.toLowerCase().replace(/\.$/, ''));
    if (entry && entry.registry === registry) send(res, 200, entry.answer);
    else send(res, 404, rdapError(404, 'Not Found', `${value} is not registered here.`));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push(path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, rdapError(405, 'Method Not Allowed', 'RDAP is read with GET.'));
      return;
    }
    if (path === '/bootstrap/ipv4.json') return send(res, 200, ipBootstrap(4), 'application/json');
    if (path === '/bootstrap/ipv6.json') return send(res, 200, ipBootstrap(6), 'application/json');
    if (path === '/bootstrap/dns.json') return send(res, 200, dnsBootstrap(), 'application/json');
    let segments: string[];
    try {
      segments = path
        .split('/')
        .filter(Boolean)
        .map((segment) => decodeURIComponent(segment));
    } catch {
      send(res, 400, rdapError(400, 'Bad Request', `${path} is not a valid path.`));
      return;
    }
    const at = segments.findIndex((segment) => segment === 'ip' || segment === 'domain');
    if (at === -1 || at > 1 || at === segments.length - 1) {
      send(
        res,
        404,
        rdapError(404, 'Not Found', `${path} is not an RDAP query this server answers.`),
      );
      return;
    }
    answerQuery(
      segments[at] as 'ip' | 'domain',
      segments.slice(0, at).join('/'),
      segments.slice(at + 1).join('/'),
      res,
    );
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    bootstrap: {
      ipv4Url: `${origin}/bootstrap/ipv4.json`,
      ipv6Url: `${origin}/bootstrap/ipv6.json`,
      dnsUrl: `${origin}/bootstrap/dns.json`,
    },
    requests,
    add,
    setFault(fault, scope = 'all') {
      for (const kind of scope === 'all' ? (['ip', 'domain'] as const) : [scope]) {
        if (fault) faults.set(kind, fault);
        else faults.delete(kind);
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
