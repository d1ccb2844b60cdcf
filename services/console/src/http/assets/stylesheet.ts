/**
 * console.css, served fingerprinted (http/assets.routes.ts). Written here rather than as a file beside the sources so
 * that the production bundle (one .mjs per entry) carries it. Colours meet WCAG AA contrast; every focusable element
 * shows a visible focus ring; nothing depends on colour alone.
 */
export const CONSOLE_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1b1f24; background: #ffffff; }
body { margin: 0; }
[hidden] { display: none !important; }
a { color: #0b57d0; }
a:hover { color: #083f99; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: #1b1f24; color: #ffffff; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
.site-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; padding: 0.75rem 1.5rem; border-bottom: 1px solid #d0d7de; }
.brand { margin: 0; font-weight: 700; }
.brand a { color: inherit; text-decoration: none; }
.nav { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; list-style: none; margin: 0; padding: 0; }
.nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
.who { margin: 0; color: #4d5761; font-size: 0.875rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; }
form.stacked { display: grid; gap: 1rem; max-width: 28rem; }
form.inline { display: inline; margin: 0; }
.field { display: grid; gap: 0.25rem; }
.field.checkbox { display: flex; align-items: center; gap: 0.5rem; }
label { font-weight: 600; }
input[type="text"], input[type="email"], input[type="password"], input[type="date"], select {
  font: inherit; padding: 0.5rem 0.625rem; border: 1px solid #6e7781; border-radius: 4px; background: #ffffff; color: inherit; min-width: 0; }
input[aria-invalid="true"], select[aria-invalid="true"] { border: 2px solid #b3261e; }
input[type="checkbox"] { width: 1.25rem; height: 1.25rem; }
.hint { margin: 0; color: #4d5761; font-size: 0.875rem; }
.field-error { margin: 0; color: #b3261e; font-weight: 600; }
.alert { padding: 0.75rem 1rem; border: 2px solid #b3261e; border-radius: 4px; color: #8c1d18; background: #fdf0ef; }
.notice { padding: 0.75rem 1rem; border: 2px solid #1a7f37; border-radius: 4px; background: #eef8f0; }
.warning { padding: 0.5rem 0.75rem; border-left: 4px solid #9a6700; background: #fff8e5; color: #5c3d00; margin: 0; }
button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #0b57d0; border-radius: 4px; background: #0b57d0; color: #ffffff; cursor: pointer; }
button:hover { background: #083f99; }
button.secondary { background: #ffffff; color: #0b57d0; }
button.danger { border-color: #b3261e; background: #ffffff; color: #b3261e; }
button.link { border: none; background: none; color: #0b57d0; padding: 0; text-decoration: underline; }
.secret { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.secret input { flex: 1 1 24rem; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 700; padding: 0.5rem 0; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
td .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
td .actions form { display: flex; gap: 0.5rem; align-items: end; flex-wrap: wrap; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.muted { color: #4d5761; }
`;
