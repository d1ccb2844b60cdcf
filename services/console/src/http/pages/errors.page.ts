/** The pages the console answers instead of a stack trace: 404, 403 (another site, a form without its token), 413, 503, 500. */
import { html, type Html } from './html.js';
import { page, type PageFrame } from './layout.js';

export type ErrorPage = 'not_found' | 'cross_site' | 'csrf' | 'too_large' | 'bad_request' | 'unavailable' | 'internal';

const ERRORS: Record<ErrorPage, { status: number; heading: string; text: string }> = {
  not_found: { status: 404, heading: 'Page not found', text: 'There is nothing at this address.' },
  cross_site: { status: 403, heading: 'Request refused', text: 'This request came from another site and was refused.' },
  csrf: {
    status: 403,
    heading: 'Form expired',
    text: 'This form has expired or did not come from the console. Go back, reload the page and try again.',
  },
  too_large: {
    status: 413,
    heading: 'Request too large',
    text: 'The form sent more than the console accepts. Shorten the values and try again.',
  },
  bad_request: { status: 400, heading: 'Request not understood', text: 'The form could not be read. Go back and try again.' },
  unavailable: { status: 503, heading: 'Console unavailable', text: 'The console is unavailable. Try again in a moment.' },
  internal: { status: 500, heading: 'Something went wrong', text: 'Something went wrong on our side. Try again in a moment.' },
};

export const errorStatus = (kind: ErrorPage): number => ERRORS[kind].status;

export function errorPage(frame: PageFrame, kind: ErrorPage, requestId?: string): Html {
  const { heading, text } = ERRORS[kind];
  return page(frame, {
    heading,
    body: html`<p role="alert">${text}</p>
${requestId && kind === 'internal' && html`<p>Reference: <code>${requestId}</code></p>`}
<p><a href="/console/">Go to the console</a></p>`,
  });
}
