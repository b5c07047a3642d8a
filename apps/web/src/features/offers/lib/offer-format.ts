// How an offer's plan, price, features and expiry read on its pages.
import type { OfferInterval, PublicOffer } from '@shark/contracts/offers.ts';
import type { Plan, SpecialFeature } from '@shark/contracts/user.ts';

const PLAN_NAMES: Record<Plan, string> = { standard: 'Standard', plus: 'Plus', premium: 'Premium' };

const FEATURE_LABELS: Record<SpecialFeature, string> = {
  promoProtect: 'Promo Protect',
  submitLeak: 'Report leaks yourself',
  impersonation: 'Impersonation protection',
  searchEngineRemovals: 'Search engine removals',
  explicitlyShowUploadFiles: 'Uploaded files',
};

export const planName = (plan: Plan): string => PLAN_NAMES[plan];
export const featureLabel = (feature: SpecialFeature): string => FEATURE_LABELS[feature];

/** The amount in its currency ("$29.99", "€49.00", "¥500"); minor units follow the currency. */
export function formatAmount(price: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
  } catch {
    // A code this browser does not know: the plain figure with its code.
    return `${(price / 100).toFixed(2)} ${code}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(price / 10 ** digits);
}

/** "$29.99 per month", "€499.00 per year", or "Free" for a price of 0. */
export function formatOfferPrice(
  offer: { price: number; currency: string; interval: OfferInterval },
  locale = 'en-US',
): string {
  if (offer.price === 0) return 'Free';
  return `${formatAmount(offer.price, offer.currency, locale)} per ${offer.interval === 'monthly' ? 'month' : 'year'}`;
}

/** "Claim by January 31, 2027" — read in UTC, the day the operator gave. */
export function formatOfferExpiry(expiresAt: string, locale = 'en-US'): string {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(expiresAt),
  );
  return `Claim by ${day}`;
}

export const isClaimable = (offer: PublicOffer): boolean => offer.state === 'active';
