import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), with login required: the mails
 * the app sends arrive over the wire and are parsed as a mail client would (`mailparser`).
 */
export async function startSmtpInbox({ user = 'jiema', pass = 'smtp-secret' } = {}) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    // Plain SMTP with AUTH PLAIN/LOGIN on loopback; production uses smtps:// or STARTTLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    /** The next mail to `to`, waiting up to `timeoutMs` for it. */
    async nextMailTo(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const seen = mails.length;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) && !taken.has(m));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} within ${timeoutMs} ms (${seen} received)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const taken = new WeakSet<ReceivedMail>();

/** The token of the first link in a mail's text. */
export function linkToken(mail: ReceivedMail): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[1]!;
}
