/** The studio process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { studioProcess } from './app.js';
import { loadStudioConfig } from './config.js';

await runProcess(studioProcess, loadStudioConfig());
