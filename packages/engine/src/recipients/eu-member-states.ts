// The member states of the European Union (ISO 3166-1 alpha-2), where a hosting provider takes
// notices under Article 16 of the Digital Services Act (Regulation (EU) 2022/2065).
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

const MEMBERS: ReadonlySet<string> = new Set(EU_MEMBER_STATES);

/** Whether a country code names an EU member state; Greece is also written EL in EU texts. */
export function isEuMemberState(country: string | null | undefined): boolean {
  if (!country) return false;
  const code = country.trim().toUpperCase();
  return MEMBERS.has(code === 'EL' ? 'GR' : code);
}
