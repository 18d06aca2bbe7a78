import { SMTPServer } from 'smtp-server';
import { freePort } from './test-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it came over the wire: headers, blank line, body. */
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** The same with a user name and password in it, as SMTP_URL carries them. */
  urlWithLogin: (user: string, password: string) => string;
  received: ReceivedMail[];
  /** Whether it is listening: `stop` and `start` simulate an outage on the same port. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Polls until `count` messages have arrived (or throws after `timeoutMs`). */
  waitForMail: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
}

export interface TestSmtpOptions {
  /** An SMTP reply code to refuse a message with at DATA (4xx: try later, 5xx: never), or undefined to accept. */
  refuse?: (raw: string) => number | undefined;
  /** An SMTP reply code to refuse a recipient with at RCPT TO, or undefined to accept. */
  refuseRecipient?: (address: string) => number | undefined;
  /** The one login it takes, as a provider's server does: any other is refused (535), none at all too (530). */
  login?: { user: string; password: string };
}

/** A real SMTP server on a free loopback port (smtp-server from npm) that keeps what it is sent. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const start = async () => {
    const { login } = options;
    server = new SMTPServer({
      authOptional: !login,
      // Plain text on loopback: nodemailer would otherwise upgrade to TLS and refuse the test certificate.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (login && auth.username === login.user && auth.password === login.password) {
          callback(null, { user: login.user });
          return;
        }
        callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        const code = options.refuseRecipient?.(address.address);
        if (code === undefined) callback();
        else callback(Object.assign(new Error(`5.1.1 No such mailbox here (${code})`), { responseCode: code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const code = options.refuse?.(raw);
          if (code !== undefined) {
            callback(Object.assign(new Error(`Refused by the test server (${code})`), { responseCode: code }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  await start();

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    urlWithLogin: (user, password) =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    start,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    waitForMail: async (count, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} e-mails arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
  };
}

/** A header's value from a raw message, its folded lines joined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A raw message's text body, decoded when nodemailer sent it quoted-printable. */
export function bodyOf(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r\n/g, '\n');
  if (!/quoted-printable/i.test(headerOf(raw, 'Content-Transfer-Encoding') ?? '')) return body;
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
