import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { signV4 } from '../src/common/storage.js';

/**
 * An S3 stand-in for tests: path-style PUT, GET, HEAD and DELETE of objects kept in memory. A signed
 * request must carry a valid AWS Signature V4 for the stand-in's keys (checked with the signer that
 * is itself checked against AWS's worked example, storage.test.ts). An anonymous one is judged by
 * the bucket policy the compose stack installs (deploy/storage-policy.json), as S3 and MinIO judge
 * it: an action and a resource some Allow statement for everyone names, or 403; without
 * s3:ListBucket a missing object answers 403 too, and a listing is refused.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** Objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; type: string }>;
  /** The environment that points a Nirog at it. */
  env: Record<string, string>;
  /** An anonymous request, as a browser (or nginx in front of the bucket) would send it. */
  anonymous(pathAndQuery: string, method?: 'GET' | 'HEAD'): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

interface Statement { Effect: string; Principal: unknown; Action: string | string[]; Resource: string | string[] }
const POLICY = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'storage-policy.json'), 'utf8')) as { Statement: Statement[] };
const ACCESS_KEY = 'standin-access-key';
const SECRET_KEY = 'standin-secret-key';
const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);
const everyone = (p: unknown) => p === '*' || (typeof p === 'object' && p !== null && list((p as { AWS: string | string[] }).AWS).includes('*'));
const glob = (pattern: string, value: string) => new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(value);

function allowed(action: string, resource: string): boolean {
  return POLICY.Statement.some((s) => s.Effect === 'Allow' && everyone(s.Principal)
    && list(s.Action).some((a) => a === action || a === 's3:*') && list(s.Resource).some((r) => glob(r, resource)));
}

function validSignature(req: IncomingMessage, body: Buffer): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(auth);
  if (!m || m[1] !== ACCESS_KEY) return false;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
  const headers = Object.fromEntries(m[4]!.split(';').map((h) => [h, String(req.headers[h] ?? '')]));
  const expected = signV4({
    method: req.method!, canonicalPath: req.url!.split('?')[0]!, headers, payloadHash, amzDate: String(req.headers['x-amz-date'] ?? ''),
    region: m[3]!, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY,
  });
  return expected === auth;
}

export async function startS3StandIn(bucket = 'nirog-uploads'): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const answer = (res: ServerResponse, status: number, body = '', type = 'application/xml') => res.writeHead(status, { 'Content-Type': type }).end(body);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, 'http://s3.test');
      const [, b, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      if (b !== bucket) return answer(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');
      const listing = !key || [...url.searchParams.keys()].length > 0;
      if (!req.headers.authorization) {
        const action = listing ? 's3:ListBucket' : req.method === 'GET' || req.method === 'HEAD' ? 's3:GetObject' : 's3:PutObject';
        if (!allowed(action, listing ? `arn:aws:s3:::${bucket}` : `arn:aws:s3:::${bucket}/${key}`)) return answer(res, 403, '<Error><Code>AccessDenied</Code></Error>');
        if (listing) return answer(res, 200, `<ListBucketResult>${[...objects.keys()].map((k) => `<Key>${k}</Key>`).join('')}</ListBucketResult>`);
        const found = objects.get(key);
        // Without s3:ListBucket, S3 does not say whether a key exists.
        if (!found) return answer(res, allowed('s3:ListBucket', `arn:aws:s3:::${bucket}`) ? 404 : 403, '<Error><Code>AccessDenied</Code></Error>');
        return res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.body.length }).end(req.method === 'HEAD' ? undefined : found.body);
      }
      if (!validSignature(req, body)) return answer(res, 403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (listing) return answer(res, 501, '<Error><Code>NotImplemented</Code></Error>');
      const found = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, type: String(req.headers['content-type'] ?? 'application/octet-stream') });
          return answer(res, 200);
        case 'GET':
        case 'HEAD':
          if (!found) return answer(res, 404, '<Error><Code>NoSuchKey</Code></Error>');
          return res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.body.length }).end(req.method === 'HEAD' ? undefined : found.body);
        case 'DELETE':
          objects.delete(key);
          return answer(res, 204);
        default:
          return answer(res, 405);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint, bucket, objects,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY, S3_PUBLIC_URL: `${endpoint}/${bucket}` },
    async anonymous(pathAndQuery, method = 'GET') {
      const res = await fetch(`${endpoint}${pathAndQuery}`, { method });
      return { status: res.status, body: method === 'HEAD' ? '' : await res.text() };
    },
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}
