/** The console process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { consoleProcess } from './app.js';
import { loadConsoleConfig } from './config.js';

await runProcess(consoleProcess, loadConsoleConfig());
