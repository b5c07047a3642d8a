// https onion sites: TLS on top of the SOCKS connection, through the stand-in, with the onion name as
// the certificate's name to check. A certificate for another name, or one no trusted authority signed,
// is refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTorConnector } from '@shark/engine/fetch/tor-connector.ts';
import { startSocksStandIn, type SocksStandIn } from './socks-stand-in.ts';

const ONION = 'sharktesthttpsdropcccccccccccccccccccccccccccccccccccccccc.onion';
const WRONG_NAME = 'sharktestwrongnamedddddddddddddddddddddddddddddddddddddddd.onion';

let directory: string;
let site: Server;
let socks: SocksStandIn;
let authority: Buffer;

/** A certificate authority and a certificate it signs for `name` (openssl, as Debian ships it). */
function makeCertificates(dir: string, name: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test Onion CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  run(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    'site.key',
    '-out',
    'site.csr',
  );
  execFileSync('sh', ['-c', `printf 'subjectAltName=DNS:${name}' > san.ext`], { cwd: dir });
  run(
    'x509',
    '-req',
    '-in',
    'site.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'san.ext',
    '-out',
    'site.pem',
  );
  return {
    ca: readFileSync(join(dir, 'ca.pem')),
    key: readFileSync(join(dir, 'site.key')),
    cert: readFileSync(join(dir, 'site.pem')),
  };
}

/** One GET through the connector, on the raw socket it gives: the response's text, or the error. */
function get(host: string, ca: Buffer | undefined): Promise<string> {
  const connect = createTorConnector({
    proxy: { host: '127.0.0.1', port: socks.port },
    timeoutMs: 10_000,
    ...(ca ? { ca } : {}),
  });
  return new Promise((resolve, reject) => {
    connect(
      { hostname: host, host, protocol: 'https:', port: '', servername: host },
      (error, socket) => {
        if (error || !socket) return reject(error ?? new Error('no socket'));
        const stream = socket as Duplex;
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
        stream.write(`GET /f/1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      },
    );
  });
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'shark-onion-tls-'));
  const made = makeCertificates(directory, ONION);
  authority = made.ca;
  site = createServer({ key: made.key, cert: made.cert }, (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`file for ${req.headers.host ?? ''}`);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const sitePort = (site.address() as AddressInfo).port;
  socks = await startSocksStandIn({
    route: (host, port) =>
      (host === ONION || host === WRONG_NAME) && port === 443
        ? { host: '127.0.0.1', port: sitePort }
        : null,
  });
}, 60_000);

afterAll(async () => {
  await socks?.close();
  site?.closeAllConnections();
  await new Promise<void>((done) => (site ? site.close(() => done()) : done()));
  rmSync(directory, { recursive: true, force: true });
});

describe('https onion sites through Tor', () => {
  it('speak TLS over the SOCKS connection, to the onion name, on port 443 by default', async () => {
    const response = await get(ONION, authority);
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain(`file for ${ONION}`);
    expect(socks.attempts().map((a) => [a.addressType, a.host, a.port])).toContainEqual([
      'domain',
      ONION,
      443,
    ]);
  });

  it('refuse a certificate for another name, and one no trusted authority signed', async () => {
    await expect(get(WRONG_NAME, authority)).rejects.toThrow(/altnames|does not match|Hostname/i);
    await expect(get(ONION, undefined)).rejects.toThrow(/self.signed|unable to (get|verify)/i);
  });
});
