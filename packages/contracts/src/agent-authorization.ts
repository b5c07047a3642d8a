// The creator's agent authorisation: what she signs so that notices go out in her name. The rules
// behind it: docs/decisions/0012-enforcement.md.
import { z } from 'zod';

/** ISO 3166-1 alpha-2 codes of countries and territories (officially assigned). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Line breaks, tabs and other control characters: a form field is one line of text. */
const hasControlCharacter = (value: string) =>
  [...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacter(value), `${label} must be one line of text.`);

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacter(value), `${label} must be one line of text.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** How a typed signature is compared with the legal name: case, surrounding and repeated spaces do not count. */
export function signatureMatches(signature: string, legalName: string): boolean {
  const canonical = (value: string) =>
    value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return canonical(signature) !== '' && canonical(signature) === canonical(legalName);
}

/** POST /api/authorization: the creator signs. Her address is kept on file and never put in a notice. */
export const signAuthorizationSchema = z
  .object({
    legalName: line('Your full legal name', 200),
    addressLine1: line('The address', 200),
    addressLine2: optionalLine('The second address line', 200),
    city: line('The city', 100),
    region: optionalLine('The state or region', 100),
    postalCode: line('The postal code', 20),
    country: z
      .string({ error: 'The country is required.' })
      .trim()
      .toUpperCase()
      .refine(
        (value) => COUNTRY_CODES.includes(value),
        'The country must be a two-letter ISO 3166 code such as US or DE.',
      ),
    /** Her full legal name typed again, as her electronic signature. */
    signature: line('The signature', 200),
    /** She ticked "I agree". */
    agree: z.literal(true, { error: 'Tick “I agree” to sign the authorisation.' }),
  })
  .superRefine((value, context) => {
    if (!signatureMatches(value.signature, value.legalName)) {
      context.addIssue({
        code: 'custom',
        path: ['signature'],
        message: 'Type your full legal name exactly as above to sign.',
      });
    }
  });
export type SignAuthorization = z.input<typeof signAuthorizationSchema>;

export const authorizationSchema = z.object({
  id: z.string(),
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  /** Her verified e-mail address when she signed. */
  email: z.string(),
  signature: z.string(),
  /** The version of the text she signed (see `text`). */
  textVersion: z.string(),
  signedAt: z.string(),
  /** The address she signed from. */
  ipAddress: z.string(),
});
export type Authorization = z.infer<typeof authorizationSchema>;

/** GET /api/authorization (and the answer to POST): her current authorisation, and the text to sign. */
export const authorizationStateSchema = z.object({
  /** null: none signed, or revoked; no notice is sent until she signs. */
  authorization: authorizationSchema.nullable(),
  /** The wording she signs now (the brand's), with its version. */
  text: z.object({ version: z.string(), body: z.string() }),
  /** Signing needs a verified e-mail address. */
  canSign: z.boolean(),
  /** Takedowns waiting for her signature before their notices go out. */
  waitingTakedowns: z.number().int(),
});
export type AuthorizationState = z.infer<typeof authorizationStateSchema>;
