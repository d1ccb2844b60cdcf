/** The gallery process (see app.ts): configuration parsed once, then @studio/process runs it. */
import { runProcess } from '@studio/process';
import { galleryProcess } from './app.js';
import { loadGalleryConfig } from './config.js';

await runProcess(galleryProcess, loadGalleryConfig());
