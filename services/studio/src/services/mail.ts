/**
 * Outgoing e-mail (invitations, password resets) behind one small interface, so the services never see SMTP and unit
 * tests pass a fake. `createMailer` gives nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL), or,
 * without one, a mailer that sends nothing and says so in the log. A send that fails is logged with the recipient's
 * domain only and reported as `false`: it never turns into an error for the person who asked.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from '@studio/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when no SMTP server is configured (nothing is ever sent). */
  readonly enabled: boolean;
  /** True when the SMTP server accepted the message; false when none is configured or sending failed (logged). */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

export interface MailerOptions {
  /** SMTP_URL, or null: no mail is sent. */
  smtpUrl: string | null;
  /** MAIL_FROM, e.g. `Studio <no-reply@studio.example>`. */
  from: string;
  logger: Logger;
  /** Longest wait for the SMTP server, ms (connection, greeting, each reply). */
  timeoutMs?: number;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createMailer({ smtpUrl, from, logger, timeoutMs = 10_000 }: MailerOptions): Mailer {
  if (smtpUrl === null) {
    return {
      enabled: false,
      async send(message) {
        logger.warn({ subject: message.subject, to_domain: domainOf(message.to) }, 'no mail sent: SMTP_URL is not set');
        return false;
      },
      close() {},
    };
  }
  const options: SMTPTransport.Options = {
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  const transport = nodemailer.createTransport(options);
  return {
    enabled: true,
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        return true;
      } catch (err) {
        logger.error({ err, subject: message.subject, to_domain: domainOf(message.to) }, 'sending mail failed');
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}
