import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it. */
export interface ReceivedMail {
  /** The authenticated user. */
  user: string;
  from: string;
  to: string[];
  subject: string;
  /** The HTML body, decoded. */
  html: string;
  /** The From header, encoded words decoded. */
  fromHeader: string;
  messageId: string;
}

/** Decodes RFC 2047 encoded words; adjacent words are joined before UTF-8 decoding. */
const decodeWords = (value: string): string =>
  value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const bytes = [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, kind, text = '']) =>
      kind!.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
    const trailing = /\s*$/.exec(run)?.[0] ?? '';
    return Buffer.concat(bytes).toString('utf8') + trailing;
  });

const decodeQuotedPrintable = (text: string): Buffer => {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** Splits a single-part message into its unfolded headers and decoded body. */
export const parseMessage = (raw: string): { headers: Map<string, string>; body: string } => {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const rawBody = raw.slice(at + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody).toString('utf8')
        : rawBody;
  return { headers, body };
};

/**
 * An SMTP server on a random loopback port that requires `username`/`password` (plain text, no
 * TLS) and rejects recipients whose address starts with `reject`.
 */
export const startSmtpServer = async (credentials = { username: 'mailer', password: 'secret-pw' }) => {
  const received: ReceivedMail[] = [];
  let rejected = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.username && auth.password === credentials.password)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('reject')) return callback();
      rejected++;
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, body } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({
          user: String(session.user),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(headers.get('subject') ?? ''),
          html: body,
          fromHeader: decodeWords(headers.get('from') ?? ''),
          messageId: headers.get('message-id') ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** How many recipients were refused so far. */
    rejectedCount: () => rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
