import { describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { LocalFileStorage, PRIVATE_S3_PREFIX, S3FileStorage, signV4, type FileStorage, type ObjectStore } from '../storage.js';
import { startS3StandIn } from '../../../test/s3.js';

/** A fake S3 endpoint answering `status` to everything and recording each request. */
async function fakeS3(status: (req: IncomingMessage) => number) {
  const seen: { method?: string; url?: string; auth?: string; sha?: string }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, sha: req.headers['x-amz-content-sha256'] as string });
      res.writeHead(status(req)).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const storage = new S3FileStorage({
    bucket: 'nirog-uploads', endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, region: 'ap-south-1',
    accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', publicUrl: 'https://files.nirog.test/nirog-uploads',
  });
  return { storage, seen, close: () => server.close() };
}

describe('AWS Signature Version 4', () => {
  it('signs AWS\'s own worked example (S3 docs, sig-v4-header-based-auth: GET Object, bytes 0-9 of test.txt)', () => {
    const authorization = signV4({
      method: 'GET',
      canonicalPath: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, '
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});

describe('S3-compatible storage', () => {
  it('PUTs the file into the bucket with an AWS Signature V4 and returns its public URL', async () => {
    const seen: { method?: string; url?: string; auth?: string; sha?: string; body?: Buffer; date?: string; host?: string; type?: string } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, auth: req.headers.authorization, sha: req.headers['x-amz-content-sha256'], body: Buffer.concat(chunks),
          date: req.headers['x-amz-date'], host: req.headers.host, type: req.headers['content-type'] });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const storage = new S3FileStorage({
        bucket: 'nirog-uploads', endpoint: `http://127.0.0.1:${port}`, region: 'ap-south-1',
        accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', publicUrl: 'https://files.nirog.test/nirog-uploads',
      });
      const url = await storage.put('avatars/abc.webp', Buffer.from('image-bytes'), 'image/webp');
      expect(url).toBe('https://files.nirog.test/nirog-uploads/avatars/abc.webp');
      expect(seen.method).toBe('PUT');
      expect(seen.url).toBe('/nirog-uploads/avatars/abc.webp');
      expect(seen.body!.toString()).toBe('image-bytes');
      expect(seen.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
      expect(seen.sha).toBe(createHash('sha256').update('image-bytes').digest('hex'));
      // The signature is the one the (vector-checked) signer gives for exactly what arrived, with the secret.
      expect(seen.auth).toBe(signV4({
        method: 'PUT', canonicalPath: '/nirog-uploads/avatars/abc.webp',
        headers: { host: seen.host!, 'content-type': seen.type!, 'x-amz-content-sha256': seen.sha!, 'x-amz-date': seen.date! },
        payloadHash: seen.sha!, amzDate: seen.date!, region: 'ap-south-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret',
      }));
    } finally {
      server.close();
    }
  });

  it('fails loudly when the storage refuses the file', async () => {
    const server = createServer((_req, res) => res.writeHead(403).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const storage = new S3FileStorage({ bucket: 'b', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 's', publicUrl: undefined });
      await expect(storage.put('misc/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('HTTP 403');
    } finally {
      server.close();
    }
  });

  it('asks with a signed HEAD whether a key is stored: 200 yes, 404 no, anything else fails', async () => {
    const s3 = await fakeS3((req) => (req.url!.endsWith('/there.webp') ? 200 : req.url!.endsWith('/absent.webp') ? 404 : 403));
    try {
      expect(await s3.storage.exists('generated/there.webp')).toBe(true);
      expect(await s3.storage.exists('generated/absent.webp')).toBe(false);
      await expect(s3.storage.exists('generated/forbidden.webp')).rejects.toThrow('HTTP 403');
      expect(s3.seen[0]).toMatchObject({ method: 'HEAD', url: '/nirog-uploads/generated/there.webp' });
      // The empty payload's hash, and no content type to sign.
      expect(s3.seen[0]!.sha).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      expect(s3.seen[0]!.auth).toMatch(/SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
      expect(s3.storage.urlOf('generated/there.webp')).toBe('https://files.nirog.test/nirog-uploads/generated/there.webp');
    } finally {
      s3.close();
    }
  });
});

describe('local storage', () => {
  it('knows which keys it holds and refuses unsafe ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nirog-storage-test-'));
    try {
      const storage: FileStorage = new LocalFileStorage(dir);
      expect(await storage.exists('generated/abc.webp')).toBe(false);
      expect(await storage.put('generated/abc.webp', Buffer.from('x'), 'image/webp')).toBe('/uploads/generated/abc.webp');
      expect(await storage.exists('generated/abc.webp')).toBe(true);
      expect(await storage.exists('generated/abd.webp')).toBe(false);
      expect(storage.urlOf('generated/abc.webp')).toBe('/uploads/generated/abc.webp');
      await expect(storage.exists('../outside.webp')).rejects.toThrow('unsafe storage key');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('private files', () => {
  it('on S3: under the private prefix, read and deleted with signed GET and DELETE (the stand-in checks every signature)', async () => {
    const s3 = await startS3StandIn();
    try {
      const env = s3.env;
      const store = new S3FileStorage({ bucket: env.S3_BUCKET!, endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY!, publicUrl: undefined }, PRIVATE_S3_PREFIX);
      await store.put('prescriptions/a-1.webp', Buffer.from('photo'), 'image/webp');
      expect([...s3.objects.keys()]).toEqual(['private/prescriptions/a-1.webp']);
      expect(await store.exists('prescriptions/a-1.webp')).toBe(true);
      expect((await store.read('prescriptions/a-1.webp'))!.toString()).toBe('photo');
      expect(await store.read('prescriptions/none.webp')).toBeNull();
      await store.remove('prescriptions/a-1.webp');
      await store.remove('prescriptions/a-1.webp');
      expect(s3.objects.size).toBe(0);
      await expect(store.read('../outside.webp')).rejects.toThrow('unsafe storage key');
    } finally {
      await s3.close();
    }
  });

  it('on S3: a refusal of the storage is an error, not a missing file', async () => {
    const s3 = await fakeS3(() => 500);
    try {
      await expect(s3.storage.read('prescriptions/a.webp')).rejects.toThrow('HTTP 500');
      await expect(s3.storage.remove('prescriptions/a.webp')).rejects.toThrow('HTTP 500');
    } finally {
      s3.close();
    }
  });

  it('on disk: read back, and removed (twice is fine)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nirog-private-test-'));
    try {
      const store: ObjectStore = new LocalFileStorage(dir);
      await store.put('prescriptions/b.webp', Buffer.from('photo'), 'image/webp');
      expect((await store.read('prescriptions/b.webp'))!.toString()).toBe('photo');
      await store.remove('prescriptions/b.webp');
      await store.remove('prescriptions/b.webp');
      expect(await store.read('prescriptions/b.webp')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
