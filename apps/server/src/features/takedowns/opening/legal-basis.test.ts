import { describe, expect, it } from 'vitest';
import { basisForHost, openingBasis, responseDueAt } from './legal-basis.ts';
import { hostCountryOf } from '#server/features/takedowns/recipients/recipient-service.ts';

const HOUR = 3600_000;

describe('the law of a takedown', () => {
  it('opens leaks and her own content under copyright, a depiction under TAKE IT DOWN', () => {
    expect(openingBasis({ kind: 'leak', likenessNature: null })).toBe('dmca');
    expect(openingBasis({ kind: 'likeness', likenessNature: 'own_content' })).toBe('dmca');
    expect(openingBasis({ kind: 'likeness', likenessNature: 'forgery' })).toBe('take_it_down');
    expect(openingBasis({ kind: 'likeness', likenessNature: 'intimate_without_consent' })).toBe(
      'take_it_down',
    );
  });

  it('moves a depiction to DSA Article 16 for a host in the EU, never a copyright case', () => {
    expect(basisForHost('take_it_down', 'NL')).toBe('dsa_article_16');
    expect(basisForHost('take_it_down', 'US')).toBe('take_it_down');
    expect(basisForHost('take_it_down', 'GB')).toBe('take_it_down');
    expect(basisForHost('take_it_down', null)).toBe('take_it_down');
    expect(basisForHost('dmca', 'DE')).toBe('dmca');
  });

  it('reads the host’s country from the hosting network first, else any recipient', () => {
    const email = { kind: 'email' as const, address: 'a@b.example' };
    const base = { name: 'x', channel: email, source: 's', subject: 'h' };
    expect(
      hostCountryOf([
        { ...base, role: 'site' },
        { ...base, role: 'registrar', country: 'US' },
        { ...base, role: 'host', country: 'FR' },
      ]),
    ).toBe('FR');
    expect(hostCountryOf([{ ...base, role: 'registrar', country: 'US' }])).toBe('US');
    expect(hostCountryOf([{ ...base, role: 'cdn' }])).toBeNull();
  });

  it('gives a TAKE IT DOWN recipient 48 hours, the others the configured window', () => {
    const sent = new Date('2031-01-01T00:00:00Z');
    const standard = new Date(sent.getTime() + 72 * HOUR);
    expect(responseDueAt('take_it_down', sent, standard)).toEqual(
      new Date(sent.getTime() + 48 * HOUR),
    );
    expect(responseDueAt('dmca', sent, standard)).toEqual(standard);
    expect(responseDueAt('dsa_article_16', sent, standard)).toEqual(standard);
  });
});
