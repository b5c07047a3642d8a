// Connections to onion services: a SOCKS5 CONNECT to Tor with the host name itself as the destination
// (address type "domain name"), so the name is resolved inside Tor and never by this machine; TLS on
// top for https. An undici connector, used by the address guard for onion hosts only.
import { connect as tlsConnect } from 'node:tls';
import { SocksClient } from 'socks';
import type { buildConnector } from 'undici';
import { FetchError } from './fetch-result.ts';
import type { TorProxy } from './onion.ts';

export interface TorConnectorOptions {
  proxy: TorProxy;
  /** The SOCKS handshake, Tor's circuit to the service and TLS together. */
  timeoutMs: number;
  /**
   * Certificate authorities an https onion site's certificate must chain to; Node's own by default
   * (tests give the authority of their stand-in's certificate).
   */
  ca?: string | Buffer;
}

export function createTorConnector(options: TorConnectorOptions): buildConnector.connector {
  const { proxy, timeoutMs, ca } = options;
  return (connectOptions, callback) => {
    const isHttps = connectOptions.protocol === 'https:';
    const port = Number(connectOptions.port) || (isHttps ? 443 : 80);
    const hostname = connectOptions.hostname;
    SocksClient.createConnection({
      proxy: {
        host: proxy.host,
        port: proxy.port,
        type: 5,
        ...(proxy.username ? { userId: proxy.username } : {}),
        ...(proxy.password ? { password: proxy.password } : {}),
      },
      command: 'connect',
      // A name, not an address: the socks client sends it as it is (ATYP 3) and never resolves it.
      destination: { host: hostname, port },
      timeout: timeoutMs,
    }).then(
      ({ socket }) => {
        if (!isHttps) {
          socket.setNoDelay(true);
          callback(null, socket);
          return;
        }
        const secure = tlsConnect({
          socket,
          servername: connectOptions.servername ?? hostname,
          ALPNProtocols: ['http/1.1'],
          ...(ca ? { ca } : {}),
        });
        const timer = setTimeout(
          () => secure.destroy(new FetchError('timeout', `TLS with ${hostname} took too long.`)),
          timeoutMs,
        );
        secure.once('secureConnect', () => {
          clearTimeout(timer);
          callback(null, secure);
        });
        secure.once('error', (error: Error) => {
          clearTimeout(timer);
          callback(error, null);
        });
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        callback(
          new FetchError(
            /timed out|timeout/i.test(message) ? 'timeout' : 'unreachable',
            `${hostname} could not be reached through Tor (${proxy.host}:${proxy.port}): ${message}.`,
          ),
          null,
        );
      },
    );
  };
}
