// The analytics sender, loaded only when a key is configured: JSON batches posted with
// navigator.sendBeacon, in the shape of PostHog's public capture API (POST <host>/batch/ with
// api_key and batch), so no vendor SDK is needed. Every failure is swallowed.
import type {
  AnalyticsConfig,
  AnalyticsProps,
  AnalyticsSink,
  AnalyticsUser,
} from '#app/lib/analytics.ts';

export type CapturedEvent = {
  event: string;
  timestamp: string;
  properties: Record<string, unknown> & { distinct_id: string };
};

export type BatchBody = { api_key: string; batch: CapturedEvent[] };

/** Sends one body; false or a throw both mean it was not sent. */
export type Transport = (url: string, body: string) => boolean;

type Options = {
  transport?: Transport;
  now?: () => Date;
  anonymousId?: string;
  /** Runs a flush later; returns a cancel function. */
  schedule?: (flush: () => void) => () => void;
  /** Send at once when this many events are waiting. */
  maxBatchSize?: number;
};

const FLUSH_DELAY_MS = 2000;

function beaconTransport(url: string, body: string): boolean {
  // A string is sent as text/plain, which needs no CORS preflight; the host parses it as JSON.
  return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    ? navigator.sendBeacon(url, body)
    : false;
}

function randomId(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `anon-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  }
}

function describeError(error: unknown): { type: string; value: string; stack?: string } {
  if (error instanceof Error) {
    return {
      type: error.name,
      value: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { type: 'NonError', value: typeof error === 'string' ? error : safeStringify(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function createBeaconSink(config: AnalyticsConfig, options: Options = {}): AnalyticsSink {
  const transport = options.transport ?? beaconTransport;
  const now = options.now ?? (() => new Date());
  const maxBatchSize = options.maxBatchSize ?? 20;
  const schedule =
    options.schedule ??
    ((flush: () => void) => {
      const timer = setTimeout(flush, FLUSH_DELAY_MS);
      return () => clearTimeout(timer);
    });
  const url = `${config.host}/batch/`;
  const anonymousId = options.anonymousId ?? randomId();
  let distinctId = anonymousId;
  let userProps: Record<string, unknown> = {};

  const queues = new Map<string, CapturedEvent[]>();
  let cancelScheduled: (() => void) | undefined;

  const send = (apiKey: string, batch: CapturedEvent[]) => {
    try {
      transport(url, JSON.stringify({ api_key: apiKey, batch } satisfies BatchBody));
    } catch {
      // Dropped: analytics is never worth an error in the app.
    }
  };

  const flush = () => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    for (const [apiKey, batch] of queues) {
      if (batch.length > 0) send(apiKey, batch);
    }
    queues.clear();
  };

  const enqueue = (apiKey: string | undefined, event: string, props: Record<string, unknown>) => {
    if (apiKey === undefined) return;
    const queue = queues.get(apiKey) ?? [];
    queue.push({
      event,
      timestamp: now().toISOString(),
      properties: {
        ...props,
        ...userProps,
        distinct_id: distinctId,
        ...(typeof location === 'undefined' ? {} : { $current_url: location.href }),
      },
    });
    queues.set(apiKey, queue);
    if (queue.length >= maxBatchSize) flush();
    else cancelScheduled ??= schedule(flush);
  };

  // Whatever is waiting goes out when the page is hidden or left; sendBeacon survives unloading.
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  return {
    track(event: string, props: AnalyticsProps) {
      enqueue(config.analyticsKey, event, props);
    },
    identify(user: AnalyticsUser) {
      const previous = distinctId;
      distinctId = user.id;
      userProps = { status: user.frontendStatus, is_affiliate_only: user.isAffiliateOnly };
      if (previous === user.id) return;
      enqueue(config.analyticsKey, '$identify', {
        $anon_distinct_id: previous,
        $set: { status: user.frontendStatus, is_affiliate_only: user.isAffiliateOnly },
      });
    },
    captureException(error: unknown, props: AnalyticsProps) {
      const { type, value, stack } = describeError(error);
      enqueue(config.errorReportingKey, '$exception', {
        ...props,
        $exception_list: [{ type, value, mechanism: { handled: true } }],
        ...(stack ? { $exception_stack_trace_raw: stack } : {}),
      });
      // An error may be the last thing this page does: do not wait for the timer.
      flush();
    },
    flush,
  };
}
