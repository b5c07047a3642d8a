// A local stand-in for Tor's SOCKS port: a SOCKS5 server (RFC 1928, with the user name and password
// sub-negotiation of RFC 1929) that connects onion names it knows to local servers and refuses
// everything else. A clearnet name or a bare address sent to it is a leak through the proxy and is
// recorded, as is every attempt, so tests can assert what went to "Tor" and in which form.
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type SocksAddressType = 'ipv4' | 'domain' | 'ipv6';

export interface SocksAttempt {
  /** How the destination was sent: a name (ATYP 3) is what a client resolving nothing sends. */
  addressType: SocksAddressType;
  host: string;
  port: number;
  outcome: 'connected' | 'refused' | 'unknown-onion';
}

export interface SocksStandIn {
  /** TOR_SOCKS_URL: socks5h://127.0.0.1:port */
  url: string;
  host: string;
  port: number;
  /** Every CONNECT asked for, oldest first. */
  attempts(): SocksAttempt[];
  /** TCP connections opened to the proxy (a client that never got to CONNECT counts too). */
  connectionCount(): number;
  clear(): void;
  close(): Promise<void>;
}

export interface SocksStandInOptions {
  /** Where an onion name (lower case) on a port leads: a local host and port, or null when unknown. */
  route: (onionHost: string, port: number) => { host: string; port: number } | null;
}

const VERSION = 5;
const REPLY = {
  succeeded: 0x00,
  notAllowed: 0x02,
  hostUnreachable: 0x04,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** Reads exactly n bytes from a paused socket's data, in order. */
function byteReader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (bytes: Buffer) => void; reject: (e: Error) => void } | null =
    null;
  const settle = () => {
    if (waiting && buffered.length >= waiting.n) {
      const bytes = buffered.subarray(0, waiting.n);
      buffered = buffered.subarray(waiting.n);
      const { resolve } = waiting;
      waiting = null;
      resolve(bytes);
    }
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    settle();
  };
  const onEnd = () => waiting?.reject(new Error('client closed the connection'));
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('error', onEnd);
  return {
    read(n: number): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        waiting = { n, resolve, reject };
        settle();
      });
    },
    /** Stops reading and gives back what arrived beyond the handshake. */
    release(): Buffer {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      return buffered;
    },
  };
}

function reply(socket: Socket, code: number): void {
  socket.write(Buffer.from([VERSION, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
}

export async function startSocksStandIn(options: SocksStandInOptions): Promise<SocksStandIn> {
  const attempts: SocksAttempt[] = [];
  let connections = 0;
  const open = new Set<Socket>();

  async function handle(client: Socket): Promise<void> {
    const reader = byteReader(client);
    const [version, methodCount] = await reader.read(2);
    if (version !== VERSION) {
      client.destroy();
      return;
    }
    const methods = [...(await reader.read(methodCount!))];
    if (methods.includes(0x00)) client.write(Buffer.from([VERSION, 0x00]));
    else if (methods.includes(0x02)) {
      // Tor takes any user name and password (it keeps streams with different ones apart).
      client.write(Buffer.from([VERSION, 0x02]));
      const [, userLength] = await reader.read(2);
      await reader.read(userLength!);
      const [passwordLength] = await reader.read(1);
      await reader.read(passwordLength!);
      client.write(Buffer.from([0x01, 0x00]));
    } else {
      client.end(Buffer.from([VERSION, 0xff]));
      return;
    }
    const [, command, , addressByte] = await reader.read(4);
    let addressType: SocksAddressType;
    let host: string;
    if (addressByte === 0x03) {
      const [length] = await reader.read(1);
      addressType = 'domain';
      host = (await reader.read(length!)).toString('latin1').toLowerCase();
    } else if (addressByte === 0x01) {
      addressType = 'ipv4';
      host = [...(await reader.read(4))].join('.');
    } else if (addressByte === 0x04) {
      addressType = 'ipv6';
      host = (await reader.read(16)).toString('hex').replace(/(.{4})(?!$)/g, '$1:');
    } else {
      reply(client, REPLY.addressTypeNotSupported);
      client.end();
      return;
    }
    const port = (await reader.read(2)).readUInt16BE(0);
    if (command !== 0x01) {
      reply(client, REPLY.commandNotSupported);
      client.end();
      return;
    }
    const isOnion = addressType === 'domain' && /(^|\.)onion\.?$/.test(host);
    const target = isOnion ? options.route(host.replace(/\.$/, ''), port) : null;
    if (!target) {
      const outcome = isOnion ? 'unknown-onion' : 'refused';
      attempts.push({ addressType, host, port, outcome });
      reply(client, isOnion ? REPLY.hostUnreachable : REPLY.notAllowed);
      client.end();
      return;
    }
    attempts.push({ addressType, host, port, outcome: 'connected' });
    const upstream = connect(target.port, target.host);
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.once('error', () => client.destroy());
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('connect', () => {
      reply(client, REPLY.succeeded);
      const early = reader.release();
      if (early.length > 0) upstream.write(early);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  const server: Server = createServer((client) => {
    connections++;
    open.add(client);
    client.once('close', () => open.delete(client));
    handle(client).catch(() => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `socks5h://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    attempts: () => [...attempts],
    connectionCount: () => connections,
    clear() {
      attempts.length = 0;
      connections = 0;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
