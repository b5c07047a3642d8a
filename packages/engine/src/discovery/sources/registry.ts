// Every discovery source, built once from configuration: on when it has a key, off with the reason
// otherwise, each with its own in-process rate limit.
import { createAhmiaSource, type AhmiaSourceConfig } from './ahmia.ts';
import { createBraveImageSource, createBraveWebSource, type BraveSourceConfig } from './brave.ts';
import { createGoogleVisionSource, type GoogleVisionSourceConfig } from './google-vision.ts';
import { createRateLimiter, type RateLimiter, type RateLimiterClock } from './rate-limiter.ts';
import {
  createSerpApiGoogleSource,
  createSerpApiLensSource,
  type SerpApiSourceConfig,
} from './serpapi.ts';
import {
  DISCOVERY_SOURCE_IDS,
  type DiscoverySource,
  type DiscoverySourceId,
  type FetchLike,
} from './source.ts';
import { createTinEyeSource, type TinEyeSourceConfig } from './tineye.ts';
import { createYandexImageSource, type YandexSourceConfig } from './yandex.ts';

/** Per provider: its endpoint and key (and its own options); `fetch`, `timeoutMs`, `userAgent` and rate limits come from the top level. */
type ProviderConfig<T> = Omit<T, 'fetch' | 'rateLimiter' | 'timeoutMs' | 'userAgent'>;

export interface DiscoverySourcesConfig {
  /** One key for both Brave sources (web and images). */
  brave?: ProviderConfig<BraveSourceConfig>;
  /** One key for both SerpApi sources (Google and Google Lens). */
  serpApi?: ProviderConfig<SerpApiSourceConfig>;
  yandex?: ProviderConfig<YandexSourceConfig>;
  tineye?: ProviderConfig<TinEyeSourceConfig>;
  googleVision?: ProviderConfig<GoogleVisionSourceConfig>;
  /** Ahmia goes through Tor: its own client (`fetch` over the Tor-capable dispatcher). */
  ahmia?: ProviderConfig<AhmiaSourceConfig> & { fetch?: FetchLike };
  /** Requests per second each source may send from this process; a source not listed is not limited. */
  ratePerSecond?: Partial<Record<DiscoverySourceId, number>>;
  /** The HTTP client for every source (global fetch by default). */
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Sent with every provider request (the bot's default otherwise). */
  userAgent?: string;
  /** The rate limiters' clock (tests pass one that does not wait). */
  clock?: RateLimiterClock;
}

/** Every source, in DISCOVERY_SOURCE_IDS order, on or off. */
export function createDiscoverySources(config: DiscoverySourcesConfig = {}): DiscoverySource[] {
  const common = (
    id: DiscoverySourceId,
  ): {
    fetch?: FetchLike;
    timeoutMs?: number;
    userAgent?: string;
    rateLimiter?: RateLimiter;
  } => {
    const rate = config.ratePerSecond?.[id];
    return {
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      userAgent: config.userAgent,
      rateLimiter: rate === undefined ? undefined : createRateLimiter(rate, config.clock),
    };
  };
  const byId: Record<DiscoverySourceId, () => DiscoverySource> = {
    'brave-web': () => createBraveWebSource({ ...config.brave, ...common('brave-web') }),
    'brave-images': () => createBraveImageSource({ ...config.brave, ...common('brave-images') }),
    'serpapi-google': () =>
      createSerpApiGoogleSource({ ...config.serpApi, ...common('serpapi-google') }),
    'serpapi-lens': () => createSerpApiLensSource({ ...config.serpApi, ...common('serpapi-lens') }),
    'yandex-images': () =>
      createYandexImageSource({ ...config.yandex, ...common('yandex-images') }),
    tineye: () => createTinEyeSource({ ...config.tineye, ...common('tineye') }),
    'google-vision': () =>
      createGoogleVisionSource({ ...config.googleVision, ...common('google-vision') }),
    ahmia: () =>
      createAhmiaSource({
        hasTor: false,
        ...config.ahmia,
        ...common('ahmia'),
        fetch: config.ahmia?.fetch ?? config.fetch,
      }),
  };
  return DISCOVERY_SOURCE_IDS.map((id) => byId[id]());
}
