import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  generateCode,
  maskEmail,
  normaliseCode,
  normaliseEmail,
} from './affiliate-service.ts';
import { visitorIdFrom } from './visitor-cookie.ts';

describe('affiliate rules', () => {
  it('makes 8-character codes from unambiguous characters only', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(normaliseCode('  abCD2345 ')).toBe('ABCD2345');
  });

  it('treats aliases of one mailbox as one person', () => {
    expect(normaliseEmail('Alice.Smith+shop@Gmail.com')).toBe('alicesmith@gmail.com');
    expect(normaliseEmail('alicesmith@googlemail.com')).toBe('alicesmith@gmail.com');
    expect(normaliseEmail('alice.smith+x@example.com')).toBe('alice.smith@example.com');
    expect(normaliseEmail('alice.smith@example.com')).not.toBe(
      normaliseEmail('alicesmith@example.com'),
    );
  });

  it('rounds commissions down to whole cents', () => {
    expect(commissionOf(2999, 2000)).toBe(599);
    expect(commissionOf(1, 2000)).toBe(0);
    expect(commissionOf(91190, 1250)).toBe(11398);
  });

  it('masks the customer’s address', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail(null)).toBe('Deleted account');
  });

  it('reads only a well-formed visitor cookie', () => {
    expect(
      visitorIdFrom(new Headers({ cookie: 'a=b; shark_visitor=abcdefghijklmnopqrstuvwx' })),
    ).toBe('abcdefghijklmnopqrstuvwx');
    expect(visitorIdFrom(new Headers({ cookie: 'shark_visitor=short' }))).toBeNull();
    expect(
      visitorIdFrom(new Headers({ cookie: 'shark_visitor=has spaces and ;; junk' })),
    ).toBeNull();
    expect(visitorIdFrom(null)).toBeNull();
  });
});
