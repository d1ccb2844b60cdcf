/**
 * The signed-in pages about API tokens: the list with its create form (GET /console/tokens), the page that shows a
 * new secret once (after create and roll), and the workspaces page. Every form carries the session's CSRF token.
 */
import type { NewToken, TokenInfo, WorkspaceRole } from '../../grpc/studio-accounts.client.js';
import { customDayRange, type Expiration } from '../../services/token-expiry.js';
import { type FieldErrors, OVERLAPS } from '../forms.schema.js';
import { checkboxField, inputField, problemSummary, selectField } from './forms.js';
import { html, type Html } from './html.js';
import { csrfField, page, type PageFrame } from './layout.js';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** An ISO time as a <time> a person reads ("28 Nov 2026, 12:08 UTC"); `never` when there is none. */
export function when(iso: string | null, never = 'Never'): Html {
  if (!iso) return html`${never}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  return html`<time datetime="${date.toISOString()}">${DATE_TIME.format(date)} UTC</time>`;
}

const EXPIRY_OPTIONS: readonly { value: Expiration; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom date' },
  { value: 'none', label: 'No expiration' },
];

export const NO_EXPIRY_WARNING = 'Tokens without an expiration are a risk if leaked.';

/** What the create form shows again after a problem (the values typed, the sentences). */
export interface CreateFormState {
  name?: string;
  workspace?: string;
  readOnly?: boolean;
  expiration?: Expiration;
  expirationDate?: string;
  errors?: FieldErrors;
}

export interface TokensView {
  csrf: string;
  tokens: TokenInfo[];
  workspaces: WorkspaceRole[];
  now: Date;
  form?: CreateFormState;
  /** A sentence about the last action that failed (studio's, e.g. a revoked token cannot be rolled). */
  message?: string;
  /** A sentence about the last action that worked ("Token revoked."). */
  notice?: string;
}

function state(t: TokenInfo, now: Date): 'active' | 'revoked' | 'expired' {
  if (t.revokedAt) return 'revoked';
  if (t.expiresAt && new Date(t.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function tokenRow(t: TokenInfo, csrf: string, now: Date): Html {
  const s = state(t, now);
  const overlapId = `overlap-${t.id}`;
  const actions =
    s === 'revoked'
      ? html`<span class="muted">Revoked ${when(t.revokedAt)}</span>`
      : html`<div class="actions">
${
  s === 'active' &&
  html`<form method="post" action="/console/tokens/${t.id}/roll">
${csrfField(csrf)}
<div class="field"><label for="${overlapId}">Keep the old secret working for</label>
<select id="${overlapId}" name="overlap">${OVERLAPS.map((o) => html`<option value="${o.value}">${o.label}</option>`)}</select></div>
<button type="submit" class="secondary">Roll</button>
</form>`
}
<form method="post" action="/console/tokens/${t.id}/revoke">
${csrfField(csrf)}
<button type="submit" class="danger" aria-label="Revoke token ${t.name}">Revoke</button>
</form>
</div>`;
  return html`<tr>
<th scope="row">${t.name}${s !== 'active' && html` <span class="muted">(${s})</span>`}</th>
<td><code>${t.prefix}</code></td>
<td>${t.workspaceId ? t.workspaceName || t.workspaceId : 'All workspaces'}</td>
<td>${t.readOnly ? 'Read-only' : 'Read and write'}</td>
<td>${when(t.createdAt)}</td>
<td>${when(t.lastUsedAt)}</td>
<td>${when(t.expiresAt)}${t.previousValidUntil && html`<br><span class="muted">Previous secret until ${when(t.previousValidUntil)}</span>`}</td>
<td>${actions}</td>
</tr>`;
}

function createForm(v: TokensView): Html {
  const f = v.form ?? {};
  const errors = f.errors ?? {};
  const expiration = f.expiration ?? '30';
  const { min, max } = customDayRange(v.now);
  return html`<section aria-labelledby="create-heading">
<h2 id="create-heading">Create token</h2>
<form method="post" action="/console/tokens" class="stacked" novalidate>
${csrfField(v.csrf)}
${inputField({ name: 'name', label: 'Name', type: 'text', value: f.name, error: errors.name, hint: 'What the token is for, e.g. "Lightroom export".', autocomplete: 'off', required: true })}
${selectField({
  name: 'workspace',
  label: 'Workspace',
  options: [{ value: '', label: 'All workspaces' }, ...v.workspaces.map((w) => ({ value: w.id, label: w.name }))],
  selected: f.workspace ?? '',
  error: errors.workspace,
  hint: 'The token can reach only this workspace, or all of yours.',
})}
${checkboxField({ name: 'read_only', label: 'Read-only', checked: f.readOnly ?? false, hint: 'A read-only token can read but not change anything.' })}
${selectField({
  name: 'expiration',
  label: 'Expiration',
  options: EXPIRY_OPTIONS,
  selected: expiration,
  error: errors.expiration,
  data: { expiry: '', 'date-field': 'expiration-date-field', warning: 'no-expiry-warning' },
  describedBy: ['no-expiry-warning'],
})}
<div id="expiration-date-field"${expiration !== 'custom' && html` hidden`}>
${inputField({ name: 'expiration_date', label: 'Expiration date', type: 'date', value: f.expirationDate, error: errors.expiration_date, min, max })}
</div>
<p id="no-expiry-warning" class="warning"${expiration !== 'none' && html` hidden`}>${NO_EXPIRY_WARNING}</p>
<div><button type="submit">Create token</button></div>
</form>
</section>`;
}

export function tokensPage(frame: PageFrame, v: TokensView): Html {
  const rows =
    v.tokens.length === 0
      ? html`<tr><td colspan="8">You have no API tokens yet.</td></tr>`
      : v.tokens.map((t) => tokenRow(t, v.csrf, v.now));
  return page(
    { ...frame, current: 'tokens' },
    {
      heading: 'API tokens',
      body: html`${problemSummary(v.message, v.form?.errors, { expiration_date: 'expiration_date' })}
${v.notice && html`<p class="notice" role="status">${v.notice}</p>`}
<p>Tokens let your scripts and apps call the Studio API as you. Treat each one like a password.</p>
<div class="table-wrap">
<table>
<caption>API tokens</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Token</th><th scope="col">Workspace</th><th scope="col">Permission</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
${createForm(v)}`,
    },
  );
}

export function newTokenPage(frame: PageFrame, issued: NewToken, rolled: boolean): Html {
  const t = issued.info;
  return page(
    { ...frame, current: 'tokens' },
    {
      heading: 'Copy your new token',
      body: html`<p class="notice" id="new-token-hint">You will not be able to see it again.</p>
<p>Copy it now and keep it somewhere safe, like a password manager.</p>
<div class="field">
<label for="new-token">New token</label>
<div class="secret">
<input id="new-token" type="text" value="${issued.secret}" readonly autocomplete="off" spellcheck="false" aria-describedby="new-token-hint">
<button type="button" data-copy-target="new-token" data-copy-status="copy-status">Copy</button>
</div>
<p id="copy-status" class="hint" role="status"></p>
</div>
<dl>
<dt>Name</dt><dd>${t.name}</dd>
<dt>Workspace</dt><dd>${t.workspaceId ? t.workspaceName || t.workspaceId : 'All workspaces'}</dd>
<dt>Permission</dt><dd>${t.readOnly ? 'Read-only' : 'Read and write'}</dd>
<dt>Expires</dt><dd>${when(t.expiresAt)}</dd>
${rolled && html`<dt>Previous secret</dt><dd>${t.previousValidUntil ? html`Works until ${when(t.previousValidUntil)}` : 'No longer works'}</dd>`}
</dl>
<p><a href="/console/tokens">Back to API tokens</a></p>`,
    },
  );
}

export interface WorkspacesView {
  workspaces: WorkspaceRole[];
}

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', admin: 'Admin', photographer: 'Photographer', viewer: 'Viewer' };

export function workspacesPage(frame: PageFrame, v: WorkspacesView): Html {
  const rows =
    v.workspaces.length === 0
      ? html`<tr><td colspan="2">You are not a member of any workspace.</td></tr>`
      : v.workspaces.map((w) => html`<tr><th scope="row">${w.name}</th><td>${ROLE_NAMES[w.role] ?? w.role}</td></tr>`);
  return page(
    { ...frame, current: 'workspaces' },
    {
      heading: 'Workspaces',
      body: html`<div class="table-wrap">
<table>
<caption>Your workspaces</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<p>"Sign out everywhere" ends every session of your account, on every computer, this one included.</p>`,
    },
  );
}
