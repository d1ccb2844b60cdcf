/**
 * The listening side of every HTTP process: a Node http.Server for an express app, with parser-level errors
 * answered in the API's envelope (answerClientError) and a graceful close that tracks each keep-alive connection
 * so no request that reached the process is dropped or reset while it shuts down.
 */
import http from 'node:http';
import net from 'node:net';
import type { Express } from 'express';
import { answerClientError } from './error-response.js';

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

interface ConnectionState {
  /** Requests seen on this connection. */
  requests: number;
  /** Responses not finished yet. */
  inFlight: Set<http.ServerResponse>;
}

export function startHttpServer(app: Express, port: number, host = '127.0.0.1'): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('clientError', answerClientError);

    const connections = new Map<net.Socket, ConnectionState>();
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
      const state: ConnectionState = { requests: 0, inFlight: new Set() };
      connections.set(socket, state);
      socket.once('close', () => connections.delete(socket));
      if (closing) drainConnection(socket, state);
    });
    // Before the app's listener, so an answer written at once during a close still says `connection: close`.
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      const state = connections.get(socket);
      if (!state) return;
      state.requests++;
      state.inFlight.add(res);
      if (closing) res.shouldKeepAlive = false;
      res.once('close', () => {
        state.inFlight.delete(res);
        closeIfDrained(socket, state);
      });
    });
    server.on('request', app);

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
