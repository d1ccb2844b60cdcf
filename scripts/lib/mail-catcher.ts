/**
 * The SMTP catcher of a local stack (`npm start`, each black-box stack): a real SMTP server (npm `smtp-server`) on a
 * free loopback port, started in-process by the stack launcher (scripts/lib/stack.ts, `mailDir`). Studio sends its
 * invitations and password resets to it (SMTP_URL); it delivers nothing anywhere: each message is saved in the
 * stack's folder as `<n>.eml` (the raw message) and `<n>.json` (envelope, subject and text body), where a person
 * (npm start prints the folder and a line per message) or a test (`readCaughtMail`, test/support/mail.ts) reads it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One caught message, as saved in `<n>.json`. */
export interface CaughtMail {
  /** File name stem of the message's two files (sorts in the order they were caught). */
  id: string;
  received_at: string;
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  subject: string;
  /** The text/plain body (decoded), or the text of the HTML body when the message has no plain part. */
  text: string;
  /** Path of the raw message (.eml). */
  eml: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: studio's SMTP_URL. */
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** Messages larger than this are refused (ours are a few kilobytes). */
const MAX_BYTES = 1024 * 1024;

export async function startMailCatcher(opts: { dir: string; log?: (line: string) => void }): Promise<MailCatcher> {
  mkdirSync(opts.dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    // Loopback only, no TLS and no login: a catcher for this machine's own stack.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
          return;
        }
        try {
          const raw = Buffer.concat(chunks);
          const id = `${Date.now()}-${String(++seq).padStart(4, '0')}`;
          const eml = path.join(opts.dir, `${id}.eml`);
          const parsed = parseMessage(raw.toString('utf8'));
          const mail: CaughtMail = {
            id,
            received_at: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject,
            text: parsed.text,
            eml,
          };
          writeFileSync(eml, raw);
          // The .json last: a reader that sees it finds the .eml too.
          writeFileSync(path.join(opts.dir, `${id}.json`), `${JSON.stringify(mail, null, 2)}\n`);
          opts.log?.(`to ${mail.to.join(', ')}: "${mail.subject}" (${eml})`);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => opts.log?.(`smtp error: ${err.message}`));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir: opts.dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message saved in `dir`, oldest first (an absent folder has none). */
export function readCaughtMail(dir: string): CaughtMail[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as CaughtMail);
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Header block and body of a message or MIME part; header names lower-cased, folded lines joined. */
function splitPart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '') // soft line breaks
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`) in a header value. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The leaf parts of a (possibly nested multipart) message. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leaves(splitPart(s.replace(/^\n/, ''))));
}

/** Subject and readable text of a raw message: enough to find a link in it (no full MIME parser needed). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const root = splitPart(raw);
  const parts = leaves(root);
  const isType = (p: Part, t: string) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(t);
  const plain = parts.find((p) => isType(p, 'text/plain'));
  const html = parts.find((p) => isType(p, 'text/html'));
  const text = plain
    ? decodeBody(plain)
    : html
      ? decodeBody(html)
          .replace(/<a\b[^>]*href="([^"]*)"[^>]*>/gi, ' $1 ')
          .replace(/<[^>]+>/g, ' ')
          .replace(/&amp;/g, '&')
      : '';
  return { subject: decodeWords(root.headers.get('subject') ?? ''), text: text.trim() };
}
