/**
 * The portal's HTML: the shell the script fills in, and the 404 page of any other /portal address. No inline script
 * or style (the policy refuses both); the page's text before the script runs is a loading line, or without JavaScript
 * a sentence saying it is needed. The link's token is in the fragment, so the shell is the same for every gallery.
 */
import { html, type Html } from '../http/pages/html.js';

export interface PortalAssetUrls {
  css: string;
  js: string;
  /** The tab's icon (an SVG of our own: without it the browser asks for /favicon.ico and logs a 404). */
  icon: string;
}

export function portalShell(assets: PortalAssetUrls, imageOrigins: readonly string[]): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>Gallery</title>
<link rel="icon" href="${assets.icon}" type="image/svg+xml">
${imageOrigins.map((origin) => html`<link rel="preconnect" href="${origin}">\n`)}<link rel="stylesheet" href="${assets.css}">
<script defer src="${assets.js}"></script>
</head>
<body>
<main id="app">
<p class="loading">Loading the gallery…</p>
<noscript><p>This gallery needs JavaScript. Turn it on and reload the page.</p></noscript>
</main>
<p id="portal-status" class="status" role="status"></p>
</body>
</html>
`;
}

export function portalNotFound(assets: PortalAssetUrls): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · Gallery</title>
<link rel="icon" href="${assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${assets.css}">
</head>
<body>
<main class="message">
<h1>Page not found</h1>
<p>There is nothing at this address. Open the gallery link your photographer sent you.</p>
</main>
</body>
</html>
`;
}
