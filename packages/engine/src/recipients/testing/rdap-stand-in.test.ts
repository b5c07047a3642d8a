// The stand-in speaks RDAP's wire format: RFC 9224 bootstrap files pointing at itself, RFC 7482 query
// paths, application/rdap+json answers and RFC 9083 error objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../../fetch/safe-fetch.ts';
import { createFetchJson } from '../fetch-json.ts';
import { arinNetworkAnswer, registryDomainAnswer, ripeNetworkAnswer } from './rdap-answers.ts';
import { startRdapStandIn, type RdapStandIn } from './rdap-stand-in.ts';

let standIn: RdapStandIn;
const fetcher = createSafeFetcher({ allowlist: ['127.0.0.1'] });

beforeAll(async () => {
  standIn = await startRdapStandIn({
    networks: [
      {
        registry: 'arin',
        cidr: '198.51.100.0/24',
        answer: arinNetworkAnswer({
          cidr: '198.51.100.0/24',
          name: 'A',
          organisation: 'A Hosting',
          abuseEmail: 'abuse@a.example',
        }),
      },
      {
        cidr: '2001:db8::/32',
        answer: ripeNetworkAnswer({
          cidr: '2001:db8::/32',
          name: 'R6',
          organisation: 'R Hosting',
          abuseEmail: 'abuse@r.example',
        }),
      },
    ],
    domains: [
      {
        registry: 'example',
        name: 'leaks.example',
        answer: registryDomainAnswer({
          name: 'leaks.example',
          registrar: 'R',
          abuseEmail: 'abuse@reg.example',
        }),
      },
    ],
  });
});

afterAll(async () => {
  await fetcher.close();
  await standIn.close();
});

async function get(path: string) {
  const response = await fetch(`${standIn.origin}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the RDAP stand-in', () => {
  it('serves RFC 9224 bootstrap files that point at its registries', async () => {
    const v4 = await get('/bootstrap/ipv4.json');
    expect(v4.type).toBe('application/json');
    expect(v4.body).toMatchObject({
      version: '1.0',
      services: [[['198.51.100.0/24'], [`${standIn.origin}/arin/`]]],
    });
    expect((await get('/bootstrap/ipv6.json')).body.services).toEqual([
      [['2001:db8::/32'], [`${standIn.origin}/`]],
    ]);
    expect((await get('/bootstrap/dns.json')).body.services).toEqual([
      [['example'], [`${standIn.origin}/example/`]],
    ]);
  });

  it('answers ip and domain queries as application/rdap+json, and 404 with an error object otherwise', async () => {
    const ip = await get('/arin/ip/198.51.100.7');
    expect(ip).toMatchObject({
      status: 200,
      type: 'application/rdap+json',
      body: { objectClassName: 'ip network', name: 'A' },
    });
    expect((await get('/ip/2001:db8::1')).body).toMatchObject({ name: 'R6', ipVersion: 'v6' });
    expect((await get('/example/domain/LEAKS.example')).body).toMatchObject({
      ldhName: 'LEAKS.EXAMPLE',
    });
    expect(await get('/arin/ip/203.0.113.1')).toMatchObject({
      status: 404,
      type: 'application/rdap+json',
      body: { errorCode: 404 },
    });
    expect((await get('/ip/198.51.100.7')).status).toBe(404); // held by the arin registry, not the root one
    expect((await get('/example/domain/other.example')).status).toBe(404);
    expect((await get('/arin/ip/not-an-ip')).status).toBe(400);
    expect((await get('/nothing/here/at/all')).status).toBe(404);
  });

  it('serves what is added later, fails on demand, and its requests are recorded', async () => {
    standIn.add({
      networks: [
        {
          registry: 'ripe',
          cidr: '203.0.113.0/24',
          answer: ripeNetworkAnswer({ cidr: '203.0.113.0/24', name: 'LATE', organisation: 'Late' }),
        },
      ],
    });
    expect((await get('/ripe/ip/203.0.113.9')).body).toMatchObject({ name: 'LATE' });
    standIn.setFault({ status: 502 }, 'ip');
    expect((await get('/ripe/ip/203.0.113.9')).status).toBe(502);
    expect((await get('/example/domain/leaks.example')).status).toBe(200);
    standIn.setFault(null);
    expect((await get('/ripe/ip/203.0.113.9')).status).toBe(200);
    expect(standIn.requests.at(-1)).toBe('/ripe/ip/203.0.113.9');
  });

  it('is read through the safe fetcher by createFetchJson, which refuses what is not JSON', async () => {
    const fetchJson = createFetchJson(fetcher);
    await expect(fetchJson(`${standIn.origin}/ip/2001:db8::5`)).resolves.toMatchObject({
      name: 'R6',
    });
    standIn.setFault(
      { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
      'all',
    );
    try {
      await expect(fetchJson(`${standIn.origin}/ip/2001:db8::5`)).rejects.toThrow(
        /answered text\/html, not JSON\./,
      );
    } finally {
      standIn.setFault(null);
    }
    // Without the allowlist the loopback stand-in is refused, as any internal address is.
    const strict = createSafeFetcher();
    try {
      await expect(createFetchJson(strict)(`${standIn.origin}/ip/2001:db8::5`)).rejects.toThrow(
        /loopback/,
      );
    } finally {
      await strict.close();
    }
  });
});
