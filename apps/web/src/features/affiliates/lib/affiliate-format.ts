// Money, rates and dates as the affiliate pages word them.
import type { CommissionStatus, PayoutStatus } from '@shark/contracts/affiliates.ts';

/** The digits after the decimal point of a currency (2 for EUR, 0 for JPY). */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in the currency's smallest unit, e.g. 1250 usd → "$12.50". */
export function formatMoney(amountMinor: number, currency: string): string {
  const value = amountMinor / 10 ** minorDigits(currency);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** The minimum payout, said for every currency at once: "50.00 in any currency". */
export function formatMinimum(amountMinor: number): string {
  return `${(amountMinor / 100).toFixed(2)}`;
}

/** 2000 basis points → "20%", 1250 → "12.5%". */
export function formatRate(rateBps: number): string {
  return `${Number((rateBps / 100).toFixed(2))}%`;
}

export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'Pending',
  available: 'Available',
  requested: 'In a payout',
  paid: 'Paid',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Requested',
  paid: 'Paid',
  rejected: 'Rejected',
};
