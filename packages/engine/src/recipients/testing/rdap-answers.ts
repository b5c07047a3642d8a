// Builds RDAP answers in the registries' real layouts (the same as ../fixtures) from a few facts, so
// the stand-in can serve networks and domains that a test or the demo invents (any address block,
// any organisation) without a fixture file per network.
import { parsePrefix, prefixBounds } from '../ip-ranges.ts';

export interface NetworkAnswerInput {
  /** The network, "198.51.100.0/24" or "2001:db8:a000::/36". */
  cidr: string;
  /** The network's name in the registry ("EXAMPLE-HOSTING-01"). */
  name: string;
  /** The organisation holding it ("Example Hosting, LLC"). */
  organisation: string;
  /** Leave out for a network without an abuse contact. */
  abuseEmail?: string;
  abusePhone?: string;
  country?: string;
}

function slug(text: string, length = 6): string {
  return (
    text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, length) || 'X'
  );
}

function bounds(cidr: string) {
  const prefix = parsePrefix(cidr);
  if (!prefix) throw new Error(`"${cidr}" is not an address prefix`);
  const { start, end } = prefixBounds(prefix);
  const cidr0 =
    prefix.family === 4
      ? { v4prefix: start.text, length: prefix.length }
      : { v6prefix: start.text, length: prefix.length };
  return { prefix, start: start.text, end: end.text, cidr0 };
}

const vcard = (...properties: unknown[][]) => [
  'vcard',
  [['version', {}, 'text', '4.0'], ...properties],
];

/** An ARIN answer (https://rdap.arin.net/registry/ip/…): the abuse POC nested in the organisation. */
export function arinNetworkAnswer(input: NetworkAnswerInput): Record<string, unknown> {
  const { prefix, start, end, cidr0 } = bounds(input.cidr);
  const orgHandle = `${slug(input.organisation)}-1`;
  const pocs = input.abuseEmail
    ? [
        {
          handle: `ABUSE${slug(input.organisation, 4)}-ARIN`,
          vcardArray: vcard(
            ['fn', {}, 'text', 'Abuse'],
            ['org', {}, 'text', 'Abuse'],
            ['kind', {}, 'text', 'group'],
            ['email', {}, 'text', input.abuseEmail],
            ...(input.abusePhone
              ? [['tel', { type: ['work', 'voice'] }, 'text', input.abusePhone]]
              : []),
          ),
          roles: ['abuse'],
          status: ['validated'],
          port43: 'whois.arin.net',
          objectClassName: 'entity',
        },
      ]
    : [];
  return {
    rdapConformance: ['nro_rdap_profile_0', 'rdap_level_0', 'cidr0', 'arin_originas0'],
    notices: [
      {
        title: 'Terms of Service',
        description: [
          'By using the ARIN RDAP/Whois service, you are agreeing to the RDAP/Whois Terms of Use',
        ],
      },
    ],
    handle: `NET${prefix.family === 6 ? '6' : ''}-${start.replace(/[.:]+/g, '-').replace(/-$/, '').toUpperCase()}-1`,
    startAddress: start,
    endAddress: end,
    ipVersion: prefix.family === 4 ? 'v4' : 'v6',
    name: input.name,
    type: 'DIRECT ALLOCATION',
    entities: [
      {
        handle: orgHandle,
        vcardArray: vcard(['fn', {}, 'text', input.organisation], ['kind', {}, 'text', 'org']),
        roles: ['registrant'],
        entities: pocs,
        port43: 'whois.arin.net',
        objectClassName: 'entity',
      },
    ],
    port43: 'whois.arin.net',
    status: ['active'],
    objectClassName: 'ip network',
    cidr0_cidrs: [cidr0],
  };
}

/** A RIPE answer (https://rdap.db.ripe.net/ip/…): ORG-, maintainer and abuse-c entities side by side. */
export function ripeNetworkAnswer(input: NetworkAnswerInput): Record<string, unknown> {
  const { prefix, start, end, cidr0 } = bounds(input.cidr);
  const key = slug(input.organisation, 4);
  const entities: unknown[] = [
    {
      handle: `${key}-MNT`,
      vcardArray: vcard(['fn', {}, 'text', `${key}-MNT`], ['kind', {}, 'text', 'individual']),
      roles: ['registrant'],
      objectClassName: 'entity',
    },
    {
      handle: `ORG-${key}1-RIPE`,
      vcardArray: vcard(['fn', {}, 'text', input.organisation], ['kind', {}, 'text', 'org']),
      roles: ['registrant'],
      objectClassName: 'entity',
    },
  ];
  if (input.abuseEmail) {
    entities.push({
      handle: `AR${key}-RIPE`,
      vcardArray: vcard(
        ['fn', {}, 'text', 'Abuse-C Role'],
        ['kind', {}, 'text', 'group'],
        ['email', { type: 'abuse' }, 'text', input.abuseEmail],
        ...(input.abusePhone ? [['tel', { type: 'voice' }, 'text', input.abusePhone]] : []),
      ),
      roles: ['abuse'],
      objectClassName: 'entity',
    });
  }
  return {
    handle: prefix.family === 4 ? `${start} - ${end}` : prefix.text,
    startAddress: start,
    endAddress: end,
    ipVersion: prefix.family === 4 ? 'v4' : 'v6',
    name: input.name,
    type: prefix.family === 4 ? 'ASSIGNED PA' : 'ASSIGNED',
    country: input.country ?? 'NL',
    cidr0_cidrs: [cidr0],
    status: ['active'],
    entities,
    rdapConformance: ['cidr0', 'rdap_level_0', 'nro_rdap_profile_0', 'redacted'],
    notices: [{ title: 'Source', description: ['Objects returned came from source', 'RIPE'] }],
    port43: 'whois.ripe.net',
    objectClassName: 'ip network',
  };
}

export interface DomainAnswerInput {
  /** The domain, "leaked-clips.example". */
  name: string;
  registrar: string;
  ianaId?: string;
  /** Leave out for a registrar without an abuse contact in RDAP. */
  abuseEmail?: string;
  abusePhone?: string;
  /** The holder's own address, when the answer shows it (most are redacted). */
  registrant?: { organisation: string; email: string };
}

/** A registry's domain answer (Verisign's layout, ICANN RDAP response profile). */
export function registryDomainAnswer(input: DomainAnswerInput): Record<string, unknown> {
  const ianaId = input.ianaId ?? '9999';
  const abuse = input.abuseEmail
    ? [
        {
          objectClassName: 'entity',
          roles: ['abuse'],
          vcardArray: vcard(
            ['fn', {}, 'text', ''],
            ...(input.abusePhone
              ? [['tel', { type: 'voice' }, 'uri', `tel:${input.abusePhone}`]]
              : []),
            ['email', {}, 'text', input.abuseEmail],
          ),
        },
      ]
    : [];
  const entities: unknown[] = [
    {
      objectClassName: 'entity',
      handle: ianaId,
      roles: ['registrar'],
      publicIds: [{ type: 'IANA Registrar ID', identifier: ianaId }],
      vcardArray: vcard(['fn', {}, 'text', input.registrar]),
      entities: abuse,
    },
  ];
  if (input.registrant) {
    entities.unshift({
      objectClassName: 'entity',
      handle: `${slug(input.registrant.organisation)}-REG`,
      roles: ['registrant'],
      vcardArray: vcard(
        ['fn', {}, 'text', input.registrant.organisation],
        ['email', {}, 'text', input.registrant.email],
      ),
    });
  }
  return {
    objectClassName: 'domain',
    handle: `${slug(input.name, 10)}_DOMAIN-EXAMPLE`,
    ldhName: input.name.toUpperCase(),
    status: ['client transfer prohibited'],
    entities,
    events: [{ eventAction: 'registration', eventDate: '2023-04-18T19:22:05Z' }],
    secureDNS: { delegationSigned: false },
    rdapConformance: [
      'rdap_level_0',
      'icann_rdap_technical_implementation_guide_0',
      'icann_rdap_response_profile_0',
    ],
  };
}
