import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  domainRegistrant,
  domainRegistrar,
  networkAbuseContact,
  networkInfo,
  rdapErrorOf,
  readVcard,
} from './rdap-contacts.ts';
import {
  arinNetworkAnswer,
  registryDomainAnswer,
  ripeNetworkAnswer,
} from './testing/rdap-answers.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('networkAbuseContact', () => {
  it('finds the abuse POC nested in the organisation of an ARIN answer, named by the organisation', () => {
    expect(networkAbuseContact(fixture('arin-ip-v4.json'))).toEqual({
      email: 'abuse@hosting.example',
      phone: '+1-555-010-0199',
      organisation: 'Example Hosting, LLC',
      handle: 'ABUSE4021-ARIN',
      via: 'abuse-role',
    });
  });

  it('reads an ARIN IPv6 network the same way', () => {
    expect(networkAbuseContact(fixture('arin-ip-v6.json'))).toMatchObject({
      email: 'trust@cloud.example',
      organisation: 'Sample Cloud Inc.',
      handle: 'ABUSE7710-ARIN',
    });
  });

  it('finds the abuse-c role of a RIPE answer beside the ORG and maintainer objects', () => {
    expect(networkAbuseContact(fixture('ripe-ip-v4.json'))).toEqual({
      email: 'abuse@hosting-bv.example',
      phone: null,
      organisation: 'Example Hosting B.V.',
      handle: 'AR12345-RIPE',
      via: 'abuse-role',
    });
    expect(networkAbuseContact(fixture('ripe-ip-v6.json'))).toEqual({
      email: 'abuse@tubehost.example',
      phone: '+49305550177',
      organisation: 'Tubehost GmbH',
      handle: 'AR9001-RIPE',
      via: 'abuse-role',
    });
  });

  it('takes an abuse-mailbox named only in remarks before any other contact', () => {
    expect(networkAbuseContact(fixture('ripe-ip-v4-remarks-abuse.json'))).toMatchObject({
      email: 'abuse-reports@old-isp.example',
      organisation: 'Old ISP Ltd',
      via: 'remarks',
    });
  });

  it('falls back to the technical contact only when no abuse contact exists', () => {
    expect(networkAbuseContact(fixture('arin-ip-v4-no-abuse.json'))).toMatchObject({
      email: 'noc@small-isp.example',
      organisation: 'Small ISP Customer 42',
      handle: 'SIN9-ARIN',
      via: 'technical',
    });
    // The ARIN answer with an abuse POC never picks its NOC, though the NOC comes first.
    expect(networkAbuseContact(fixture('arin-ip-v4.json'))?.via).toBe('abuse-role');
  });

  it('answers null when nothing names an address, and for what is not an answer', () => {
    expect(
      networkAbuseContact(
        arinNetworkAnswer({ cidr: '192.0.2.0/24', name: 'N', organisation: 'Quiet Networks' }),
      ),
    ).toBeNull();
    expect(networkAbuseContact(null)).toBeNull();
    expect(networkAbuseContact([1, 2])).toBeNull();
    expect(networkAbuseContact({ entities: 'no' })).toBeNull();
  });

  it('reads an absurdly deep answer without overflowing, down to the depth real answers use', () => {
    let entity: Record<string, unknown> = {
      roles: ['abuse'],
      vcardArray: ['vcard', [['email', {}, 'text', 'deep@nest.example']]],
    };
    for (let level = 0; level < 20_000; level++)
      entity = { roles: ['registrant'], entities: [entity] };
    expect(networkAbuseContact({ entities: [entity] })).toBeNull();
    const shallow = {
      entities: [
        {
          roles: ['registrant'],
          entities: [
            { roles: ['abuse'], vcardArray: ['vcard', [['email', {}, 'text', 'a@b.example']]] },
          ],
        },
      ],
    };
    expect(networkAbuseContact(shallow)?.email).toBe('a@b.example');
  });

  it('reads answers from the builders like the fixtures they copy', () => {
    const arin = arinNetworkAnswer({
      cidr: '198.51.100.0/24',
      name: 'BUILT',
      organisation: 'Built Hosting Ltd',
      abuseEmail: 'abuse@built.example',
      abusePhone: '+1-555-010-0999',
    });
    expect(networkAbuseContact(arin)).toMatchObject({
      email: 'abuse@built.example',
      phone: '+1-555-010-0999',
      organisation: 'Built Hosting Ltd',
    });
    const ripe = ripeNetworkAnswer({
      cidr: '2001:db8:7000::/48',
      name: 'B6',
      organisation: 'Built Six',
      abuseEmail: 'a@six.example',
    });
    expect(networkAbuseContact(ripe)).toMatchObject({
      email: 'a@six.example',
      organisation: 'Built Six',
    });
    expect(networkInfo(ripe)).toEqual({
      handle: '2001:db8:7000::/48',
      name: 'B6',
      startAddress: '2001:db8:7000::',
      endAddress: '2001:db8:7000:ffff:ffff:ffff:ffff:ffff',
      cidrs: ['2001:db8:7000::/48'],
      country: 'NL',
    });
  });
});

describe('networkInfo', () => {
  it('reads the range and the cidr0 prefixes of a network', () => {
    expect(networkInfo(fixture('arin-ip-v4.json'))).toEqual({
      handle: 'NET-198-51-100-0-1',
      name: 'EXAMPLE-HOSTING-01',
      startAddress: '198.51.100.0',
      endAddress: '198.51.100.255',
      cidrs: ['198.51.100.0/24'],
      country: null,
    });
  });

  it('reads the country a registry gives the network, upper case', () => {
    expect(networkInfo(fixture('ripe-ip-v4.json')).country).toBe('NL');
    expect(networkInfo({ ...(fixture('ripe-ip-v4.json') as object), country: 'de' }).country).toBe(
      'DE',
    );
    expect(
      networkInfo({ ...(fixture('ripe-ip-v4.json') as object), country: 'Germany' }).country,
    ).toBeNull();
  });
});

describe('domainRegistrar', () => {
  it('reads the registrar and the abuse contact nested in it from a registry answer', () => {
    expect(domainRegistrar(fixture('verisign-domain.json'))).toEqual({
      name: 'Example Registrar, Inc.',
      handle: '9999',
      ianaId: '9999',
      abuseEmail: 'abuse@registrar.example',
      abusePhone: '+1.5555550123',
    });
  });

  it('says when the registrar has no abuse address and when there is no registrar', () => {
    const quiet = registryDomainAnswer({ name: 'quiet.example', registrar: 'Quiet Registrar' });
    expect(domainRegistrar(quiet)).toMatchObject({ name: 'Quiet Registrar', abuseEmail: null });
    expect(domainRegistrar({ objectClassName: 'domain', ldhName: 'X.EXAMPLE' })).toBeNull();
  });
});

describe('domainRegistrant', () => {
  it("gives the holder's own address when the answer shows one, and skips redacted ones", () => {
    expect(domainRegistrant(fixture('registrar-domain-with-registrant.json'))).toEqual({
      name: 'Own Site Media Ltd',
      email: 'legal@own-site.example',
      handle: 'REG-7781',
    });
    expect(domainRegistrant(fixture('verisign-domain.json'))).toBeNull();
  });
});

describe('readVcard', () => {
  it('reads names, structured values, several addresses and mailto/tel URIs', () => {
    expect(
      readVcard([
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Abuse Desk'],
          ['org', {}, 'text', ['Example Org', 'Abuse Unit']],
          ['kind', {}, 'text', 'GROUP'],
          ['email', {}, 'text', 'mailto:first@desk.example', 'second@desk.example'],
          ['email', {}, 'text', 'REDACTED FOR PRIVACY'],
          ['tel', { type: 'voice' }, 'uri', 'tel:+1.5555550100'],
          ['adr', {}, 'text', ['', '', '1 Road', 'Town', '', '', 'NL']],
          'not a property',
        ],
      ]),
    ).toEqual({
      name: 'Abuse Desk',
      org: 'Example Org, Abuse Unit',
      kind: 'group',
      emails: ['first@desk.example', 'second@desk.example'],
      phones: ['+1.5555550100'],
      address: '1 Road, Town, NL',
    });
    expect(readVcard('nonsense').emails).toEqual([]);
  });
});

describe('rdapErrorOf', () => {
  it('recognises an RDAP error answer', () => {
    expect(
      rdapErrorOf({ errorCode: 404, title: 'Not Found', description: ['No such network.'] }),
    ).toBe('RDAP error 404: Not Found No such network.');
    expect(rdapErrorOf(fixture('arin-ip-v4.json'))).toBeNull();
  });
});
