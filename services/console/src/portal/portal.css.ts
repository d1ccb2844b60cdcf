/**
 * portal.css, served fingerprinted and precompressed (http/portal.routes.ts). A TS constant rather than a file so the
 * production bundle carries it. Colours meet WCAG AA contrast (text 4.5:1, controls 3:1); every control shows a
 * visible focus ring (two colours, so it shows on a light page and on a photo); nothing moves for a person who asked
 * for reduced motion. The grid is 2 columns on a phone and up to 6 on a wide screen; tiles are square crops whose
 * size is known before the thumbnail arrives, so nothing shifts while the page loads.
 */
export const PORTAL_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1b1f24; background: #ffffff; -webkit-text-size-adjust: 100%; }
body { margin: 0; }
[hidden] { display: none !important; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; box-shadow: 0 0 0 5px #ffffff; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0; overflow-wrap: anywhere; }
button { font: inherit; cursor: pointer; }
.bar { display: flex; flex-wrap: wrap; align-items: end; justify-content: space-between; gap: 0.75rem 1.5rem; max-width: 110rem; margin: 0 auto; padding: 1rem 0.75rem 0.5rem; }
.meta { margin: 0.25rem 0 0; color: #4d5761; }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; }
.filter, .primary { padding: 0.5rem 1rem; border: 1px solid #0b57d0; border-radius: 999px; background: #ffffff; color: #0b57d0; min-height: 2.75rem; }
.filter[aria-pressed="true"], .primary { background: #0b57d0; color: #ffffff; }
.fav-count { color: #4d5761; }
main { display: block; max-width: 110rem; margin: 0 auto; padding: 0.5rem 0.75rem 2rem; }
main.message { max-width: 40rem; padding-top: 3rem; }
main.message p { margin: 1rem 0 1.5rem; }
main h1:focus { outline: none; box-shadow: none; }
.loading, .empty { color: #4d5761; }
.grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.5rem; }
@media (min-width: 40rem) { .grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
@media (min-width: 56rem) { .grid { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
@media (min-width: 72rem) { .grid { grid-template-columns: repeat(5, minmax(0, 1fr)); } }
@media (min-width: 88rem) { .grid { grid-template-columns: repeat(6, minmax(0, 1fr)); } }
.grid li { position: relative; }
.open { display: block; width: 100%; padding: 0; border: 0; border-radius: 4px; background: #e6e8eb; overflow: hidden; aspect-ratio: 1; }
.open img { display: block; width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; }
.failed .open img { display: none; }
.failed-text { display: flex; height: 100%; align-items: center; justify-content: center; color: #1b1f24; font-size: 0.875rem; }
.fav { position: absolute; right: 0.25rem; bottom: 0.25rem; width: 2.75rem; height: 2.75rem; padding: 0.5rem; border: 0; border-radius: 50%; background: rgba(20, 22, 26, 0.72); color: #ffffff; }
.fav svg { display: block; width: 100%; height: 100%; fill: none; stroke: currentColor; stroke-width: 2; }
.fav[aria-pressed="true"] { color: #ff5c7a; }
.fav[aria-pressed="true"] svg { fill: currentColor; }
.sentinel { height: 1px; }
.status:empty { display: none; }
.status { position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); max-width: calc(100% - 2rem); margin: 0; padding: 0.75rem 1rem; border-radius: 6px; background: #1b1f24; color: #ffffff; z-index: 2; }
.viewer { width: 100%; height: 100%; max-width: none; max-height: none; margin: 0; padding: 0; border: 0; background: #111317; color: #ffffff; touch-action: pan-y pinch-zoom; }
.viewer[open] { display: flex; flex-direction: column; }
.viewer::backdrop { background: #111317; }
.stage { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; padding: 0.5rem; }
.stage img { display: block; max-width: 100%; max-height: 100%; width: auto; height: auto; object-fit: contain; }
.controls { display: flex; justify-content: center; gap: 0.75rem; padding: 0.5rem 0.75rem 1rem; }
.controls button { min-width: 2.75rem; height: 2.75rem; padding: 0 0.75rem; border: 1px solid #8c959f; border-radius: 999px; background: #24292f; color: #ffffff; font-size: 1.5rem; line-height: 1; }
.controls button[aria-disabled="true"] { opacity: 0.45; cursor: default; }
.controls .fav { position: static; width: 2.75rem; padding: 0.5rem; }
@media (prefers-reduced-motion: reduce) { *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; } }
`;
