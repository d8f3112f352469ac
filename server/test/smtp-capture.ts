import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, raw (headers and MIME body as sent). */
export async function smtpCapture(port: number, received: string[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A received message as its reader sees it: the subject and both bodies decoded from their transfer encodings. */
export type ReadMail = { messageId: string; to: string; subject: string; text: string; html: string };

/** The bytes of a quoted-printable text (soft line breaks removed; in a header's encoded word, `_` is a space). */
function quotedPrintableBytes(s: string, underscoreIsSpace = false): number[] {
  const clean = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    const hex = clean.slice(i + 1, i + 3);
    if (clean[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(underscoreIsSpace && clean[i] === '_' ? 32 : clean.charCodeAt(i));
  }
  return bytes;
}

const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;

/**
 * A header's value with its folding undone and its RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) decoded; adjacent
 * words are joined as bytes first, so a character split between two words reads whole.
 */
function headerValue(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=\s*)+/g, (run) => {
      const bytes: number[] = [];
      for (const [, encoding, data] of run.matchAll(ENCODED_WORD)) {
        bytes.push(...(encoding!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : quotedPrintableBytes(data!, true)));
      }
      return Buffer.from(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
    })
    .trim();
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return Buffer.from(quotedPrintableBytes(body)).toString('utf8');
  return body;
}

/** Reads a message nodemailer sent (one text/plain and one text/html part, or a single part). */
export function readMail(raw: string): ReadMail {
  const { headers, body } = split(raw);
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = split(chunk.replace(/^\r?\n/, ''));
      parts.push({ type: part.headers.get('content-type') ?? '', text: decodeBody(part.body, part.headers.get('content-transfer-encoding')) });
    }
  } else {
    parts.push({ type: headers.get('content-type') ?? '', text: decodeBody(body, headers.get('content-transfer-encoding')) });
  }
  return {
    messageId: headers.get('message-id') ?? '',
    to: headers.get('to') ?? '',
    subject: headerValue(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.text ?? '',
  };
}
