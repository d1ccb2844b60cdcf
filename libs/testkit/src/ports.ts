/** Free loopback ports for processes a test or bench starts beside a stack. */
import net from 'node:net';

/** `n` distinct free loopback ports (all held open until every one is chosen, so none repeats). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return ports;
}

/** One free loopback port. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}
