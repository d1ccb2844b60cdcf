import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMessage, readCaughtMail, startMailCatcher } from './mail-catcher.js';

describe('the local SMTP catcher', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-catcher-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('catches what nodemailer sends and saves it as .eml and .json, oldest first', async () => {
    const lines: string[] = [];
    const catcher = await startMailCatcher({ dir, log: (l) => lines.push(l) });
    try {
      expect(catcher.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      const transport = createTransport(catcher.url);
      const link = `http://127.0.0.1:8080/console/set-password#${'A'.repeat(43)}_-x`;
      await transport.sendMail({
        from: 'Studio <no-reply@studio.localhost>',
        to: 'ana@example.test',
        subject: 'Reset your password — Studio',
        text: `Someone asked to reset the password of this account.\n\n${link}\n\nThe link works for one hour.`,
        html: `<p>Reset: <a href="${link}">set a new password</a></p>`,
      });
      await transport.sendMail({ from: 'no-reply@studio.localhost', to: 'bo@example.test', subject: 'Second', text: 'two' });
      const mail = readCaughtMail(dir);
      expect(mail.map((m) => m.to)).toEqual([['ana@example.test'], ['bo@example.test']]);
      expect(mail[0]!.from).toBe('no-reply@studio.localhost');
      expect(mail[0]!.subject).toBe('Reset your password — Studio');
      expect(mail[0]!.text).toContain(link);
      expect(readFileSync(mail[0]!.eml, 'utf8')).toMatch(/^Subject: /m);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('to ana@example.test: "Reset your password — Studio"');
    } finally {
      await catcher.close();
    }
  });

  it('reads no mail from a folder that does not exist', () => {
    expect(readCaughtMail(path.join(dir, 'absent'))).toEqual([]);
  });

  it('decodes quoted-printable and base64 bodies and takes the HTML text when there is no plain part', () => {
    const qp = parseMessage(
      'Subject: =?UTF-8?Q?Caf=C3=A9?=\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nhttp://x/=\r\nlong=3Dlink',
    );
    expect(qp).toEqual({ subject: 'Café', text: 'http://x/long=link' });
    const b64 = parseMessage(
      `Subject: B\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n${Buffer.from('<a href="http://y/?a=1&amp;b=2">go</a>').toString('base64')}`,
    );
    expect(b64.text).toContain('http://y/?a=1&b=2');
  });
});
