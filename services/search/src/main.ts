/** The search process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { searchProcess } from './app.js';
import { loadSearchConfig } from './config.js';

await runProcess(searchProcess, loadSearchConfig());
