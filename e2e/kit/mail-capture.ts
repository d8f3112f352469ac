import { setTimeout as delay } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

// E-mail as a person receives it: an SMTP server the stack sends to, and MIME decoding of what it captured.

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

export type MailCapture = {
  readonly messages: CapturedMail[];
  /** The first message to `to` whose subject matches, waiting up to `timeoutMs` (default 10 s). */
  waitForMail(to: string, subject: string | RegExp, timeoutMs?: number): Promise<CapturedMail>;
};

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Leaf parts of a MIME message (enough for what nodemailer writes: multipart/alternative and mixed). */
function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  const parts: Part[] = [];
  for (const piece of pieces) {
    if (piece.startsWith('--')) break;
    parts.push(...leafParts(splitHeaders(piece.replace(/^\n/, ''))));
  }
  return parts;
}

export function parseMail(raw: string, envelopeTo: string[]): CapturedMail {
  const root = splitHeaders(raw);
  const parts = leafParts(root);
  const of = (kind: string) => parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(kind));
  const textPart = of('text/plain');
  const htmlPart = of('text/html');
  const headerTo = (root.headers.get('to') ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];
  const to = [...new Set([...envelopeTo, ...headerTo].map((a) => a.toLowerCase()))];
  return {
    to,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart) : '',
    html: htmlPart ? decodeBody(htmlPart) : '',
    raw,
  };
}

export async function startSmtpCapture(): Promise<{ port: number; mail: MailCapture; close: () => Promise<void> }> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const mail: MailCapture = {
    messages,
    async waitForMail(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const matches = (m: CapturedMail) =>
        m.to.includes(to.toLowerCase()) && (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject));
      for (;;) {
        const found = messages.find(matches);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          throw new Error(`No e-mail to ${to} matching ${String(subject)} within ${timeoutMs} ms (received: ${seen})`);
        }
        await delay(100);
      }
    },
  };
  return { port, mail, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
