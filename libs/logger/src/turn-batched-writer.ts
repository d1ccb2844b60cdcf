/**
 * Log lines to a file descriptor (stdout), one write(2) per event-loop turn (issue 15: logging must be cheap).
 *
 * pino's default writes each line with its own synchronous write(2); its asynchronous destination (sonic-boom,
 * sync: false) hands each write to libuv's thread pool, which under load cost 0.02-0.07 ms of CPU a request in the
 * studio process (thread hand-offs and wake-ups) for about 0.01 ms of formatting. Here the lines written during one
 * turn of the event loop are joined and written once, synchronously, from a setImmediate: under load a write
 * carries every request of the turn, at rest a line still leaves within the turn it was written in, and no thread
 * is involved.
 *
 * Backpressure: a descriptor in non-blocking mode (a pipe whose reader is behind) answers EAGAIN or takes part of
 * the text. What it did not take is kept, in order, and tried again a millisecond later while new lines queue behind
 * it; nothing is dropped while the descriptor is usable (EPIPE or EBADF drop what is queued rather than crash the
 * process over its logs). Past `maxPendingBytes` the writer blocks (as pino's synchronous default always does)
 * until the reader catches up, so a stuck reader cannot grow the heap without bound. On process exit whatever is
 * queued is written synchronously (`flushSync`), so a crash that exits the process loses no line.
 */
import { writevSync } from 'node:fs';

/** writev(2): how many bytes of `buffers` (in order) the descriptor took; throws EAGAIN when it took none. */
export type WriteFn = (fd: number, buffers: Buffer[]) => number;

export interface TurnBatchedWriterOptions {
  fd: number;
  /**
   * Queued bytes past which a write blocks until the descriptor takes them (default 16 MiB). The current turn's
   * lines count in UTF-16 units until they are encoded (exact for ASCII; other text may hold up to three times
   * as many bytes), so that a line costs no byte count on the way in.
   */
  maxPendingBytes?: number;
  /** For tests: the writev(2) to use (default fs.writevSync). */
  write?: WriteFn;
  /** For tests: how the next try is scheduled (default setImmediate for a turn, setTimeout 1 ms after EAGAIN). */
  schedule?: { turn(fn: () => void): void; later(fn: () => void): void };
  /** For tests: how a blocked write waits before it tries again (default 1 ms, Atomics.wait). */
  pause?: () => void;
}

const DEFAULT_MAX_PENDING = 16 * 1024 * 1024;
/** Buffers handed to one writev(2) at most (Linux's IOV_MAX is 1024). */
const MAX_IOV = 1024;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function isBusy(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EBUSY';
}

export class TurnBatchedWriter {
  private lines: string[] = [];
  /** Length of `lines` in UTF-16 units (not bytes: see maxPendingBytes). */
  private pendingChars = 0;
  /** Batches the descriptor has not taken yet, oldest first (a reader that is behind; never copied again). */
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private readonly fd: number;
  private readonly maxPendingBytes: number;
  private readonly writeFn: WriteFn;
  private readonly schedule: { turn(fn: () => void): void; later(fn: () => void): void };
  private readonly pause: () => void;

  constructor(options: TurnBatchedWriterOptions) {
    this.fd = options.fd;
    this.maxPendingBytes = options.maxPendingBytes ?? DEFAULT_MAX_PENDING;
    this.writeFn = options.write ?? ((fd, buffers) => writevSync(fd, buffers));
    this.schedule = options.schedule ?? {
      turn: (fn) => setImmediate(fn),
      later: (fn) => setTimeout(fn, 1).unref(),
    };
    this.pause = options.pause ?? (() => Atomics.wait(sleeper, 0, 0, 1));
  }

  /** Queues one line (pino passes each line with its newline); it is written at the end of this turn. */
  write(line: string): boolean {
    this.lines.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars + this.queuedBytes > this.maxPendingBytes) {
      this.flushSync();
      return true;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule.turn(this.flushTurn);
    }
    return true;
  }

  /** pino's `logger.flush(cb)`: writes what is queued now (blocking if it must) and calls back. */
  flush(cb?: (err?: Error) => void): void {
    try {
      this.flushSync();
      cb?.();
    } catch (err) {
      cb?.(err as Error);
    }
  }

  /** Writes everything queued, waiting for a busy descriptor; for exit and for the pending-bytes bound. */
  flushSync(): void {
    this.takeLines();
    while (this.queue.length > 0) {
      if (!this.writeSome()) this.pause();
    }
  }

  private readonly flushTurn = (): void => {
    this.scheduled = false;
    this.takeLines();
    while (this.queue.length > 0 && this.writeSome()) {
      // a partial write: the descriptor may take more at once
    }
    if (this.queue.length > 0) this.retryLater();
  };

  private retryLater(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule.later(this.flushTurn);
  }

  /** Moves the turn's lines, as one buffer, behind whatever earlier writes left. */
  private takeLines(): void {
    if (this.lines.length === 0) return;
    const batch = Buffer.from(this.lines.join(''), 'utf8');
    this.lines = [];
    this.pendingChars = 0;
    this.queue.push(batch);
    this.queuedBytes += batch.length;
  }

  /**
   * One writev(2) of what is queued; false when the descriptor took nothing. Busy, it is kept for the next try;
   * any other error (EPIPE: the reader is gone; EBADF) means the descriptor takes nothing any more, and what is queued
   * is dropped rather than crash the process over its logs.
   */
  private writeSome(): boolean {
    let n: number;
    try {
      n = this.writeFn(this.fd, this.queue.length > MAX_IOV ? this.queue.slice(0, MAX_IOV) : this.queue);
    } catch (err) {
      if (!isBusy(err)) {
        this.queue = [];
        this.queuedBytes = 0;
      }
      return false;
    }
    const wrote = n;
    this.queuedBytes -= n;
    let taken = 0;
    while (taken < this.queue.length && n >= this.queue[taken]!.length) n -= this.queue[taken++]!.length;
    if (taken > 0) this.queue.splice(0, taken);
    if (n > 0) this.queue[0] = this.queue[0]!.subarray(n);
    return wrote > 0;
  }
}
