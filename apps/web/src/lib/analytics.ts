// Product analytics and error reporting behind one small interface (third-party services with a
// project key and a US ingestion host, exception capture on). Off unless a key is configured at build
// time; the sender is loaded lazily; nothing here ever throws into the app or waits on the network.
import type { User } from '@shark/contracts/user.ts';

export type AnalyticsProps = Record<string, string | number | boolean | null>;

/** What is sent about a user: no name, no e-mail address. */
export type AnalyticsUser = Pick<User, 'id' | 'frontendStatus' | 'isAffiliateOnly'>;

export type AnalyticsConfig = {
  /** Project key for product events; unset, no event is sent. */
  analyticsKey?: string | undefined;
  /** Project key for exceptions; unset, no exception is sent. */
  errorReportingKey?: string | undefined;
  /** Ingestion host, e.g. https://us.i.posthog.com. */
  host: string;
};

export const DEFAULT_ANALYTICS_HOST = 'https://us.i.posthog.com';

/** The part that really sends; loaded only when a key is configured (analytics-beacon.ts). */
export interface AnalyticsSink {
  track(event: string, props: AnalyticsProps): void;
  identify(user: AnalyticsUser): void;
  captureException(error: unknown, props: AnalyticsProps): void;
  flush(): void;
}

export type LoadSink = (config: AnalyticsConfig) => Promise<AnalyticsSink>;

export interface Analytics {
  readonly isEnabled: boolean;
  track(event: string, props?: AnalyticsProps): void;
  identify(user: AnalyticsUser): void;
  captureException(error: unknown, props?: AnalyticsProps): void;
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function readAnalyticsConfig(env: {
  VITE_ANALYTICS_KEY?: string | undefined;
  VITE_ERROR_REPORTING_KEY?: string | undefined;
  VITE_ANALYTICS_HOST?: string | undefined;
}): AnalyticsConfig {
  return {
    analyticsKey: clean(env.VITE_ANALYTICS_KEY),
    errorReportingKey: clean(env.VITE_ERROR_REPORTING_KEY),
    host: (clean(env.VITE_ANALYTICS_HOST) ?? DEFAULT_ANALYTICS_HOST).replace(/\/+$/, ''),
  };
}

type Call = (sink: AnalyticsSink) => void;

/** Calls made before the sender has loaded are kept, up to this many, and replayed. */
const MAX_PENDING_CALLS = 100;

export function createAnalytics(config: AnalyticsConfig, loadSink: LoadSink): Analytics {
  const isEnabled = config.analyticsKey !== undefined || config.errorReportingKey !== undefined;
  if (!isEnabled) {
    return { isEnabled, track() {}, identify() {}, captureException() {} };
  }

  let sink: AnalyticsSink | undefined;
  let isBroken = false;
  let pending: Call[] = [];
  let loading: Promise<void> | undefined;

  const run = (call: Call) => {
    if (isBroken) return;
    if (sink) {
      try {
        call(sink);
      } catch {
        // Reporting must never break the app.
      }
      return;
    }
    if (pending.length < MAX_PENDING_CALLS) pending.push(call);
    loading ??= loadSink(config).then(
      (loaded) => {
        sink = loaded;
        const calls = pending;
        pending = [];
        for (const queued of calls) run(queued);
      },
      () => {
        isBroken = true;
        pending = [];
      },
    );
  };

  return {
    isEnabled,
    track: (event, props = {}) => run((s) => s.track(event, props)),
    identify: (user) => run((s) => s.identify(user)),
    captureException: (error, props = {}) => run((s) => s.captureException(error, props)),
  };
}

const analytics = createAnalytics(readAnalyticsConfig(import.meta.env), async (config) => {
  const { createBeaconSink } = await import('#app/lib/analytics-beacon.ts');
  return createBeaconSink(config);
});

// Exception capture on: also what no error boundary saw.
if (analytics.isEnabled && typeof window !== 'undefined') {
  window.addEventListener('error', (event) => {
    analytics.captureException(event.error ?? event.message, { source: 'window.onerror' });
  });
  window.addEventListener('unhandledrejection', (event) => {
    analytics.captureException(event.reason, { source: 'unhandledrejection' });
  });
}

export function track(event: string, props?: AnalyticsProps): void {
  analytics.track(event, props);
}

export function identify(user: AnalyticsUser): void {
  analytics.identify(user);
}

export function captureException(error: unknown, props?: AnalyticsProps): void {
  analytics.captureException(error, props);
}
