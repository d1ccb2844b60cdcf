import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '@studio/logger';
import { createMailer } from './mail.js';

const logger = () =>
  ({ warn: vi.fn(), error: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
const message = {
  to: 'ada@example.com',
  subject: 'You are invited to Studio',
  text: 'https://studio.example.com/console/set-password#secret',
};

describe('mailer', () => {
  it('without SMTP_URL sends nothing and says so in the log, without the address or the link', async () => {
    const log = logger();
    const mailer = createMailer({ smtpUrl: null, from: 'Studio <s@example.com>', logger: log });
    expect(mailer.enabled).toBe(false);
    expect(await mailer.send(message)).toBe(false);
    expect(log.warn).toHaveBeenCalledWith({ subject: message.subject, to_domain: 'example.com' }, 'no mail sent: SMTP_URL is not set');
    expect(JSON.stringify(log.warn.mock.calls)).not.toMatch(/ada@|secret/);
    mailer.close();
  });

  it('a server that refuses the connection: false and an error in the log, never a throw', async () => {
    const log = logger();
    // Port 1 on loopback: nothing listens there.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Studio <s@example.com>', logger: log, timeoutMs: 2000 });
    expect(mailer.enabled).toBe(true);
    expect(await mailer.send(message)).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ subject: message.subject, to_domain: 'example.com' }),
      'sending mail failed',
    );
    mailer.close();
  });
});
