import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking sms.net.bd's shapes (modules/mail/sms-netbd.gateway.ts documents them
 * with their sources): POST /sendsms (form: api_key, msg, to, sender_id) answers
 * {error: 0, msg, data: {request_id}}; GET /report/request/:id/?api_key= answers the recipients'
 * statuses. What it answers next can be set per test (an error code, a dead connection, a status).
 */
export interface SentSms {
  apiKey: string;
  to: string;
  msg: string;
  senderId?: string;
  contentType: string;
  requestId: number;
}

export interface FakeSmsNetBd {
  url: string;
  sent: SentSms[];
  reports: string[];
  /** The next sends answer with this error code (and message); null: accept. */
  failWith(error: number | null, msg?: string): void;
  /** The next sends get no answer at all (a timeout). */
  hang(on: boolean): void;
  /** The next sends answer HTTP 502 with an HTML page (a proxy in front of the provider). */
  badGateway(on: boolean): void;
  /** The recipient status the report gives for a request. */
  setStatus(requestId: string | number, status: string): void;
  stop(): Promise<void>;
}

export async function startFakeSmsNetBd(apiKey: string): Promise<FakeSmsNetBd> {
  const sent: SentSms[] = [];
  const reports: string[] = [];
  const statuses = new Map<string, string>();
  let error: { code: number; msg: string } | null = null;
  let hanging = false;
  let bad = false;
  let nextId = 53_000_100;
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/sendsms') {
        if (hanging) return; // never answers
        if (bad) {
          res.writeHead(502, { 'Content-Type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        if (form.get('api_key') !== apiKey) return json(res, { error: 405, msg: 'Authorization required' });
        if (error) return json(res, { error: error.code, msg: error.msg });
        if (!form.get('msg')) return json(res, { error: 414, msg: 'Message is empty' });
        const requestId = nextId++;
        sent.push({ apiKey: form.get('api_key')!, to: form.get('to') ?? '', msg: form.get('msg')!, senderId: form.get('sender_id') ?? undefined,
          contentType: String(req.headers['content-type']), requestId });
        return json(res, { error: 0, msg: 'Request successfully submitted', data: { request_id: requestId } });
      }
      const report = /^\/report\/request\/([^/]+)\/?$/.exec(url.pathname);
      if (req.method === 'GET' && report) {
        if (url.searchParams.get('api_key') !== apiKey) return json(res, { error: 405, msg: 'Authorization required' });
        const id = report[1]!;
        reports.push(id);
        const item = sent.find((s) => String(s.requestId) === id);
        if (!item) return json(res, { error: 404, msg: 'The requested resource not found' });
        return json(res, { error: 0, msg: 'Success', data: {
          request_id: Number(id), request_status: statuses.get(id) === 'Pending' ? 'Pending' : 'Complete', request_charge: '0.2500',
          recipients: [{ number: item.to, charge: '0.2500', status: statuses.get(id) ?? 'Pending' }],
        } });
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 404, msg: 'The requested resource not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    reports,
    failWith(code, msg = '') { error = code === null ? null : { code, msg }; },
    hang(on) { hanging = on; },
    badGateway(on) { bad = on; },
    setStatus(requestId, status) { statuses.set(String(requestId), status); },
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
