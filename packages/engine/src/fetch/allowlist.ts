// SHARK_FETCH_ALLOWLIST: hosts the fetcher may reach even when they resolve to a refused address,
// so tests and demos can point it at local stand-ins. "host" allows every port, "host:port" one.
import { normalizeHostName } from './ip-address.ts';

export interface AllowlistEntry {
  /** Canonical host as the URL parser writes it (IPv6 without brackets). */
  host: string;
  port: number | null;
}

export interface FetchAllowlist {
  readonly entries: readonly AllowlistEntry[];
  allows(host: string, port: number): boolean;
}

/** Parses one "host" or "host:port" entry; throws with the reason when it is not one. */
export function parseAllowlistEntry(raw: string): AllowlistEntry {
  const text = raw.trim();
  if (text === '') throw new Error('is empty');
  if (/[/?#@\s]/.test(text)) throw new Error(`"${text}" must be a host or host:port, not a URL`);
  let url: URL;
  try {
    // A bare IPv6 address has colons but no port.
    url = new URL(
      `http://${!text.startsWith('[') && text.split(':').length > 2 ? `[${text}]` : text}/`,
    );
  } catch {
    throw new Error(`"${text}" is not a valid host or host:port`);
  }
  const hasPort = /:\d+$/.test(text) && !(text.split(':').length > 2 && !text.startsWith('['));
  const port = hasPort ? Number(text.slice(text.lastIndexOf(':') + 1)) : null;
  if (port !== null && (port < 1 || port > 65535))
    throw new Error(`"${text}" has a port outside 1-65535`);
  return { host: normalizeHostName(url.hostname), port };
}

/** Parses a comma-separated list; every bad entry is reported, in order. */
export function parseAllowlist(value: string | undefined): {
  entries: AllowlistEntry[];
  problems: string[];
} {
  const entries: AllowlistEntry[] = [];
  const problems: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    if (raw.trim() === '') continue;
    try {
      entries.push(parseAllowlistEntry(raw));
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { entries, problems };
}

export function createAllowlist(entries: readonly (AllowlistEntry | string)[]): FetchAllowlist {
  const parsed = entries.map((entry) =>
    typeof entry === 'string' ? parseAllowlistEntry(entry) : entry,
  );
  return {
    entries: parsed,
    allows(host, port) {
      const name = normalizeHostName(host);
      return parsed.some(
        (entry) => entry.host === name && (entry.port === null || entry.port === port),
      );
    },
  };
}
