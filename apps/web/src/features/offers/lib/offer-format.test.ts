import { describe, expect, it } from 'vitest';
import {
  featureLabel,
  formatAmount,
  formatOfferExpiry,
  formatOfferPrice,
  planName,
} from './offer-format.ts';

describe('offer formatting', () => {
  it('formats the price in its currency and interval', () => {
    expect(formatOfferPrice({ price: 2999, currency: 'usd', interval: 'monthly' })).toBe(
      '$29.99 per month',
    );
    expect(formatOfferPrice({ price: 49900, currency: 'eur', interval: 'annual' })).toBe(
      '€499.00 per year',
    );
    expect(formatOfferPrice({ price: 0, currency: 'usd', interval: 'monthly' })).toBe('Free');
  });

  it('follows the currency’s minor units', () => {
    expect(formatAmount(500, 'jpy')).toBe('¥500');
    expect(formatAmount(1234, 'GBP')).toBe('£12.34');
    expect(formatAmount(1000, 'kwd')).toMatch(/^KWD\s1\.000$/);
  });

  it('keeps a currency the browser does not know readable', () => {
    expect(formatAmount(1999, 'zz1')).toBe('19.99 ZZ1');
  });

  it('reads the expiry as the UTC day the operator gave', () => {
    expect(formatOfferExpiry('2027-01-31T23:59:59.999Z')).toBe('Claim by January 31, 2027');
  });

  it('names plans and features for people', () => {
    expect(planName('premium')).toBe('Premium');
    expect(featureLabel('impersonation')).toBe('Impersonation protection');
  });
});
