import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyDelivery } from './signature.ts';

/** A delivery as Nirog sends it: the event and the object's id (read the rest with the key). */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  object: { type: string; id: string };
}

const rawBodyOf = (req: IncomingMessage) => new Promise<string>((resolve, reject) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  req.on('error', reject);
});

/**
 * Receives Nirog's webhooks at POST <path>: a delivery whose signature does not check out is
 * answered 401 and dropped; a good one is answered 204 at once (Nirog waits 10 s at most) and handed
 * on, once per event id (a retry or a resend carries the same id).
 */
export async function startReceiver(opts: { port: number; path: string; secret: () => string | undefined; onEvent: (e: WebhookEvent) => void; log: (line: string) => void }): Promise<{ server: Server; url: string }> {
  const seen = new Set<string>();
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== opts.path) {
      res.writeHead(404).end();
      return;
    }
    const body = await rawBodyOf(req);
    const secret = opts.secret();
    const headers = {
      id: req.headers['nirog-webhook-id'] as string | undefined,
      timestamp: req.headers['nirog-webhook-timestamp'] as string | undefined,
      signature: req.headers['nirog-signature'] as string | undefined,
    };
    if (!secret || !verifyDelivery(secret, headers, body)) {
      opts.log(`webhook refused: the signature does not check out (id ${headers.id ?? '?'})`);
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end();
    const event = JSON.parse(body) as WebhookEvent;
    if (seen.has(event.id)) return;
    seen.add(event.id);
    opts.onEvent(event);
  };
  // A body that cannot be read or parsed is logged and refused, never an unhandled rejection that stops the process.
  const server = createServer((req, res) => {
    receive(req, res).catch((err: Error) => {
      opts.log(`webhook dropped: ${err.message}`);
      if (!res.headersSent) res.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}${opts.path}` };
}
