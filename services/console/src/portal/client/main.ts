/** The client portal's script (bundled by scripts/bundle-portal.mjs; loaded with `defer`, so the DOM is there). */
import { start } from './app.js';

start(window);
