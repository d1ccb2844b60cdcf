/**
 * @studio/logger: JSON logs (pino). Every line written inside a call carries the call's `request_id`,
 * `trace_id`, `span_id` (and `parent_span_id` when the caller had a span): the call context of @studio/trace
 * lives in an AsyncLocalStorage, so it follows the call through awaits, gRPC and AMQP code.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { logFields } from '@studio/trace';
import { TurnBatchedWriter } from './turn-batched-writer.js';

export type { Logger };

export interface LoggerOptions {
  service: string;
  level?: LevelWithSilent;
  /** Where lines go (default stdout); tests pass a stream that keeps them. */
  destination?: DestinationStream;
}
/**
 * Standard output, one write(2) per event-loop turn (turn-batched-writer.ts; issue 15: logging must be cheap). What
 * is queued when the process exits is written synchronously, so a crash that exits the process loses no line; only a
 * SIGKILL can lose the current turn's lines.
 */
let stdoutWriter: TurnBatchedWriter | null = null;
function stdout(): DestinationStream {
  if (!stdoutWriter) {
    // One writer for the process: every logger's lines of a turn go out in one write, in the order they came.
    const writer = (stdoutWriter = new TurnBatchedWriter({ fd: 1 }));
    process.once('exit', () => writer.flushSync());
  }
  return stdoutWriter;
}

export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => logFields(),
    },
    destination ?? stdout(),
  );
}

/**
 * The access log: one `info` line per unit of work a process takes (HTTP request, gRPC call, consumed
 * message), tagged `log: "access"`. Like a web server's access log it is its own stream: ACCESS_LOG switches
 * it, LOG_LEVEL (which filters diagnostics) does not, except that a silent logger stays silent.
 */
export function createAccessLogger(logger: Logger, enabled: boolean): Logger {
  const on = enabled && logger.level !== 'silent';
  return logger.child({ log: 'access' }, { level: on ? 'info' : 'silent' });
}
