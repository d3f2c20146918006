import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** False without SMTP_URL: nothing can be sent, and the features that need mail say so. */
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** One pooled SMTP connection set from SMTP_URL (nodemailer reads the URL: smtp:// uses STARTTLS when offered, smtps:// TLS). */
export function createMailer(config: MailConfig): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      async send() {
        throw new Error('SMTP_URL is not set');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(
    {
      url: config.smtpUrl,
      pool: true,
      maxConnections: 2,
      // A silent SMTP server must not hold requests or the stop of the server for long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: config.from },
  );
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
