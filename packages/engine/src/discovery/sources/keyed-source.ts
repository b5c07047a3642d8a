// The base of every source that calls a keyed provider API: endpoint, key, off-with-a-reason, and
// sending one request with the configured client, timeout and rate limit.
import { DEFAULT_USER_AGENT } from '../../fetch/user-agent.ts';
import {
  DEFAULT_SOURCE_TIMEOUT_MS,
  requestJson,
  type ProviderResponse,
  type RequestOptions,
} from './provider-http.ts';
import {
  DiscoverySourceError,
  type DiscoveryInputKind,
  type DiscoveryResultKind,
  type DiscoverySourceConfig,
  type DiscoverySourceId,
  type DiscoverySourceStatus,
} from './source.ts';

/**
 * What every keyed provider source shares: its endpoint (the provider's own by default), its key,
 * being off — with the reason for the UI — when no key is configured, and sending a request with
 * the configured client, timeout and rate limit.
 */
export abstract class KeyedDiscoverySource<Config extends DiscoverySourceConfig> {
  abstract readonly id: DiscoverySourceId;
  abstract readonly name: string;
  abstract readonly kind: DiscoveryInputKind;
  abstract readonly finds: DiscoveryResultKind;
  protected readonly endpoint: string;
  protected readonly apiKey: string | null;

  constructor(
    protected readonly config: Config,
    defaultEndpoint: string,
  ) {
    this.endpoint = config.endpoint?.trim() || defaultEndpoint;
    this.apiKey = config.apiKey?.trim() || null;
  }

  isEnabled(): boolean {
    return this.status().enabled;
  }

  status(): DiscoverySourceStatus {
    return this.apiKey === null
      ? { enabled: false, reason: `${this.name} is off: no API key is configured.` }
      : { enabled: true, reason: null };
  }

  /** Throws 'disabled' (and sends nothing) when the source is off; the key otherwise. */
  protected requireKey(): string {
    const status = this.status();
    if (this.apiKey === null || !status.enabled)
      throw new DiscoverySourceError(this.id, 'disabled', status.reason ?? `${this.name} is off.`);
    return this.apiKey;
  }

  /**
   * One request to the provider, with the configured User-Agent: waits for the rate limit first, so
   * the wait is not part of the timeout.
   */
  protected async send(
    request: Omit<RequestOptions, 'sourceId' | 'fetch' | 'timeoutMs'>,
  ): Promise<ProviderResponse> {
    await this.config.rateLimiter?.acquire(request.signal);
    return requestJson({
      ...request,
      // Providers ask API clients to say who they are; the bot's name also ties its logs to ours.
      headers: { 'User-Agent': this.config.userAgent ?? DEFAULT_USER_AGENT, ...request.headers },
      sourceId: this.id,
      fetch: this.config.fetch ?? fetch,
      timeoutMs: this.config.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS,
    });
  }
}
