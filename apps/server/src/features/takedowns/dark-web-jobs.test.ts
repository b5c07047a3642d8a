import { describe, expect, it } from 'vitest';
import type { JobContext } from '#server/jobs/define-job.ts';
import { createDarkWebAccess } from '#server/features/dark-web/dark-web-access.ts';
import { isDarkWebAllowed } from '#server/features/dark-web/dark-web-scope.ts';
import { onBehalfOfCreators } from './dark-web-jobs.ts';

const ONION = 'http://leaksxyzabcdefghijklmnopqrstuvwxyz234567abcdefghijklmnop.onion/t/1';
const rows = new Map([
  ['onion-premium', { userId: 'premium', pageUrl: ONION }],
  ['onion-plus', { userId: 'plus', pageUrl: ONION }],
  ['clearnet-premium', { userId: 'premium', pageUrl: 'https://leaks.example/t/1' }],
]);
const context = { isLastAttempt: false } as unknown as JobContext;

function setUp(hasTor: boolean) {
  const finds: string[] = [];
  const seen: Record<string, boolean> = {};
  const handlers = onBehalfOfCreators(
    {
      'takedown.resolve': ({ takedownId }) => {
        seen[`resolve ${takedownId}`] = isDarkWebAllowed();
        return Promise.resolve({});
      },
      'takedown.verify': ({ takedownId }) => {
        seen[`verify ${takedownId}`] = isDarkWebAllowed();
        return Promise.resolve({});
      },
      'takedown.escalate': ({ takedownId }) => {
        seen[`escalate ${takedownId}`] = isDarkWebAllowed();
        return Promise.resolve({});
      },
    },
    {
      takedowns: {
        find: (id) => {
          finds.push(id);
          return Promise.resolve(rows.get(id));
        },
      },
      darkWeb: createDarkWebAccess({
        hasTor,
        hasPerk: (userId) => Promise.resolve(userId === 'premium'),
      }),
    },
  );
  return { handlers, finds, seen };
}

describe('takedown jobs on behalf of their creator', () => {
  it('open Tor to the jobs that fetch an onion page of a creator with dark web scanning, and to no other', async () => {
    const { handlers, seen } = setUp(true);
    for (const takedownId of rows.keys()) {
      await handlers['takedown.resolve']!({ takedownId }, context);
      await handlers['takedown.verify']!({ takedownId, check: 0 }, context);
      await handlers['takedown.escalate']!({ takedownId }, context);
    }
    expect(seen).toEqual({
      'resolve onion-premium': true,
      'verify onion-premium': true,
      'escalate onion-premium': false,
      'resolve onion-plus': false,
      'verify onion-plus': false,
      'escalate onion-plus': false,
      'resolve clearnet-premium': false,
      'verify clearnet-premium': false,
      'escalate clearnet-premium': false,
    });
  });

  it('cost nothing on a server without Tor: no look-up, Tor closed', async () => {
    const { handlers, finds, seen } = setUp(false);
    await handlers['takedown.resolve']!({ takedownId: 'onion-premium' }, context);
    expect(finds).toEqual([]);
    expect(seen).toEqual({ 'resolve onion-premium': false });
  });
});
