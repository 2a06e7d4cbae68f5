import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests (the smtp-server package), with a small MIME reader for
 * what nodemailer writes: encoded-word headers, multipart/alternative, base64 and quoted-printable.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export const SMTP_USER = 'nirog-test';
export const SMTP_PASS = 'loopback-secret-1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQp(data.replace(/_/g, ' ')));
}

function decodeQp(s: string): string {
  const clean = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    if (clean[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(clean.slice(i + 1, i + 3))) {
      bytes.push(parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(clean[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQp(body);
  return body;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const out: ReceivedMail = { from: envelope.from, to: envelope.to, subject: decodeWords(headers.subject ?? ''), text: '', html: '', headers };
  const visit = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHead(part.replace(/^\r?\n/, ''));
        visit(p.headers, p.body);
      }
    } else if (/^text\/html/i.test(type)) out.html += decodeBody(h, b);
    else if (/^text\/plain/i.test(type)) out.text += decodeBody(h, b);
  };
  visit(headers, body);
  return out;
}

export class TestMailServer {
  readonly mails: ReceivedMail[] = [];
  /** Recipients for which the server answers 550 (a mailbox that does not exist). */
  readonly refuse = new Set<string>();
  private server?: SMTPServer;
  /** While set, every message's data is taken and left unanswered (a hanging server). */
  private gate?: Promise<void>;

  constructor(readonly port: number) {}

  get running(): boolean {
    return !!this.server;
  }

  /** Hangs the server: no message is accepted until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => { release = resolve; });
    return () => {
      this.gate = undefined;
      release();
    };
  }

  get url(): string {
    return `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, cb) => {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, cb) => {
        if (this.refuse.has(address.address)) {
          cb(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        } else cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          Promise.resolve(this.gate).then(() => {
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            };
            this.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
            cb();
          }, (err: Error) => cb(err));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    return this;
  }

  to(email: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(email));
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** Starts a server on a free port (or the given one). */
export async function startMailServer(port?: number): Promise<TestMailServer> {
  return new TestMailServer(port ?? (await freePort())).start();
}

export const codeIn = (mail: ReceivedMail) => /^(\d{6})$/m.exec(mail.text)?.[1];
export const linkTokenIn = (mail: ReceivedMail, path: string) =>
  new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]{20,100})`).exec(mail.text)?.[1];
