// The pure parts of the agent authorisation's screens: the form's values and their check (the contract's
// own schema, so the browser refuses what the server would), the country list, the text's paragraphs,
// the address as lines and when the call to sign is shown.
import {
  COUNTRY_CODES,
  signAuthorizationSchema,
  type Authorization,
  type AuthorizationState,
  type SignAuthorization,
} from '@shark/contracts/agent-authorization.ts';
import { fieldErrorsFromZod, type FieldErrors } from '#app/lib/form-errors.ts';

export const SIGN_FIELDS = [
  'legalName',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'signature',
  'agree',
] as const;
export type SignField = (typeof SIGN_FIELDS)[number];

export type SignFormValues = {
  legalName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, or '' before she picks one. */
  country: string;
  signature: string;
  agree: boolean;
};

/** An empty form; the country guessed from the browser's languages when one names a known region. */
export function emptySignForm(languages: readonly string[] = []): SignFormValues {
  return {
    legalName: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    region: '',
    postalCode: '',
    country: countryFromLanguages(languages),
    signature: '',
    agree: false,
  };
}

/** Signing again: her name and address as on file; the signature and "I agree" are given anew. */
export function signFormFrom(authorization: Authorization): SignFormValues {
  return {
    legalName: authorization.legalName,
    addressLine1: authorization.addressLine1,
    addressLine2: authorization.addressLine2 ?? '',
    city: authorization.city,
    region: authorization.region ?? '',
    postalCode: authorization.postalCode,
    country: authorization.country,
    signature: '',
    agree: false,
  };
}

/** 'en-US' → 'US'; '' when no language names a region that is a country code. */
export function countryFromLanguages(languages: readonly string[]): string {
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})(?:-|$)/i.exec(language)?.[1]?.toUpperCase();
    if (region && COUNTRY_CODES.includes(region)) return region;
  }
  return '';
}

/**
 * The values as the server would take them, or one message per field at fault. Checked with the
 * contract's schema: the typed signature must be the legal name, "I agree" must be ticked.
 */
export function checkSignForm(
  values: SignFormValues,
): { ok: true; input: SignAuthorization } | { ok: false; errors: FieldErrors } {
  const parsed = signAuthorizationSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrorsFromZod(parsed.error) };
  // The parsed form (trimmed, the country upper-cased, empty optional lines as null) is what is sent.
  return { ok: true, input: parsed.data };
}

export type CountryOption = { code: string; name: string };

/** Every country code the contract accepts, named in `locale` and sorted by that name. */
export function countryOptions(locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** The text as the server words it: its first paragraph is the title, blank lines part the rest. */
export function textParagraphs(body: string): { title: string; paragraphs: string[] } {
  const [title = '', ...paragraphs] = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return { title, paragraphs };
}

/** Her postal address as kept on file, one line each, in the order of an envelope. */
export function addressLines(
  authorization: Pick<
    Authorization,
    'addressLine1' | 'addressLine2' | 'city' | 'region' | 'postalCode' | 'country'
  >,
  countryName: (code: string) => string = (code) => code,
): string[] {
  const regionAndCode = [authorization.region, authorization.postalCode].filter(Boolean).join(' ');
  const place = [authorization.city, regionAndCode].filter(Boolean).join(', ');
  return [
    authorization.addressLine1,
    authorization.addressLine2,
    place,
    countryName(authorization.country),
  ].filter((line): line is string => Boolean(line));
}

export type SignCallout = { waiting: number };

/**
 * Whether the dashboard and the takedown report ask her to sign: not when an authorisation is active
 * or when affiliates open them; otherwise when takedowns already wait for it, or when she subscribes
 * (her first confirmed copies would wait for it too).
 */
export function signCallout(
  state: Pick<AuthorizationState, 'authorization' | 'waitingTakedowns'> | undefined,
  user: { isSubscribed: boolean; isAffiliateOnly: boolean },
): SignCallout | null {
  if (!state || state.authorization || user.isAffiliateOnly) return null;
  if (state.waitingTakedowns > 0 || user.isSubscribed) return { waiting: state.waitingTakedowns };
  return null;
}
