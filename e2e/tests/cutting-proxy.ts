// A TCP proxy in front of the server whose connections the test can slow down and cut, like a bad network:
// the browser talks to the proxy's port (cookies are per host, not per port, so the session carries over).
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

export interface CuttingProxy {
  origin: string;
  /** Limits what the browser sends to this many bytes a second (null: no limit). */
  limitUpload(bytesPerSecond: number | null): void;
  /** Drops every open connection at once, in both directions, and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

const TICK_MS = 50;

export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  let bytesPerTick: number | null = null;
  let isDown = false;

  const server = createServer((client) => {
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const throttle = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        void (async () => {
          let at = 0;
          while (at < chunk.length) {
            const take =
              bytesPerTick === null ? chunk.length - at : Math.min(bytesPerTick, chunk.length - at);
            this.push(chunk.subarray(at, at + take));
            at += take;
            // The pace of the simulated slow link, not a wait for some condition.
            if (bytesPerTick !== null && at < chunk.length) await delay(TICK_MS);
          }
          if (bytesPerTick !== null) await delay(TICK_MS);
          callback();
        })();
      },
    });
    client.pipe(throttle).pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://localhost:${port}`,
    limitUpload(bytesPerSecond) {
      bytesPerTick =
        bytesPerSecond === null ? null : Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000));
    },
    cut() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      isDown = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
