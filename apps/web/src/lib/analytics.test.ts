import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ANALYTICS_HOST,
  createAnalytics,
  readAnalyticsConfig,
  type AnalyticsConfig,
  type AnalyticsSink,
} from '#app/lib/analytics.ts';
import { createBeaconSink, type BatchBody, type Transport } from '#app/lib/analytics-beacon.ts';

const HOST = 'https://ingest.example';
const user = { id: 'user-1', frontendStatus: 'subscribed', isAffiliateOnly: false } as const;

/** Resolves once every queued microtask (the lazy load) has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function recordingTransport() {
  const sent: { url: string; body: BatchBody }[] = [];
  const transport: Transport = (url, body) => {
    sent.push({ url, body: JSON.parse(body) as BatchBody });
    return true;
  };
  return { sent, transport };
}

/** A sink on a recording transport whose timer only fires when the test says so. */
function manualSink(config: AnalyticsConfig) {
  const { sent, transport } = recordingTransport();
  let scheduled: (() => void) | undefined;
  const sink = createBeaconSink(config, {
    transport,
    anonymousId: 'anon-1',
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    schedule: (flush) => {
      scheduled = flush;
      return () => {
        scheduled = undefined;
      };
    },
  });
  return { sink, sent, fireTimer: () => scheduled?.() };
}

describe('readAnalyticsConfig', () => {
  it('is off without keys and defaults to the US ingestion host', () => {
    expect(readAnalyticsConfig({})).toEqual({
      analyticsKey: undefined,
      errorReportingKey: undefined,
      host: DEFAULT_ANALYTICS_HOST,
    });
  });

  it('treats blank keys as unset and trims the host', () => {
    expect(
      readAnalyticsConfig({
        VITE_ANALYTICS_KEY: '  ',
        VITE_ERROR_REPORTING_KEY: 'phc_err',
        VITE_ANALYTICS_HOST: 'https://eu.i.posthog.com/',
      }),
    ).toEqual({
      analyticsKey: undefined,
      errorReportingKey: 'phc_err',
      host: 'https://eu.i.posthog.com',
    });
  });
});

describe('createAnalytics without a key', () => {
  it('neither loads the sender nor sends anything', async () => {
    const load = vi.fn<(config: AnalyticsConfig) => Promise<AnalyticsSink>>();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    try {
      const analytics = createAnalytics({ host: HOST }, load);
      analytics.track('page_viewed', { path: '/dashboard' });
      analytics.identify(user);
      analytics.captureException(new Error('boom'));
      await settle();
      expect(analytics.isEnabled).toBe(false);
      expect(load).not.toHaveBeenCalled();
      expect(sendBeacon).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('createAnalytics with a key', () => {
  it('loads the sender once, lazily, and replays what was called before it loaded', async () => {
    const calls: string[] = [];
    const sink: AnalyticsSink = {
      track: (event) => calls.push(`track ${event}`),
      identify: (u) => calls.push(`identify ${u.id}`),
      captureException: () => calls.push('exception'),
      flush: () => {},
    };
    const load = vi.fn(() => Promise.resolve(sink));
    const analytics = createAnalytics({ host: HOST, analyticsKey: 'phc_a' }, load);
    expect(load).not.toHaveBeenCalled();

    analytics.identify(user);
    analytics.track('a');
    expect(calls).toEqual([]);
    await settle();
    analytics.track('b');

    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['identify user-1', 'track a', 'track b']);
  });

  it('never throws when the sender fails to load or throws itself', async () => {
    const failingLoad = createAnalytics({ host: HOST, analyticsKey: 'k' }, () =>
      Promise.reject(new Error('chunk failed to load')),
    );
    expect(() => failingLoad.track('a')).not.toThrow();
    await settle();
    expect(() => failingLoad.captureException(new Error('x'))).not.toThrow();

    const throwing: AnalyticsSink = {
      track: () => {
        throw new Error('sink broke');
      },
      identify: () => {
        throw new Error('sink broke');
      },
      captureException: () => {
        throw new Error('sink broke');
      },
      flush: () => {},
    };
    const analytics = createAnalytics({ host: HOST, errorReportingKey: 'k' }, () =>
      Promise.resolve(throwing),
    );
    analytics.track('queued before load');
    await settle();
    expect(() => analytics.track('a')).not.toThrow();
    expect(() => analytics.identify(user)).not.toThrow();
    expect(() => analytics.captureException('x')).not.toThrow();
  });
});

describe('createBeaconSink', () => {
  it('posts events as one JSON batch to <host>/batch/ with the analytics key', () => {
    const { sink, sent, fireTimer } = manualSink({ host: HOST, analyticsKey: 'phc_events' });
    sink.identify(user);
    sink.track('sidebar_toggled', { open: false });
    expect(sent).toEqual([]);

    fireTimer();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${HOST}/batch/`);
    expect(sent[0]?.body).toEqual({
      api_key: 'phc_events',
      batch: [
        {
          event: '$identify',
          timestamp: '2026-01-02T03:04:05.000Z',
          properties: expect.objectContaining({
            distinct_id: 'user-1',
            $anon_distinct_id: 'anon-1',
            $set: { status: 'subscribed', is_affiliate_only: false },
          }),
        },
        {
          event: 'sidebar_toggled',
          timestamp: '2026-01-02T03:04:05.000Z',
          properties: expect.objectContaining({ distinct_id: 'user-1', open: false }),
        },
      ],
    });
  });

  it('sends no name or e-mail address', () => {
    const { sink, sent } = manualSink({ host: HOST, analyticsKey: 'k' });
    sink.identify({ ...user, name: 'Ada Lovelace', email: 'ada@example.com' } as typeof user);
    sink.flush();
    const text = JSON.stringify(sent);
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('ada@example.com');
  });

  it('sends exceptions at once, with the error-reporting key only', () => {
    const { sink, sent } = manualSink({ host: HOST, errorReportingKey: 'phc_errors' });
    sink.track('ignored without an analytics key', {});
    sink.captureException(new TypeError('x is undefined'), { source: 'error-view' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body.api_key).toBe('phc_errors');
    expect(sent[0]?.body.batch).toEqual([
      expect.objectContaining({
        event: '$exception',
        properties: expect.objectContaining({
          source: 'error-view',
          $exception_list: [
            expect.objectContaining({ type: 'TypeError', value: 'x is undefined' }),
          ],
        }),
      }),
    ]);
  });

  it('sends at once when a batch is full', () => {
    const { transport, sent } = recordingTransport();
    const sink = createBeaconSink(
      { host: HOST, analyticsKey: 'k' },
      { transport, maxBatchSize: 3, schedule: () => () => {} },
    );
    for (const event of ['a', 'b', 'c', 'd']) sink.track(event, {});
    expect(sent.map((request) => request.body.batch.map((e) => e.event))).toEqual([
      ['a', 'b', 'c'],
    ]);
  });

  it('never throws when the transport throws or refuses', () => {
    for (const transport of [
      () => {
        throw new Error('sendBeacon exploded');
      },
      () => false,
    ] satisfies Transport[]) {
      const sink = createBeaconSink(
        { host: HOST, analyticsKey: 'k', errorReportingKey: 'e' },
        { transport, schedule: () => () => {} },
      );
      expect(() => {
        sink.track('a', {});
        sink.identify(user);
        sink.captureException(new Error('boom'), {});
        sink.captureException({ circular: 'objects are stringified safely' }, {});
        sink.flush();
      }).not.toThrow();
    }
  });

  it('does nothing where sendBeacon does not exist', () => {
    const sink = createBeaconSink({ host: HOST, analyticsKey: 'k' }, { schedule: () => () => {} });
    expect(() => {
      sink.track('a', {});
      sink.flush();
    }).not.toThrow();
  });
});
