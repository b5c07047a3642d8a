import { COUNTRY_CODES, type Authorization } from '@shark/contracts/agent-authorization.ts';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  checkSignForm,
  countryFromLanguages,
  countryOptions,
  emptySignForm,
  signCallout,
  signFormFrom,
  textParagraphs,
  type SignFormValues,
} from './authorization-form.ts';

const filled: SignFormValues = {
  legalName: 'Ada  Lovelace',
  addressLine1: ' 12 St James’s Square ',
  addressLine2: '',
  city: 'London',
  region: '',
  postalCode: 'SW1Y 4JH',
  country: 'gb',
  signature: 'ada lovelace',
  agree: true,
};

const signed: Authorization = {
  id: 'a1',
  legalName: 'Ada Lovelace',
  addressLine1: '548 Market Street',
  addressLine2: 'Suite 1200',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94104',
  country: 'US',
  email: 'ada@example.com',
  signature: 'Ada Lovelace',
  textVersion: '2026-11-v1',
  signedAt: '2026-11-22T10:00:00.000Z',
  ipAddress: '203.0.113.9',
};

describe('checkSignForm', () => {
  it('accepts a signature equal to the legal name but for case and spaces, and sends the parsed values', () => {
    const result = checkSignForm(filled);
    expect(result).toEqual({
      ok: true,
      input: {
        legalName: 'Ada  Lovelace',
        addressLine1: '12 St James’s Square',
        addressLine2: null,
        city: 'London',
        region: null,
        postalCode: 'SW1Y 4JH',
        country: 'GB',
        signature: 'ada lovelace',
        agree: true,
      },
    });
  });

  it('refuses a signature that is not the legal name, with the server’s words', () => {
    const result = checkSignForm({ ...filled, signature: 'Ada Byron' });
    expect(result).toEqual({
      ok: false,
      errors: { signature: 'Type your full legal name exactly as above to sign.' },
    });
  });

  it('names every missing field, the unticked “I agree” and an unknown country', () => {
    const result = checkSignForm({ ...emptySignForm(), country: 'XX' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['addressLine1', 'agree', 'city', 'country', 'legalName', 'postalCode', 'signature'].sort(),
    );
    expect(result.errors.agree).toBe('Tick “I agree” to sign the authorisation.');
    expect(result.errors.country).toMatch(/two-letter ISO 3166 code/);
  });
});

describe('the form’s starting values', () => {
  it('guesses the country from the first language with a known region', () => {
    expect(countryFromLanguages(['fr', 'de-AT', 'en-US'])).toBe('AT');
    expect(countryFromLanguages(['en-GB'])).toBe('GB');
    expect(countryFromLanguages(['en', 'es-419'])).toBe('');
    expect(countryFromLanguages([])).toBe('');
    expect(emptySignForm(['pt-BR']).country).toBe('BR');
  });

  it('signing again starts from the name and address on file, never from the old signature', () => {
    expect(signFormFrom(signed)).toEqual({
      legalName: 'Ada Lovelace',
      addressLine1: '548 Market Street',
      addressLine2: 'Suite 1200',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94104',
      country: 'US',
      signature: '',
      agree: false,
    });
  });
});

describe('countryOptions', () => {
  it('lists every accepted code once, named and sorted by name', () => {
    const options = countryOptions('en');
    expect(options.map((o) => o.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(options.find((o) => o.code === 'DE')?.name).toBe('Germany');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('textParagraphs', () => {
  it('takes the first paragraph as the title and keeps the rest in order', () => {
    expect(textParagraphs('Title\n\nOne\nstill one\n\n\nTwo\n')).toEqual({
      title: 'Title',
      paragraphs: ['One\nstill one', 'Two'],
    });
  });
});

describe('addressLines', () => {
  it('puts the address in envelope order and leaves out empty lines', () => {
    expect(addressLines(signed)).toEqual([
      '548 Market Street',
      'Suite 1200',
      'San Francisco, CA 94104',
      'US',
    ]);
    expect(
      addressLines(
        {
          ...signed,
          addressLine2: null,
          region: null,
          city: 'Berlin',
          postalCode: '10115',
          country: 'DE',
        },
        () => 'Germany',
      ),
    ).toEqual(['548 Market Street', 'Berlin, 10115', 'Germany']);
  });
});

describe('signCallout', () => {
  const creator = { isSubscribed: true, isAffiliateOnly: false };

  it('asks a subscriber without an authorisation to sign, with the takedowns waiting for it', () => {
    expect(signCallout({ authorization: null, waitingTakedowns: 0 }, creator)).toEqual({
      waiting: 0,
    });
    expect(signCallout({ authorization: null, waitingTakedowns: 3 }, creator)).toEqual({
      waiting: 3,
    });
  });

  it('asks anyone whose takedowns wait, subscribed or not', () => {
    expect(
      signCallout(
        { authorization: null, waitingTakedowns: 1 },
        { isSubscribed: false, isAffiliateOnly: false },
      ),
    ).toEqual({ waiting: 1 });
  });

  it('stays silent once signed, while loading, for affiliates and for a free creator with nothing waiting', () => {
    expect(signCallout({ authorization: signed, waitingTakedowns: 2 }, creator)).toBeNull();
    expect(signCallout(undefined, creator)).toBeNull();
    expect(
      signCallout(
        { authorization: null, waitingTakedowns: 2 },
        { isSubscribed: true, isAffiliateOnly: true },
      ),
    ).toBeNull();
    expect(
      signCallout(
        { authorization: null, waitingTakedowns: 0 },
        { isSubscribed: false, isAffiliateOnly: false },
      ),
    ).toBeNull();
  });
});
