/**
 * @studio/logger: JSON logs (pino). Every line written inside a call carries the call's `request_id`,
 * `trace_id`, `span_id` (and `parent_span_id` when the caller had a span): the call context of @studio/trace
 * lives in an AsyncLocalStorage, so it follows the call through awaits, gRPC and AMQP code.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { logFields } from '@studio/trace';

export type { Logger };

export interface LoggerOptions {
  service: string;
  level?: LevelWithSilent;
  /** Where lines go (default stdout); tests pass a stream that keeps them. */
  destination?: DestinationStream;
}
/**
 * Standard output, written asynchronously (issue 15: logging must be cheap). pino's default writes each line with its
 * own synchronous write(2): one system call per request per process with access logs on. Asynchronous, the lines
 * that arrive while a write is in flight go out together in the next one, so under load a write carries many lines,
 * and at rest each line still leaves at once (nothing waits for a buffer to fill). pino flushes what is left
 * synchronously when the process exits (its exit hook on asynchronous destinations), so a crash that exits the
 * process loses no line; only a SIGKILL can cut the last write short, as it could cut a synchronous one.
 */
function stdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
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
