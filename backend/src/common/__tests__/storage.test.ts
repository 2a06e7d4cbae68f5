import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3FileStorage } from '../storage.js';

describe('S3-compatible storage', () => {
  it('PUTs the file into the bucket with an AWS Signature V4 and returns its public URL', async () => {
    const seen: { method?: string; url?: string; auth?: string; sha?: string; body?: Buffer } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, auth: req.headers.authorization, sha: req.headers['x-amz-content-sha256'], body: Buffer.concat(chunks) });
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
      expect(seen.sha).toMatch(/^[0-9a-f]{64}$/);
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
});
