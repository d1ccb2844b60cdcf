/**
 * How a deployable's process runs (its main.ts is one call): telemetry on, start (exit 1 when that fails, after
 * stopping what did start), one line when up, then a graceful stop on the first SIGTERM or SIGINT with a hard
 * deadline: exit 0 once stopped, 1 when stopping fails or outlasts the grace plus a margin.
 */
import v8 from 'node:v8';
import type { TelemetrySettings } from '@studio/config';
import { startTelemetry } from '@studio/telemetry';
import type { ProcessDefinition, ProcessSettings } from './define.js';

/** What every process's config has (camelCase, from its one zod schema). */
export interface ProcessConfig extends ProcessSettings {
  telemetry: TelemetrySettings;
}

export async function runProcess<Config extends ProcessConfig, Deps, Exposed>(
  definition: ProcessDefinition<Config, Deps, Exposed>,
  config: Config,
  deps?: Deps,
): Promise<void> {
  const { name, messages } = definition;
  for (const flag of definition.v8Flags ?? []) v8.setFlagsFromString(flag);
  const instance = definition.create(config, deps);
  const { logger } = instance;
  const telemetry = await startTelemetry({ role: name, ...config.telemetry, logger });
  const finish = async (code: number): Promise<never> => {
    await telemetry.shutdown().catch(() => undefined);
    process.exit(code);
  };

  let ports;
  try {
    ports = await instance.start();
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    await instance.stop().catch(() => undefined);
    return finish(1);
  }

  let stopping = false;
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, messages?.stopping ?? `${name} shutting down`);
    const hardStop = setTimeout(
      () => {
        logger.error(messages?.overdue ?? 'shutdown took too long; exiting');
        process.exit(1);
      },
      config.shutdownGraceMs + (definition.hardStopMarginMs ?? 5_000),
    );
    hardStop.unref();
    let code = 0;
    try {
      await instance.stop();
      logger.info(`${name} stopped`);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      code = 1;
    }
    await finish(code);
  }
  // Before the started line: whoever waits for it may signal at once.
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
  logger.info({ ...ports, host: config.host, ...definition.startedFields?.(config, ports) }, messages?.started ?? `${name} listening`);
}
