// Who can remove a page, in the order to ask them: the site itself (its documented DMCA channel from
// the site catalog), then whoever serves it (the CDN in front, or the network hosting its addresses,
// found through DNS and RDAP), then the registrar of its domain (RDAP of the domain).
import { isOnionHost } from '../fetch/onion.ts';
import { findSiteByUrl } from '../discovery/site-catalog/catalog.ts';
import { classifyAddress, type IpAddress } from '../fetch/ip-address.ts';
import { cdnMatcher, defaultCdnRanges, type CdnProvider } from './cdn-ranges.ts';
import { parseAddress } from './ip-ranges.ts';
import {
  IANA_BOOTSTRAP,
  findDomainService,
  ipBootstrap,
  parseBootstrap,
  rdapQueryUrl,
  type BootstrapService,
  type IpBootstrap,
} from './rdap-bootstrap.ts';
import {
  domainRegistrant,
  domainRegistrar,
  networkAbuseContact,
  networkInfo,
  rdapErrorOf,
} from './rdap-contacts.ts';
import { registrableDomain } from './registrable-domain.ts';
import {
  RecipientGroup,
  aside,
  channelKey,
  contactRecipient,
  describeNetwork,
  messageOf,
  networkCovers,
  parsePageUrl,
  siteRecipient,
  type KnownNetwork,
} from './recipient-parts.ts';
import {
  DEFAULT_MAX_AGE_MS,
  MAX_ADDRESSES,
  resolveWithDns,
  type Recipient,
  type RecipientResolver,
  type RecipientResolverOptions,
} from './recipient-types.ts';
export {
  DEFAULT_MAX_AGE_MS,
  MAX_ADDRESSES,
  RecipientUrlError,
  createMemoryRecipientCache,
  resolveWithDns,
  type Recipient,
  type RecipientCache,
  type RecipientChannel,
  type RecipientLookup,
  type RecipientResolver,
  type RecipientResolverOptions,
  type RecipientRole,
} from './recipient-types.ts';

export function createRecipientResolver(options: RecipientResolverOptions): RecipientResolver {
  const resolve = options.resolve ?? resolveWithDns;
  const bootstrapUrls = options.bootstrap ?? IANA_BOOTSTRAP;
  const cdn = cdnMatcher(options.cdnRanges ?? defaultCdnRanges());
  const now = options.now ?? (() => new Date());
  const maxAge = {
    bootstrap: options.maxAgeMs?.bootstrap ?? DEFAULT_MAX_AGE_MS.bootstrap,
    record: options.maxAgeMs?.record ?? DEFAULT_MAX_AGE_MS.record,
  };
  const { cache } = options;
  /** Requests under way, so concurrent lookups share one fetch of the same URL. */
  const inFlight = new Map<string, Promise<{ value: unknown; fetchedAt: Date }>>();

  function fetchShared(url: string, check: (value: unknown) => void) {
    let pending = inFlight.get(url);
    if (!pending) {
      pending = options.fetchJson(url).then((value) => {
        check(value);
        return { value, fetchedAt: now() };
      });
      inFlight.set(url, pending);
      const forget = () => inFlight.delete(url);
      pending.then(forget, forget);
    }
    return pending;
  }

  /**
   * A JSON document through the cache: a fresh entry is used as is; otherwise it is fetched (and
   * stored). When the fetch fails, a stale entry is better than nothing: it is used and the failure
   * listed. Throws only when there is neither.
   */
  async function load(
    key: string,
    url: string,
    maxAgeMs: number,
    check: (value: unknown) => void,
    problems: string[],
  ): Promise<unknown> {
    let cached: { value: unknown; fetchedAt: Date } | null = null;
    if (cache) {
      try {
        cached = await cache.get(key);
      } catch (error) {
        problems.push(
          `The recipient cache could not be read (${aside(error)}); ${url} was fetched again.`,
        );
      }
    }
    // A stored entry of another shape (a changed table, a hand edit) is a miss, not a crash.
    if (cached && !(cached.fetchedAt instanceof Date && !Number.isNaN(cached.fetchedAt.getTime())))
      cached = null;
    if (cached && now().getTime() - cached.fetchedAt.getTime() <= maxAgeMs) return cached.value;
    let fetched: { value: unknown; fetchedAt: Date };
    try {
      fetched = await fetchShared(url, check);
    } catch (error) {
      if (!cached) throw error;
      problems.push(
        `${url} could not be fetched again (${aside(error)}); its answer of ${cached.fetchedAt.toISOString()} was used.`,
      );
      return cached.value;
    }
    if (cache) {
      try {
        await cache.set(key, fetched.value, fetched.fetchedAt);
      } catch (error) {
        problems.push(`The recipient cache could not be written (${aside(error)}).`);
      }
    }
    return fetched.value;
  }

  function checkRecord(value: unknown): void {
    const error = rdapErrorOf(value);
    if (error) throw new Error(error);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('the answer is not an RDAP object');
  }

  /** One lookup's view of the bootstrap files: each read at most once, a failure listed once. */
  function bootstrapReader(problems: string[]) {
    const files = new Map<string, Promise<BootstrapService[] | null>>();
    const read = (url: string) => {
      let file = files.get(url);
      if (!file) {
        file = (async () => {
          try {
            const data = await load(
              `rdap:bootstrap:${url}`,
              url,
              maxAge.bootstrap,
              (value) => void parseBootstrap(value, url),
              problems,
            );
            return parseBootstrap(data, url);
          } catch (error) {
            problems.push(
              `IANA's RDAP bootstrap file ${url} could not be read: ${messageOf(error)}`,
            );
            return null;
          }
        })();
        files.set(url, file);
      }
      return file;
    };
    const ipIndexes = new Map<number, Promise<IpBootstrap | null>>();
    return {
      ip(family: 4 | 6): Promise<IpBootstrap | null> {
        let index = ipIndexes.get(family);
        if (!index) {
          index = read(family === 4 ? bootstrapUrls.ipv4Url : bootstrapUrls.ipv6Url).then(
            (services) => (services ? ipBootstrap(services) : null),
          );
          ipIndexes.set(family, index);
        }
        return index;
      },
      dns: () => read(bootstrapUrls.dnsUrl),
    };
  }

  type Bootstraps = ReturnType<typeof bootstrapReader>;

  async function hostLevel(
    addresses: IpAddress[],
    bootstraps: Bootstraps,
    problems: string[],
  ): Promise<Recipient[]> {
    const cdnGroup = new RecipientGroup();
    const hostGroup = new RecipientGroup();
    const known: KnownNetwork[] = [];
    for (const address of addresses) {
      const provider: CdnProvider | undefined = cdn.find(address);
      if (provider) {
        cdnGroup.add(
          {
            role: 'cdn',
            name: provider.name,
            channel: provider.channel,
            source: `cdn:${provider.id}`,
          },
          address.text,
        );
        continue;
      }
      let network = known.find((candidate) => networkCovers(candidate.info, address));
      if (!network) {
        const index = await bootstraps.ip(address.family);
        if (!index) continue;
        const service = index.find(address);
        if (!service) {
          problems.push(
            `No RDAP server covers ${address.text} (${classifyAddress(address).description}) in IANA's bootstrap file.`,
          );
          continue;
        }
        const url = rdapQueryUrl(service.baseUrl, 'ip', address.text);
        let answer: unknown;
        try {
          answer = await load(`rdap:ip:${url}`, url, maxAge.record, checkRecord, problems);
        } catch (error) {
          problems.push(`The RDAP lookup of ${address.text} (${url}) failed: ${messageOf(error)}`);
          continue;
        }
        network = { info: networkInfo(answer), url, contact: networkAbuseContact(answer) };
        known.push(network);
        if (!network.contact) {
          problems.push(
            `The RDAP record of ${address.text} (${describeNetwork(network.info)}) names no abuse contact.`,
          );
        }
      }
      if (network.contact)
        hostGroup.add(
          contactRecipient('host', network.contact, network.url, network.info.country),
          address.text,
        );
    }
    return [...cdnGroup.list(), ...hostGroup.list()];
  }

  async function domainLevel(
    domain: string,
    bootstraps: Bootstraps,
    problems: string[],
  ): Promise<{ registrar: Recipient | null; registrant: Recipient | null }> {
    const none = { registrar: null, registrant: null };
    const services = await bootstraps.dns();
    if (!services) return none;
    const service = findDomainService(services, domain);
    if (!service) {
      problems.push(
        `No RDAP server for .${domain.split('.').pop()} names in IANA's bootstrap file, so the registrar of ${domain} is not known.`,
      );
      return none;
    }
    const url = rdapQueryUrl(service.baseUrl, 'domain', domain);
    let answer: unknown;
    try {
      answer = await load(`rdap:domain:${url}`, url, maxAge.record, checkRecord, problems);
    } catch (error) {
      problems.push(`The RDAP lookup of ${domain} (${url}) failed: ${messageOf(error)}`);
      return none;
    }
    let registrar: Recipient | null = null;
    const found = domainRegistrar(answer);
    if (!found) problems.push(`The RDAP record of ${domain} names no registrar.`);
    else if (!found.abuseEmail)
      problems.push(
        `The registrar of ${domain} (${found.name}) gives no abuse e-mail address in RDAP.`,
      );
    else {
      registrar = {
        role: 'registrar',
        name: found.name,
        channel: { kind: 'email', address: found.abuseEmail },
        source: `rdap:${url}`,
        subject: domain,
        ...(found.abusePhone ? { phone: found.abusePhone } : {}),
        ...(found.ianaId ? { handle: found.ianaId } : {}),
      };
    }
    const holder = domainRegistrant(answer);
    const registrant: Recipient | null = holder
      ? {
          role: 'site',
          name: holder.name && !/redacted/i.test(holder.name) ? holder.name : domain,
          channel: { kind: 'email', address: holder.email },
          source: `rdap:${url}`,
          subject: domain,
          ...(holder.handle ? { handle: holder.handle } : {}),
        }
      : null;
    return { registrar, registrant };
  }

  async function addressesOf(host: string, problems: string[]): Promise<IpAddress[]> {
    const literal = parseAddress(host.replace(/^\[|\]$/g, ''));
    if (literal) return [literal];
    let answers: string[];
    try {
      answers = await resolve(host);
    } catch (error) {
      problems.push(`${host} could not be resolved: ${messageOf(error)}`);
      return [];
    }
    const addresses: IpAddress[] = [];
    for (const answer of answers) {
      const address = parseAddress(answer);
      if (!address)
        problems.push(`DNS gave "${answer.slice(0, 60)}" for ${host}, which is not an address.`);
      else if (!addresses.some((seen) => seen.text === address.text)) addresses.push(address);
    }
    if (addresses.length === 0 && answers.length === 0)
      problems.push(`${host} has no A or AAAA address (the site may be offline).`);
    if (addresses.length > MAX_ADDRESSES) {
      problems.push(
        `${host} has ${addresses.length} addresses; the first ${MAX_ADDRESSES} were looked up.`,
      );
      return addresses.slice(0, MAX_ADDRESSES);
    }
    return addresses;
  }

  return {
    async lookup(input) {
      const url = parsePageUrl(input);
      const host = url.hostname.replace(/\.$/, '');
      const bareHost = host.replace(/^\[|\]$/g, '');
      const site = findSiteByUrl(options.catalog, url);
      // An onion service has no address, network or registrar anyone could look up (and its name must
      // never reach DNS): only the site's own channel, when the catalog knows one, takes a notice.
      if (isOnionHost(bareHost)) {
        const own = site ? siteRecipient(site, bareHost) : null;
        return {
          url: url.href,
          host: bareHost,
          addresses: [],
          domain: null,
          siteId: site?.id ?? null,
          recipients: own ? [own] : [],
          problems: [
            `${bareHost} is a Tor onion service: it has no host or registrar to write to${own ? '' : ', and no contact of its own is known'}.`,
          ],
        };
      }
      const domain = registrableDomain(bareHost);
      const hostProblems: string[] = [];
      const domainProblems: string[] = [];
      const bootstraps = bootstrapReader(hostProblems);
      const domainBootstraps = bootstrapReader(domainProblems);

      // The host and domain levels ask different servers: side by side. Neither throws for what the
      // outside world answers; anything unforeseen is still one level's problem, not the lookup's end.
      const stoppedEarly = (problems: string[], error: unknown) =>
        problems.push(`The lookup stopped early: ${messageOf(error)}`);
      const [{ addresses, served }, domainResult] = await Promise.all([
        addressesOf(host, hostProblems).then(async (found) => ({
          addresses: found,
          served: await hostLevel(found, bootstraps, hostProblems).catch((error: unknown) => {
            stoppedEarly(hostProblems, error);
            return [];
          }),
        })),
        domain
          ? domainLevel(domain, domainBootstraps, domainProblems).catch((error: unknown) => {
              stoppedEarly(domainProblems, error);
              return { registrar: null, registrant: null };
            })
          : Promise.resolve({ registrar: null, registrant: null }),
      ]);
      if (!domain && !parseAddress(bareHost))
        domainProblems.push(`${host} has no registrable domain, so no registrar was looked up.`);

      const siteLevel = (site && siteRecipient(site, bareHost)) ?? domainResult.registrant;
      const ordered = [siteLevel, ...served, domainResult.registrar].filter(
        (recipient): recipient is Recipient => recipient !== null,
      );
      const seen = new Set<string>();
      const recipients = ordered.filter((recipient) => {
        const key = channelKey(recipient.channel);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return {
        url: url.href,
        host: bareHost,
        addresses: addresses.map((address) => address.text),
        domain,
        siteId: site?.id ?? null,
        recipients,
        problems: [...new Set([...hostProblems, ...domainProblems])],
      };
    },
  };
}
