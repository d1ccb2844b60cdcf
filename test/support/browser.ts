/**
 * The real browser of the black-box tests: Debian's Chromium (installed by `npm test`'s provisioning when missing,
 * scripts/lib/browser.ts), driven headless by playwright-core. One browser per test file, a fresh context (cookies,
 * storage) per test:
 *
 *   const web = useBrowser();
 *   it('...', async () => { const page = await web.page(); await page.goto(url); await expectNoAxeViolations(page); });
 *
 * `expectNoAxeViolations` runs axe-core in the page (its source injected through the DevTools protocol, so a strict
 * Content-Security-Policy does not stop it) against WCAG 2.0 and 2.1, levels A and AA.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { BROWSER_ARGS, CHROMIUM_PATH } from '../../scripts/lib/browser.js';

export { BROWSER_ARGS };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...BROWSER_ARGS] });
}

export interface BrowserSession {
  /** The file's browser (launched in beforeAll). */
  browser(): Browser;
  /** A fresh context for this test (closed after it); each call makes another (e.g. a second person). */
  context(): Promise<BrowserContext>;
  /** A page in a fresh context. */
  page(): Promise<Page>;
}

/** Registers the hooks: one browser for the file, every context a test opened closed after it. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const get = () => {
    if (!browser) throw new Error('useBrowser: the browser is not launched (call it at the top of a describe or file)');
    return browser;
  };
  const context = async () => {
    const c = await get().newContext();
    open.push(c);
    return c;
  };
  return { browser: get, context, page: async () => (await context()).newPage() };
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

let axeSource: string | undefined;
const axe = (): string => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe-core on the page as it is now; the violations of WCAG 2.0/2.1 A and AA. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe());
  return page.evaluate(
    async (tags) => {
      const run = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<any> } }).axe.run;
      const result = await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return (result.violations as any[]).map((v) => ({
        id: v.id as string,
        impact: (v.impact ?? null) as string | null,
        help: v.help as string,
        helpUrl: v.helpUrl as string,
        nodes: (v.nodes as any[]).map((n) => ({ target: (n.target as string[]).join(' '), summary: String(n.failureSummary ?? '') })),
      }));
    },
    [...AXE_TAGS],
  );
}

/** A readable list of violations, one block per rule with every offending element. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n${v.nodes
          .map((n) => `    at ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** Fails with every violation spelled out when axe finds any on the page (`what` names the page in the message). */
export async function expectNoAxeViolations(page: Page, what = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length === 0 ? '' : `axe found ${violations.length} violation(s) on ${what}:\n${formatViolations(violations)}`).toBe(
    '',
  );
}
