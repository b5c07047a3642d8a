// Enforcement (features/enforcement): where recipients are looked up, response windows, sending and delisting.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  CdnRangesError,
  parseCdnProvider,
  type CdnProvider,
  type CdnRanges,
} from '@shark/engine/recipients/cdn-ranges.ts';
import { IANA_BOOTSTRAP } from '@shark/engine/recipients/rdap-bootstrap.ts';
import { optionalHttpUrl, optionalString, positiveInt } from './values.ts';

/** An RFC 9224 bootstrap file's address (tests point it at a local RDAP stand-in). */
const rdapBootstrapUrl = (fallback: string) => optionalHttpUrl.transform((v) => v ?? fallback);

/**
 * CDN_RANGES: a JSON file of CDNs whose addresses hide the real host, `{"providers":[…]}` or one
 * provider (id, name, channel, ranges), replacing the shipped Cloudflare list. Read at start-up.
 */
const cdnRangesFile = optionalString.transform((value, ctx): CdnRanges | undefined => {
  if (value === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(value), 'utf8'));
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `${value} cannot be read as JSON (${(error as Error).message})`,
    });
    return undefined;
  }
  const list: unknown[] =
    typeof data === 'object' &&
    data !== null &&
    'providers' in data &&
    Array.isArray(data.providers)
      ? data.providers
      : [data];
  const providers: CdnProvider[] = [];
  list.forEach((entry, index) => {
    try {
      providers.push(parseCdnProvider(entry));
    } catch (error) {
      const problems =
        error instanceof CdnRangesError ? error.problems : [(error as Error).message];
      for (const problem of problems)
        ctx.addIssue({ code: 'custom', message: `${value} provider ${index + 1}: ${problem}` });
    }
  });
  if (providers.length === 0 && list.length === 0)
    ctx.addIssue({ code: 'custom', message: `${value} lists no CDN` });
  return { providers };
});

export const enforcementVariables = z.object({
  RDAP_BOOTSTRAP_IPV4_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.ipv4Url),
  RDAP_BOOTSTRAP_IPV6_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.ipv6Url),
  RDAP_BOOTSTRAP_DNS_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.dnsUrl),
  CDN_RANGES: cdnRangesFile,
  TAKEDOWN_RESPONSE_HOURS: positiveInt(72),
  TAKEDOWN_FIRST_CHECK_HOURS: positiveInt(24),
  TAKEDOWN_SEND_ATTEMPTS: positiveInt(8),
  NOTICE_RATE_PER_RECIPIENT_PER_HOUR: positiveInt(20),
  DELISTING_BATCH_HOUR_UTC: z.coerce
    .number({ message: 'must be an hour from 0 to 23' })
    .int('must be an hour from 0 to 23')
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23')
    .default(0),
  OUTBOX_CLAIM_SECONDS: positiveInt(300),
  ENFORCEMENT_SWEEP_SECONDS: positiveInt(30),
  SITE_CONTACT_MAX_AGE_DAYS: positiveInt(30),
});

export function enforcementConfig(env: z.infer<typeof enforcementVariables>) {
  return {
    /** Enforcement (features/enforcement): where recipients are looked up, response windows, sending and delisting. */
    enforcement: {
      rdapBootstrap: {
        ipv4Url: env.RDAP_BOOTSTRAP_IPV4_URL,
        ipv6Url: env.RDAP_BOOTSTRAP_IPV6_URL,
        dnsUrl: env.RDAP_BOOTSTRAP_DNS_URL,
      },
      /** undefined: the shipped Cloudflare ranges. */
      cdnRanges: env.CDN_RANGES,
      /** After a notice goes out: when the recipient's window ends, and when the URL is first checked again. */
      responseHours: env.TAKEDOWN_RESPONSE_HOURS,
      firstCheckHours: env.TAKEDOWN_FIRST_CHECK_HOURS,
      /** Attempts at sending one notice before it is marked failed. */
      sendAttempts: env.TAKEDOWN_SEND_ATTEMPTS,
      /** Notices sent to one address within an hour; more wait for the next hour. */
      ratePerRecipientPerHour: env.NOTICE_RATE_PER_RECIPIENT_PER_HOUR,
      /** The UTC hour from which the previous day's delisting files are written. */
      delistingBatchHourUtc: env.DELISTING_BATCH_HOUR_UTC,
      /** A send claimed longer ago than this belongs to a dead worker and is tried again. */
      outboxClaimSeconds: env.OUTBOX_CLAIM_SECONDS,
      /** How often workers look for work a crash left (due sends, lost jobs, the daily delisting files). */
      sweepSeconds: env.ENFORCEMENT_SWEEP_SECONDS,
      /** A site's own contact found on its pages is looked up again once older than this. */
      siteContactMaxAgeDays: env.SITE_CONTACT_MAX_AGE_DAYS,
    },
  };
}
