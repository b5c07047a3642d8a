// The rules of enforcement that need no database: the signature check, the send backoff, which day's
// delisting file is due, and where an impersonation report goes.
import { describe, expect, it } from 'vitest';
import { signAuthorizationSchema, signatureMatches } from '@shark/contracts/agent-authorization.ts';
import type { CatalogSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { dueDelistingDay, isUtcDay } from '#server/features/takedowns/notices/delisting-service.ts';
import { retryDelayMs } from '#server/features/takedowns/outbox/outbox-sender.ts';
import {
  addressOf,
  impersonationRecipient,
} from '#server/features/takedowns/recipients/recipient-service.ts';

describe('the typed signature', () => {
  it('must be the legal name, whatever the case and spacing', () => {
    expect(signatureMatches('  luna   MARIA vale ', 'Luna Maria Vale')).toBe(true);
    expect(signatureMatches('Luna Vale', 'Luna Maria Vale')).toBe(false);
    expect(signatureMatches('', '')).toBe(false);
  });

  it('is checked with the rest of the form, each problem on its field', () => {
    const parsed = signAuthorizationSchema.safeParse({
      legalName: 'A B',
      addressLine1: 'x',
      city: 'y',
      postalCode: 'z',
      country: 'zz',
      signature: 'B A',
      agree: true,
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['country', 'signature']));
    const good = signAuthorizationSchema.parse({
      legalName: 'A B',
      addressLine1: 'x',
      city: 'y',
      postalCode: 'z',
      country: 'de',
      signature: 'a b',
      agree: true,
    });
    expect(good).toMatchObject({ country: 'DE', addressLine2: null, region: null });
  });
});

describe('the send backoff', () => {
  it('waits a minute, then twice as long each time, at most six hours', () => {
    expect([1, 2, 3, 4, 8].map(retryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 7_680_000,
    ]);
    expect(retryDelayMs(20)).toBe(6 * 3600_000);
  });
});

describe('the delisting day', () => {
  it('is yesterday from the batch hour on, the day before until then', () => {
    expect(dueDelistingDay(new Date('2026-03-10T00:05:00Z'), 0)).toBe('2026-03-09');
    expect(dueDelistingDay(new Date('2026-03-10T05:59:00Z'), 6)).toBe('2026-03-08');
    expect(dueDelistingDay(new Date('2026-03-10T06:00:00Z'), 6)).toBe('2026-03-09');
    expect(dueDelistingDay(new Date('2026-03-01T01:00:00Z'), 0)).toBe('2026-02-28');
  });

  it('is a real calendar day', () => {
    expect(isUtcDay('2026-02-28')).toBe(true);
    expect(isUtcDay('2026-02-30')).toBe(false);
    expect(isUtcDay('yesterday')).toBe(false);
  });
});

describe('the impersonation channel', () => {
  const site = (extra: Partial<CatalogSite>) =>
    ({ id: 'net', name: 'Net', ...extra }) as CatalogSite;

  it("is the platform's impersonation contact, else its copyright one, e-mail before a form", () => {
    expect(
      impersonationRecipient(
        site({
          impersonation: { url: 'https://net.example/imp' },
          dmca: { email: 'dmca@net.example' },
        }),
      ),
    ).toMatchObject({
      channel: { kind: 'form', url: 'https://net.example/imp' },
      source: 'catalog:net:impersonation',
    });
    expect(
      impersonationRecipient(
        site({ dmca: { email: 'DMCA@Net.example', url: 'https://net.example/dmca' } }),
      ),
    ).toMatchObject({
      channel: { kind: 'email', address: 'DMCA@Net.example' },
      source: 'catalog:net:dmca',
    });
    expect(impersonationRecipient(site({}))).toBeNull();
    expect(impersonationRecipient(undefined)).toBeNull();
  });

  it('keeps e-mail addresses in lower case and form URLs as given', () => {
    expect(addressOf({ channel: { kind: 'email', address: ' Abuse@Host.Example ' } })).toBe(
      'abuse@host.example',
    );
    expect(addressOf({ channel: { kind: 'form', url: 'https://Host.example/Form' } })).toBe(
      'https://Host.example/Form',
    );
  });
});
