/**
 * A TCP proxy on loopback in front of a real server, for fault tests: `cut()` drops every connection and
 * refuses new ones (the server looks unreachable), `stall()` accepts but forwards nothing (the server looks
 * slow), `restore()` heals it. The server itself is never touched. With `localAddress`, each forwarded connection
 * leaves from the address it gives (e.g. a random 127.x.y.z: the server sees one client address per connection).
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A random loopback address (127.x.y.z, never 127.0.0.1's neighbours 0 and 255 in any octet). */
export function loopbackAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export async function startTcpProxy(targetHost: string, targetPort: number, opts: { localAddress?: () => string } = {}): Promise<TcpProxy> {
  let mode: 'pass' | 'cut' | 'stall' = 'pass';
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    accepted++;
    client.setNoDelay(true);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'stall') return; // accept, never forward
    const upstream = net.connect({ host: targetHost, port: targetPort, localAddress: opts.localAddress?.() });
    upstream.setNoDelay(true);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port,
    connections: () => accepted,
    cut() {
      mode = 'cut';
      dropAll();
    },
    stall() {
      mode = 'stall';
      dropAll();
    },
    restore() {
      mode = 'pass';
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
