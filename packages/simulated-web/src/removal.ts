// A simulated site acting on a takedown notice: the page it removes answers 410 Gone and drops out of
// the site's search results and profiles, as a real site's removal does. Tests drive it through the
// SimulatedWeb object or, from another process (the e2e specs), through a small HTTP control server.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The key a post is stored under: its path, or for query-string sites (the board) path and query. */
export function routeKeys(url: URL): string[] {
  const keys = [url.pathname];
  if (url.pathname === '/index.php' && url.searchParams.get('s') === 'view') {
    keys.unshift(`/index.php?page=post&s=view&id=${url.searchParams.get('id') ?? ''}`);
  }
  return keys;
}

export interface RemovableSite {
  origin: string;
  /** Whether a URL of this site is a page a site could take down (not its home, search or robots.txt). */
  isPage(url: URL): boolean;
}

/** A page address as given to the control, refused with a message the caller can show. */
export class RemovalInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemovalInputError';
  }
}

export class RemovedPages {
  private sites: RemovableSite[] = [];
  /** origin + route key → the address as it was given. */
  private readonly removed = new Map<string, string>();

  setSites(sites: RemovableSite[]): void {
    this.sites = sites;
  }

  private keyOf(input: string): string {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new RemovalInputError(`"${input.slice(0, 200)}" is not a web address.`);
    }
    const site = this.sites.find((candidate) => candidate.origin === url.origin);
    if (!site) throw new RemovalInputError(`${url.origin} is not a simulated site.`);
    if (!site.isPage(url))
      throw new RemovalInputError(`${url.href} is not a page the site could take down.`);
    return `${url.origin}${routeKeys(url)[0]}`;
  }

  remove(url: string): void {
    this.removed.set(this.keyOf(url), url);
  }

  restore(url: string): boolean {
    return this.removed.delete(this.keyOf(url));
  }

  list(): string[] {
    return [...this.removed.values()];
  }

  /** Whether this request (of a page, a listed link or a profile's post) is of a removed page. */
  has(url: URL): boolean {
    return this.removed.size > 0 && this.removed.has(`${url.origin}${routeKeys(url)[0]}`);
  }
}

const CONTROL_BODY_MAX = 16 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

async function readUrl(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > CONTROL_BODY_MAX) throw new RemovalInputError('The body is too large.');
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RemovalInputError('The body must be JSON: { "url": "<page address>" }.');
  }
  const url = (body as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || url.trim() === '')
    throw new RemovalInputError('The body needs "url", the page address.');
  return url.trim();
}

/**
 * `POST /pages/remove` and `POST /pages/restore` with `{ "url": … }`, `GET /pages/removed`; each answers
 * the pages removed now (`{ removed: [...] }`, restore also `restored`). Bad input is a 400 with a message.
 */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  removed: RemovedPages,
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://control').pathname;
  const routes: Record<string, string> = {
    '/pages/remove': 'POST',
    '/pages/restore': 'POST',
    '/pages/removed': 'GET',
  };
  const method = routes[path];
  if (!method)
    return sendJson(res, 404, { error: `${path} is not a control of the simulated web.` });
  if (req.method !== method) {
    res.setHeader('allow', method);
    return sendJson(res, 405, { error: `${path} takes ${method}.` });
  }
  try {
    if (path === '/pages/remove') {
      removed.remove(await readUrl(req));
      return sendJson(res, 200, { removed: removed.list() });
    }
    if (path === '/pages/restore') {
      const restored = removed.restore(await readUrl(req));
      return sendJson(res, 200, { restored, removed: removed.list() });
    }
    return sendJson(res, 200, { removed: removed.list() });
  } catch (error) {
    if (error instanceof RemovalInputError) return sendJson(res, 400, { error: error.message });
    throw error;
  }
}
