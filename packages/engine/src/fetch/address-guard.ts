// The address guard: never a private, loopback, link-local, metadata or otherwise internal address,
// checked on the host before connecting and on every address DNS gives (the one the socket uses).
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { FetchAllowlist } from './allowlist.ts';
import { FetchError } from './fetch-result.ts';
import { classifyAddress, classifyHost, InvalidHostError, parseIpLiteral } from './ip-address.ts';
import { isOnionHost, type TorProxy } from './onion.ts';
import { createTorConnector } from './tor-connector.ts';

/** The refusal of an onion host when the fetcher has no Tor proxy: never looked up, never fetched. */
export function onionRefusal(host: string): FetchError {
  return new FetchError(
    'refused-address',
    `${host} is a Tor onion service and dark web scanning is off (no Tor proxy): not fetched.`,
  );
}

/** Why a host may not be connected to, or null when it may (names are checked after DNS). */
export function refusalOfHost(host: string, hasTor = false): FetchError | null {
  if (isOnionHost(host)) return hasTor ? null : onionRefusal(host);
  let found;
  try {
    found = classifyHost(host);
  } catch (error) {
    if (error instanceof InvalidHostError) return new FetchError('invalid-url', error.message);
    throw error;
  }
  if (found.kind === 'name') {
    return found.isBlocked
      ? new FetchError(
          'refused-address',
          `${found.name} is this machine or a cloud metadata service: not fetched.`,
        )
      : null;
  }
  if (found.class.range === 'public') return null;
  return new FetchError(
    'refused-address',
    `${found.address.text} is ${found.class.description}: not fetched.`,
  );
}

export interface GuardedAgentOptions {
  allowlist: FetchAllowlist;
  connectTimeoutMs: number;
  timeoutMs: number;
  /** Resolves a name to all its addresses; DNS by default. Never called for an onion name. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Tor's SOCKS proxy: onion hosts, and only they, are reached through it. Without it they are refused. */
  tor?: TorProxy | null;
}

/** The undici agent every fetch goes through: it connects only to checked (or allowlisted) addresses. */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const { allowlist, connectTimeoutMs, timeoutMs } = options;
  const resolveAll =
    options.resolve ??
    ((hostname: string) => dnsLookup(hostname, { all: true, order: 'verbatim' }));

  /**
   * net.connect's lookup hook: resolves once, checks every answer, and hands net exactly the checked
   * addresses, so a second (rebinding) DNS answer never reaches the socket.
   */
  const lookupFor =
    (isChecked: boolean): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      void resolveChecked(hostname, lookupOptions.family, isChecked).then(
        (answers) => {
          if (lookupOptions.all) callback(null, answers);
          else callback(null, answers[0]!.address, answers[0]!.family);
        },
        (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
      );
    };

  async function resolveChecked(
    hostname: string,
    family: unknown,
    isChecked: boolean,
  ): Promise<LookupAddress[]> {
    const answers = await resolveAll(hostname);
    const wanted =
      family === 4 || family === 6 ? answers.filter((a) => a.family === family) : answers;
    if (wanted.length === 0) throw new FetchError('dns', `${hostname} has no address.`);
    if (!isChecked) return wanted;
    // One refused answer refuses the name: a name that mixes public and internal answers is a trap.
    for (const answer of wanted) {
      const address = parseIpLiteral(answer.address);
      const verdict = address ? classifyAddress(address) : null;
      if (!verdict || verdict.range !== 'public') {
        throw new FetchError(
          'refused-address',
          `${hostname} resolves to ${answer.address}, ${verdict?.description ?? 'which is not an address'}: not fetched.`,
        );
      }
    }
    return wanted;
  }

  const checkedConnect = buildConnector({ timeout: connectTimeoutMs, lookup: lookupFor(true) });
  const trustedConnect = buildConnector({ timeout: connectTimeoutMs, lookup: lookupFor(false) });
  // Tor needs longer than a direct connection: a circuit to an onion service takes seconds.
  const torConnect = options.tor
    ? createTorConnector({ proxy: options.tor, timeoutMs: Math.max(connectTimeoutMs, timeoutMs) })
    : null;

  // Every connection, whoever asks for it, passes here: the last line of the guard.
  return new Agent({
    connect(connectOptions, callback) {
      // Before the allowlist and before any lookup: an onion name goes to Tor or nowhere.
      if (isOnionHost(connectOptions.hostname)) {
        if (torConnect) torConnect(connectOptions, callback);
        else callback(onionRefusal(connectOptions.hostname), null);
        return;
      }
      const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
      if (allowlist.allows(connectOptions.hostname, port)) {
        trustedConnect(connectOptions, callback);
        return;
      }
      const refusal = refusalOfHost(connectOptions.hostname);
      if (refusal) {
        callback(refusal, null);
        return;
      }
      checkedConnect(connectOptions, callback);
    },
    connectTimeout: connectTimeoutMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
  });
}
