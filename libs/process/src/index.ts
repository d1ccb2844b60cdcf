/**
 * @studio/process: the one shape of a deployable. `defineProcess` (define.ts) describes a process's parts and owns
 * their start and graceful stop order; `createProcessCore` (core.ts) is what every core.ts starts from (logger,
 * metrics); `runProcess` (run.ts) is a main.ts: signals, telemetry, exit codes. The
 * operator CLIs' command table, argument parsing and exit codes are in `@studio/process/cli`.
 */
export {
  BROKER_READINESS_CHECK,
  defineProcess,
  type BrokerPart,
  type ListenAt,
  type ProcessContext,
  type ProcessDefinition,
  type ProcessInstance,
  type ProcessParts,
  type ProcessPorts,
  type ProcessSettings,
  type ProcessSpec,
  type RunningConsumer,
  type RunningLoop,
} from './define.js';
export { apiAppOptions, createProcessCore, systemClock, type CoreDeps, type ProcessCore, type ServiceDeps } from './core.js';
export { runProcess, type ProcessConfig } from './run.js';
