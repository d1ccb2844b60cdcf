import { provision } from './lib/infra.js';

await provision();
console.log('[provision] done');
