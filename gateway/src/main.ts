/** The gateway process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { gatewayProcess } from './app.js';
import { loadGatewayConfig } from './config.js';

await runProcess(gatewayProcess, loadGatewayConfig());
