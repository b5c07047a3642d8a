// A stand-in for the Brave Search API: GET /res/v1/web/search and /res/v1/images/search with the key in
// X-Subscription-Token, answering in Brave's JSON (the shapes of packages/engine's Brave fixtures).
// Queries naming the creator get the scenario's results; any other query gets none.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BraveImageItem, BraveWebItem } from './scenario.ts';

export const BRAVE_WEB_PATH = '/res/v1/web/search';
export const BRAVE_IMAGES_PATH = '/res/v1/images/search';
const WEB_MAX_COUNT = 20;
const WEB_MAX_OFFSET = 9;
const IMAGE_MAX_COUNT = 200;
const MAX_QUERY_LENGTH = 400;

export interface BraveStandInOptions {
  apiKey: string;
  origin: () => string;
  namesCreator: (query: string) => boolean;
  web: BraveWebItem[];
  /**
   * The web results for one query, in rank order, when they depend on more than whether it names the
   * creator (her display name and her username finding different pages); replaces `web`.
   */
  webFor?: (query: string) => BraveWebItem[];
  images: BraveImageItem[];
  /** Whether the stand-in has a thumbnail of image result n (Brave proxies thumbnails on its own host). */
  hasThumbnail: (n: number) => boolean;
  thumbnail: (n: number) => Promise<Buffer | null>;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function errorBody(status: number, code: string, detail: string, component: string) {
  return {
    type: 'ErrorResponse',
    error: { id: `sim-${status}-${code.toLowerCase()}`, status, code, detail, meta: { component } },
    time: Math.floor(Date.now() / 1000),
  };
}

function metaUrl(url: string) {
  const parsed = new URL(url);
  const path = parsed.pathname.split('/').filter(Boolean);
  return {
    scheme: parsed.protocol.replace(':', ''),
    netloc: parsed.host,
    hostname: parsed.hostname,
    favicon: `${parsed.origin}/favicon.ico`,
    path: path.length ? `› ${path.join(' › ')}` : '',
  };
}

/** An integer parameter within [min, max], or the fallback when absent; null when malformed. */
function intParam(
  params: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number | null {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value < min || value > max ? null : value;
}

/** Handles one request to the stand-in; answers 404 for any other path. */
export async function handleBrave(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: BraveStandInOptions,
): Promise<void> {
  const thumb = /^\/thumb\/(\d+)\.jpg$/.exec(url.pathname);
  if (thumb) {
    const bytes = await options.thumbnail(Number(thumb[1]));
    if (!bytes)
      return send(res, 404, errorBody(404, 'NOT_FOUND', 'No such thumbnail.', 'thumbnails'));
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  const isWeb = url.pathname === BRAVE_WEB_PATH;
  const isImages = url.pathname === BRAVE_IMAGES_PATH;
  if (!isWeb && !isImages)
    return send(res, 404, errorBody(404, 'NOT_FOUND', 'Resource not found.', 'routing'));
  if (req.method !== 'GET')
    return send(res, 405, errorBody(405, 'METHOD_NOT_ALLOWED', 'Use GET.', 'routing'));

  const token = req.headers['x-subscription-token'];
  if (typeof token !== 'string' || token !== options.apiKey) {
    return send(
      res,
      401,
      errorBody(
        401,
        'SUBSCRIPTION_TOKEN_INVALID',
        'The provided subscription token is invalid.',
        'authentication',
      ),
    );
  }
  const query = (url.searchParams.get('q') ?? '').trim();
  if (query === '' || query.length > MAX_QUERY_LENGTH) {
    return send(
      res,
      422,
      errorBody(
        422,
        'VALIDATION',
        query === ''
          ? 'The query parameter q is required.'
          : `The query may have at most ${MAX_QUERY_LENGTH} characters.`,
        'validation',
      ),
    );
  }
  const count = intParam(
    url.searchParams,
    'count',
    isWeb ? WEB_MAX_COUNT : 50,
    1,
    isWeb ? WEB_MAX_COUNT : IMAGE_MAX_COUNT,
  );
  const offset = isWeb ? intParam(url.searchParams, 'offset', 0, 0, WEB_MAX_OFFSET) : 0;
  if (count === null || offset === null) {
    return send(
      res,
      422,
      errorBody(422, 'VALIDATION', 'count or offset is out of range.', 'validation'),
    );
  }
  const headers = {
    'x-ratelimit-limit': '50, 15000',
    'x-ratelimit-policy': '50;w=1, 15000;w=2592000',
    'x-ratelimit-remaining': '49, 14999',
    'x-ratelimit-reset': '1, 2592000',
  };
  const matches = options.namesCreator(query);

  if (isWeb) {
    const all = options.webFor ? options.webFor(query) : matches ? options.web : [];
    const slice = all.slice(offset * count, offset * count + count);
    const more = all.length > (offset + 1) * count && offset < WEB_MAX_OFFSET;
    const results = slice.map((item) => ({
      title: item.title,
      url: item.url,
      is_source_local: false,
      is_source_both: false,
      description: item.description,
      page_age: '2026-11-01T08:00:00',
      profile: {
        name: new URL(item.url).host,
        url: item.url,
        long_name: new URL(item.url).host,
        img: `${options.origin()}/favicon.ico`,
      },
      language: 'en',
      family_friendly: false,
      type: 'search_result',
      subtype: 'generic',
      is_live: false,
      meta_url: metaUrl(item.url),
      ...(item.thumbnail
        ? { thumbnail: { src: item.thumbnail, original: item.thumbnail, logo: false } }
        : {}),
      age: 'November 1, 2026',
    }));
    const body: Record<string, unknown> = {
      type: 'search',
      query: {
        original: query,
        show_strict_warning: false,
        is_navigational: false,
        spellcheck_off: true,
        country: url.searchParams.get('country') ?? 'us',
        bad_results: false,
        should_fallback: false,
        more_results_available: more,
      },
      mixed: {
        type: 'mixed',
        main: results.map((_, index) => ({ type: 'web', index, all: false })),
        top: [],
        side: [],
      },
    };
    // Brave leaves `web` out when nothing was found.
    if (results.length > 0) body.web = { type: 'search', results, family_friendly: false };
    return send(res, 200, body, headers);
  }

  const images = (matches ? options.images : []).slice(0, count);
  const origin = options.origin();
  return send(
    res,
    200,
    {
      type: 'images',
      query: { original: query, spellcheck_off: true, show_strict_warning: false },
      results: images.map((item) => {
        const n = options.images.indexOf(item);
        const isLocal = options.hasThumbnail(n);
        return {
          type: 'image_result',
          title: item.title,
          url: item.url,
          source: new URL(item.url).host,
          page_fetched: '2026-11-01T10:20:33Z',
          // Brave serves thumbnails from its own host; a picture it could not fetch has none.
          thumbnail: isLocal
            ? { src: `${origin}/thumb/${n}.jpg`, width: 240, height: 180 }
            : { src: '' },
          properties: {
            url: item.mediaUrl,
            placeholder: isLocal ? `${origin}/thumb/${n}.jpg` : '',
          },
          meta_url: metaUrl(item.url),
          confidence: 'high',
        };
      }),
      extra: { might_be_offensive: true },
    },
    headers,
  );
}
