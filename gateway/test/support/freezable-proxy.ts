/**
 * A TCP proxy whose `freeze()` keeps every connection open but stops moving bytes (they wait in the socket
 * buffers, as with a hung server or a stalled link; TCP never drops them), and `thaw()` lets them flow again.
 * @studio/testkit's stall() cannot show this because it drops the existing connections first.
 */
import net from 'node:net';

export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(targetHost: string, targetPort: number): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (frozen) socket.pause();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    client.pipe(upstream);
    upstream.pipe(client);
    // After pipe(), which resumes its source.
    track(client);
    track(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    client.on('error', drop);
    upstream.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw: () => {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
