/**
 * The listening side of every HTTP process: a Node http.Server for an express app, with parser-level errors
 * answered in the API's envelope (answerClientError), deadlines for a request to arrive (nothing is held for Node's
 * default 300 s), `X-Content-Type-Options: nosniff` on every answer, an optional cap on the connections of one client
 * address (ServerLimits, asked for by the app: the gateway's), and a graceful close that tracks each keep-alive
 * connection so no request that reached the process is dropped or reset while it shuts down.
 */
import http from 'node:http';
import net from 'node:net';
import type { Express } from 'express';
import { answerClientError, NOSNIFF, rawTransportAnswer, sendTransportAnswer } from './error-response.js';

export interface RunningHttpServer {
  server: http.Server;
  port: number;
  /**
   * Graceful close: stops listening, lets every request in flight finish (its answer says `connection: close`),
   * and closes each connection once it has nothing in flight, all within `graceMs`. A connection accepted just
   * before the close whose request has not been read yet gets FRESH_CONNECTION_GRACE_MS to deliver it, and it
   * is answered: Node's own close() would destroy it as "idle", and its client would see a reset for a request
   * it had sent.
   */
  close(graceMs?: number): Promise<void>;
}

/** How long a connection that has sent nothing yet is kept open during a graceful close. */
export const FRESH_CONNECTION_GRACE_MS = 1000;

/**
 * Deadlines for a request to arrive, counted by Node from its first byte (a fresh connection's from the connection):
 * its request line and headers within HEADERS_TIMEOUT_MS, all of it (body included) within REQUEST_TIMEOUT_MS; past
 * either the caller gets the 408 envelope and the connection is closed. No process reads a large body (uploads go
 * straight to object storage; the gateway takes at most 1 MiB and has its own, shorter body deadline), so a request
 * still arriving after this long is a stuck or hostile client. Node checks them every CONNECTIONS_CHECK_INTERVAL_MS.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTIONS_CHECK_INTERVAL_MS = 1000;
/** Idle keep-alive connections are closed after this long (longer than a typical load balancer's 60 s idle timeout). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** What an app may ask of the listener that serves it (withServerLimits). */
export interface ServerLimits {
  /**
   * Connections one client address (the socket's peer) may hold open at once; the next one is answered 429
   * `rate_limited` with Retry-After on the raw socket and closed. Omit: no cap.
   */
  maxConnectionsPerAddress?: number;
  /** Peers the cap does not apply to (proxies in front of the listener, whose connections carry many clients). */
  exempt?(address: string): boolean;
}

const limitsOfApps = new WeakMap<Express, ServerLimits>();

/**
 * Asks the listener that will serve `app` (startHttpServer, which @studio/process calls for a process's `http` part)
 * for `limits`. Returns the app.
 */
export function withServerLimits(app: Express, limits: ServerLimits): Express {
  limitsOfApps.set(app, limits);
  return app;
}

interface ConnectionState {
  /** Requests seen on this connection. */
  requests: number;
  /** Responses not finished yet. */
  inFlight: Set<http.ServerResponse>;
  /** The last request seen and its response (a deadline may expire on a request already answered). */
  last: { req: http.IncomingMessage; res: http.ServerResponse } | null;
  /** The client address counted against the per-address cap (null: not counted). */
  address: string | null;
}

/** `::ffff:10.0.0.1` (a v4 peer on a dual-stack socket) -> `10.0.0.1`. */
const peerAddress = (socket: net.Socket): string | null => {
  const address = socket.remoteAddress;
  if (!address) return null;
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
};

/**
 * Answers a connection past its address's cap with the raw 429 and ends it. What the client sends meanwhile is read
 * and dropped (unread input would turn the close into a reset that can destroy the answer before it is read); the
 * connection is destroyed once the client ends it, or after FRESH_CONNECTION_GRACE_MS.
 */
function refuseConnection(socket: net.Socket): void {
  socket.end(rawTransportAnswer('too_many_connections'));
  setTimeout(() => socket.destroy(), FRESH_CONNECTION_GRACE_MS).unref();
}

export function startHttpServer(app: Express, port: number, host = '127.0.0.1'): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const limits = limitsOfApps.get(app) ?? {};
    const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.requestTimeout = REQUEST_TIMEOUT_MS;

    const connections = new Map<net.Socket, ConnectionState>();
    /** Open connections per client address, for the cap (only counted when there is a cap). */
    const perAddress = new Map<string, number>();
    const maxPerAddress = limits.maxConnectionsPerAddress;

    server.on('clientError', (err: NodeJS.ErrnoException, socket: net.Socket) => {
      // A deadline that expired on a request already answered (the app answered before its body arrived): the
      // connection is closed as it is, never given a second answer.
      const last = connections.get(socket)?.last;
      if (last && !last.req.complete && last.res.headersSent) {
        socket.destroy();
        return;
      }
      answerClientError(err, socket);
    });
    // An Expect other than 100-continue: Node's own answer would be a bare 417.
    server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      sendTransportAnswer(res, 'expectation');
    });
    let closing = false;
    /** During a close: ends a connection that has been used and has no answer left to write. */
    const closeIfDrained = (socket: net.Socket, state: ConnectionState) => {
      if (closing && state.inFlight.size === 0 && state.requests > 0) socket.destroySoon();
    };
    /**
     * Puts one connection on its way out once the close has begun (the overall grace timer bounds all of it):
     * answers still to be written will say `connection: close`; a used connection ends when its answers are out;
     * a fresh one that has sent nothing gets FRESH_CONNECTION_GRACE_MS to send its request.
     */
    const drainConnection = (socket: net.Socket, state: ConnectionState) => {
      for (const res of state.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      if (state.requests > 0) closeIfDrained(socket, state);
      else setTimeout(() => state.requests === 0 && socket.destroy(), FRESH_CONNECTION_GRACE_MS).unref();
    };
    server.on('connection', (socket: net.Socket) => {
      let address: string | null = null;
      if (maxPerAddress !== undefined) {
        const peer = peerAddress(socket);
        if (peer !== null && !limits.exempt?.(peer)) {
          const open = perAddress.get(peer) ?? 0;
          if (open >= maxPerAddress) {
            refuseConnection(socket);
            return;
          }
          perAddress.set(peer, open + 1);
          address = peer;
        }
      }
      const state: ConnectionState = { requests: 0, inFlight: new Set(), last: null, address };
      connections.set(socket, state);
      socket.once('close', () => {
        connections.delete(socket);
        if (state.address === null) return;
        const open = (perAddress.get(state.address) ?? 1) - 1;
        if (open > 0) perAddress.set(state.address, open);
        else perAddress.delete(state.address);
      });
      if (closing) drainConnection(socket, state);
    });
    // The bookkeeping runs before the app, so an answer written at once during a close still says `connection: close`.
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      const state = connections.get(socket);
      // A refused connection (past its address's cap) has had its answer: what it sends is not served.
      if (!state) return;
      state.requests++;
      state.inFlight.add(res);
      state.last = { req, res };
      if (closing) res.shouldKeepAlive = false;
      res.once('close', () => {
        state.inFlight.delete(res);
        closeIfDrained(socket, state);
      });
      res.setHeader(NOSNIFF[0], NOSNIFF[1]);
      app(req, res);
    });

    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actualPort,
        close: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            closing = true;
            const timer = setTimeout(() => {
              server.closeAllConnections();
              done();
            }, graceMs);
            timer.unref();
            // net.Server's close: stop listening, and call back once every connection has ended. (http.Server's
            // close() would first destroy every connection without a request in progress, fresh ones included.)
            net.Server.prototype.close.call(server, () => {
              clearTimeout(timer);
              done();
            });
            for (const [socket, state] of connections) drainConnection(socket, state);
          }),
      });
    });
  });
}
