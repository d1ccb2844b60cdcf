import { ensureChromium } from './lib/browser.js';
import { provision } from './lib/infra.js';

await provision();
// The black-box tier drives a real browser (test/api-docs.test.ts).
ensureChromium();
console.log('[provision] done');
