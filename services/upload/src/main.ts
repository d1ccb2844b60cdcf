/** The upload API process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { uploadProcess } from './app.js';
import { loadUploadConfig } from './config.js';

await runProcess(uploadProcess, loadUploadConfig());
