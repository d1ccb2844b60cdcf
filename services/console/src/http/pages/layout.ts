/**
 * The frame of every page: `<html lang="en">`, a title, a skip link, the landmarks (header with the nav, main) and
 * one h1 (each page passes its heading). The stylesheet and the script are the fingerprinted static files; nothing is
 * inline (the Content-Security-Policy allows no inline script, style or style attribute).
 */
import { html, type Html, type HtmlValue } from './html.js';

/** Where the fingerprinted static files are served (http/assets.routes.ts). */
export interface AssetUrls {
  css: string;
  js: string;
}

/** The signed-in person as the frame shows them: the nav and its sign-out forms (which carry the CSRF token). */
export interface Viewer {
  email: string;
  csrfToken: string;
}

export type NavItem = 'tokens' | 'workspaces';

export interface PageFrame {
  assets: AssetUrls;
  /** Null on the signed-out pages (sign-in, set-password, reset, most error pages): a nav to sign in. */
  viewer: Viewer | null;
  /** Which nav entry is the current page. */
  current?: NavItem;
}

export interface PageContent {
  /** The h1 and the start of the title. */
  heading: string;
  body: HtmlValue;
}

/** The hidden CSRF field of every signed-in form. */
export const csrfField = (token: string): Html => html`<input type="hidden" name="csrf" value="${token}">`;

function nav(viewer: Viewer, current: NavItem | undefined): Html {
  const link = (item: NavItem, href: string, text: string) =>
    html`<li><a href="${href}"${current === item ? html` aria-current="page"` : ''}>${text}</a></li>`;
  return html`<nav aria-label="Main">
<ul class="nav">
${link('tokens', '/console/tokens', 'Tokens')}
${link('workspaces', '/console/workspaces', 'Workspaces')}
<li><form method="post" action="/console/sign-out" class="inline">${csrfField(viewer.csrfToken)}<button type="submit" class="link">Sign out</button></form></li>
<li><form method="post" action="/console/sign-out-everywhere" class="inline">${csrfField(viewer.csrfToken)}<button type="submit" class="link">Sign out everywhere</button></form></li>
</ul>
<p class="who">Signed in as ${viewer.email}</p>
</nav>`;
}

/** Every page has its nav; a signed-out person's leads to the sign-in page. */
const signedOutNav = html`<nav aria-label="Main">
<ul class="nav"><li><a href="/console/sign-in">Sign in</a></li></ul>
</nav>`;

export function page(frame: PageFrame, content: PageContent): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.heading} - Studio console</title>
<link rel="stylesheet" href="${frame.assets.css}">
<script src="${frame.assets.js}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
<p class="brand"><a href="/console/">Studio console</a></p>
${frame.viewer ? nav(frame.viewer, frame.current) : signedOutNav}
</header>
<main id="main" tabindex="-1">
<h1>${content.heading}</h1>
${content.body}
</main>
</body>
</html>
`;
}
