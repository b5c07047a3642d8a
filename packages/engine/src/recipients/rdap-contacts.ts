// Reads who to write to out of RDAP answers (RFC 9083): the abuse contact of an IP network, the
// registrar of a domain and its abuse contact. Registries differ in layout, so this reads loosely:
// ARIN nests the abuse contact inside the organisation entity; RIPE, APNIC and the domain
// registries list it beside the others or inside the registrar; older objects name an
// "abuse-mailbox" only in remarks. Contacts are jCard (RFC 7095) inside `vcardArray`.

export interface VcardContact {
  /** `fn`: the contact's formatted name ("Abuse", "Example Hosting Ltd"). */
  name: string | null;
  org: string | null;
  /** `kind`: "org", "group", "individual". */
  kind: string | null;
  emails: string[];
  phones: string[];
  /** The `adr` label, lines joined with ", ". */
  address: string | null;
}

export interface RdapEntity {
  handle: string | null;
  roles: string[];
  vcard: VcardContact;
  remarks: string[];
  entities: RdapEntity[];
  publicIds: { type: string; identifier: string }[];
}

export interface RdapContact {
  email: string;
  phone: string | null;
  /** The organisation responsible, as the registry names it. */
  organisation: string;
  /** The registry handle of the entity the address came from ("ABUSE1234-ARIN", "AR12345-RIPE"). */
  handle: string | null;
  /** How the address was found, most to least specific. */
  via: 'abuse-role' | 'remarks' | 'registrant' | 'technical';
}

export interface NetworkInfo {
  handle: string | null;
  name: string | null;
  startAddress: string | null;
  endAddress: string | null;
  /** Prefixes from the cidr0 extension (ARIN, RIPE, APNIC…), "198.51.100.0/24". */
  cidrs: string[];
  /** The network's country as the registry gives it (ISO 3166-1 alpha-2, upper case), when it does. */
  country: string | null;
}

export interface RegistrarInfo {
  name: string;
  handle: string | null;
  ianaId: string | null;
  abuseEmail: string | null;
  abusePhone: string | null;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

const EMAIL = /^[^\s@<>(),;:"'[\]]+@[^\s@<>(),;:"'[\]]+\.[^\s@<>(),;:"'[\].]{2,}$/;
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** An e-mail address as registries write it, "mailto:" and surrounding space removed; else null. */
export function cleanEmail(value: unknown): string | null {
  const raw = text(value)?.replace(/^mailto:/i, '');
  return raw && EMAIL.test(raw) ? raw : null;
}

/** A jCard property's value as text: a string, or the non-empty parts of a structured value. */
function propertyText(value: unknown): string | null {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) {
    const parts = value
      .flat()
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return null;
}

export function readVcard(vcardArray: unknown): VcardContact {
  const contact: VcardContact = {
    name: null,
    org: null,
    kind: null,
    emails: [],
    phones: [],
    address: null,
  };
  if (!Array.isArray(vcardArray) || vcardArray[0] !== 'vcard' || !Array.isArray(vcardArray[1]))
    return contact;
  for (const property of vcardArray[1] as unknown[]) {
    if (!Array.isArray(property) || typeof property[0] !== 'string') continue;
    const name = property[0].toLowerCase();
    const parameters: Json = isObject(property[1]) ? property[1] : {};
    const values = property.slice(3);
    switch (name) {
      case 'fn':
        contact.name ??= propertyText(values[0]);
        break;
      case 'org':
        contact.org ??= propertyText(values[0]);
        break;
      case 'kind':
        contact.kind ??= text(values[0])?.toLowerCase() ?? null;
        break;
      case 'email':
        for (const value of values) {
          const email = cleanEmail(value);
          if (email) contact.emails.push(email);
        }
        break;
      case 'tel':
        for (const value of values) {
          const phone = text(value)?.replace(/^tel:/i, '');
          if (phone) contact.phones.push(phone);
        }
        break;
      case 'adr': {
        const label = text(parameters.label);
        contact.address ??= label
          ? label
              .split(/\r?\n|\\n/)
              .map((line) => line.trim())
              .filter(Boolean)
              .join(', ')
          : propertyText(values[0]);
        break;
      }
    }
  }
  return contact;
}

function remarksOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((remark: unknown) => (isObject(remark) ? strings(remark.description) : []));
}

/** Real answers nest three levels at most; a deeper answer is cut there rather than overflow the stack. */
const MAX_ENTITY_DEPTH = 6;

export function readEntity(value: unknown, depth = 0): RdapEntity | null {
  if (!isObject(value)) return null;
  return {
    handle: text(value.handle),
    roles: strings(value.roles).map((role) => role.toLowerCase()),
    vcard: readVcard(value.vcardArray),
    remarks: remarksOf(value.remarks),
    entities: depth < MAX_ENTITY_DEPTH ? entitiesOf(value, depth + 1) : [],
    publicIds: Array.isArray(value.publicIds)
      ? value.publicIds.flatMap((id: unknown) =>
          isObject(id) && typeof id.type === 'string' && typeof id.identifier === 'string'
            ? [{ type: id.type, identifier: id.identifier }]
            : [],
        )
      : [],
  };
}

function entitiesOf(value: Json, depth = 0): RdapEntity[] {
  if (!Array.isArray(value.entities)) return [];
  return value.entities
    .map((entity: unknown) => readEntity(entity, depth))
    .filter((entity): entity is RdapEntity => entity !== null);
}

interface Placed {
  entity: RdapEntity;
  parent: RdapEntity | null;
}

/** Every entity, breadth first (top-level ones before nested ones), with its parent. */
function allEntities(answer: Json): Placed[] {
  const found: Placed[] = [];
  let level: Placed[] = entitiesOf(answer).map((entity) => ({ entity, parent: null }));
  for (let depth = 0; level.length > 0 && depth <= MAX_ENTITY_DEPTH; depth++) {
    found.push(...level);
    level = level.flatMap(({ entity }) =>
      entity.entities.map((child) => ({ entity: child, parent: entity })),
    );
  }
  return found;
}

/** Registries give objects such as a RIPE maintainer a name that is only their handle. */
function meaningfulName(entity: RdapEntity): string | null {
  const name = entity.vcard.name;
  if (!name || name === entity.handle || /-MNT$/i.test(name)) return null;
  return name;
}

/**
 * The organisation an IP network belongs to, for the recipient's name: the organisation holding the
 * contact (ARIN), else the registrant organisation (RIPE's ORG- object), else what the contact or the
 * network itself is called.
 */
function organisationOf(answer: Json, placed: Placed | null): string {
  const entities = allEntities(answer);
  const registrants = entities.filter(({ entity }) => entity.roles.includes('registrant'));
  const candidates = [
    placed?.parent && placed.parent.roles.includes('registrant')
      ? meaningfulName(placed.parent)
      : null,
    ...registrants
      .filter(({ entity }) => entity.vcard.kind === 'org')
      .map(({ entity }) => meaningfulName(entity)),
    placed && placed.entity.vcard.org !== placed.entity.vcard.name ? placed.entity.vcard.org : null,
    ...registrants.map(({ entity }) => meaningfulName(entity)),
    text(answer.name),
    placed?.entity.vcard.name ?? null,
    text(answer.handle),
  ];
  return (
    candidates.find((candidate): candidate is string => candidate !== null) ?? 'Unknown network'
  );
}

/** "abuse-mailbox: abuse@x", "Abuse contact for '…' is 'abuse@x'", "Report abuse to abuse@x". */
function abuseEmailInRemarks(remarks: readonly string[]): string | null {
  for (const line of remarks) {
    if (!/abuse/i.test(line)) continue;
    const email = cleanEmail(line.match(EMAIL_IN_TEXT)?.[0]);
    if (email) return email;
  }
  return null;
}

function contactFrom(answer: Json, placed: Placed, via: RdapContact['via']): RdapContact {
  return {
    email: placed.entity.vcard.emails[0]!,
    phone: placed.entity.vcard.phones[0] ?? null,
    organisation: organisationOf(answer, placed),
    handle: placed.entity.handle,
    via,
  };
}

/**
 * The abuse contact of an IP network answer: an entity with the "abuse" role at any depth, else an
 * abuse address in remarks, else (only then) the registrant's or the technical contact's address.
 * Null when the answer names no address at all.
 */
export function networkAbuseContact(answer: unknown): RdapContact | null {
  if (!isObject(answer)) return null;
  const entities = allEntities(answer);
  const abuse = entities.find(
    ({ entity }) => entity.roles.includes('abuse') && entity.vcard.emails.length > 0,
  );
  if (abuse) return contactFrom(answer, abuse, 'abuse-role');

  const remarks = [
    ...remarksOf(answer.remarks),
    ...entities.flatMap(({ entity }) => entity.remarks),
  ];
  const remarked = abuseEmailInRemarks(remarks);
  if (remarked) {
    const holder = entities.find(({ entity }) => entity.roles.includes('abuse')) ?? null;
    return {
      email: remarked,
      phone: holder?.entity.vcard.phones[0] ?? null,
      organisation: organisationOf(answer, holder),
      handle: holder?.entity.handle ?? null,
      via: 'remarks',
    };
  }

  for (const role of ['registrant', 'technical'] as const) {
    const fallback = entities.find(
      ({ entity }) => entity.roles.includes(role) && entity.vcard.emails.length > 0,
    );
    if (fallback) return contactFrom(answer, fallback, role);
  }
  return null;
}

function addressText(value: unknown): string | null {
  return text(value);
}

/** What an IP network answer says the network is, to reuse it for other addresses in the range. */
export function networkInfo(answer: unknown): NetworkInfo {
  if (!isObject(answer))
    return {
      handle: null,
      name: null,
      startAddress: null,
      endAddress: null,
      cidrs: [],
      country: null,
    };
  const cidrs = Array.isArray(answer.cidr0_cidrs)
    ? answer.cidr0_cidrs.flatMap((cidr: unknown) => {
        if (!isObject(cidr) || typeof cidr.length !== 'number') return [];
        const prefix = text(cidr.v4prefix) ?? text(cidr.v6prefix);
        return prefix ? [`${prefix}/${cidr.length}`] : [];
      })
    : [];
  return {
    handle: text(answer.handle),
    name: text(answer.name),
    startAddress: addressText(answer.startAddress),
    endAddress: addressText(answer.endAddress),
    cidrs,
    country: countryCode(answer.country),
  };
}

/** A two-letter country code as RDAP's `country` member holds it, upper case; else null. */
function countryCode(value: unknown): string | null {
  const code = text(value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** An RDAP error answer (RFC 9083 §6) carries `errorCode`; a lookup answer never does. */
export function rdapErrorOf(answer: unknown): string | null {
  if (!isObject(answer) || typeof answer.errorCode !== 'number') return null;
  const detail = [text(answer.title), ...strings(answer.description)].filter(Boolean).join(' ');
  return `RDAP error ${answer.errorCode}${detail ? `: ${detail}` : ''}`;
}

/** The registrar of a domain answer and its abuse contact (nested in the registrar entity). */
export function domainRegistrar(answer: unknown): RegistrarInfo | null {
  if (!isObject(answer)) return null;
  const registrar = allEntities(answer).find(({ entity }) =>
    entity.roles.includes('registrar'),
  )?.entity;
  if (!registrar) return null;
  const abuse = registrar.entities.find((entity) => entity.roles.includes('abuse'));
  const ianaId = registrar.publicIds.find((id) => /iana/i.test(id.type))?.identifier ?? null;
  return {
    name:
      registrar.vcard.name ??
      registrar.vcard.org ??
      (ianaId ? `Registrar ${ianaId}` : (registrar.handle ?? 'Unknown registrar')),
    handle: registrar.handle,
    ianaId,
    abuseEmail: abuse?.vcard.emails[0] ?? abuseEmailInRemarks(registrar.remarks),
    abusePhone: abuse?.vcard.phones[0] ?? null,
  };
}

/**
 * The domain holder's own address when the domain answer shows one (most registrars redact it; a
 * privacy service's forwarding address still reaches the holder). Null otherwise.
 */
export function domainRegistrant(
  answer: unknown,
): { name: string | null; email: string; handle: string | null } | null {
  if (!isObject(answer)) return null;
  const registrant = allEntities(answer).find(
    ({ entity }) => entity.roles.includes('registrant') && entity.vcard.emails.length > 0,
  )?.entity;
  if (!registrant) return null;
  return {
    name: registrant.vcard.org ?? registrant.vcard.name,
    email: registrant.vcard.emails[0]!,
    handle: registrant.handle,
  };
}
