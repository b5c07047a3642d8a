import { describe, expect, it } from 'vitest';
import { formatMinimum, formatMoney, formatRate } from './affiliate-format.ts';

describe('affiliate formats', () => {
  it('formats amounts in the smallest unit of their currency', () => {
    expect(formatMoney(1250, 'usd')).toBe('$12.50');
    expect(formatMoney(500, 'EUR')).toBe('€5.00');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
  });

  it('words rates and minimums', () => {
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(1250)).toBe('12.5%');
    expect(formatMinimum(5000)).toBe('50.00');
  });
});
