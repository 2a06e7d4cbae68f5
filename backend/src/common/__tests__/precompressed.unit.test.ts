import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { precompressedFiles } from '../precompressed.js';

/**
 * The app's files as the build compressed them (common/precompressed.ts), before `compression` and
 * `express.static`, as app.ts mounts them: a real HTTP server through supertest, a folder on disk.
 */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Napa ${i}` })))};\n`;
let dir: string;
let app: express.Express;

/** The body as text (supertest undoes the Content-Encoding, as a browser does). */
const text = (req: request.Test) => req.buffer(true).parse((res, done) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (body += c));
  res.on('end', () => done(null, body));
});

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'nirog-assets-'));
  writeFileSync(path.join(dir, 'index-a.js'), script);
  writeFileSync(path.join(dir, 'index-a.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'index-a.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'style-b.css'), `.card{color:red}\n`.repeat(200)); // none made by the build
  writeFileSync(path.join(dir, 'orphan.js.br'), brotliCompressSync('x')); // no file of its own
  app = express();
  app.use(compression());
  app.use('/assets', precompressedFiles(dir, { maxAge: '365d' }), express.static(dir, { immutable: true, maxAge: '365d', index: false }),
    (_req: express.Request, res: express.Response) => {
      res.status(404).send('Not found');
    });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed files', () => {
  it('a browser that accepts Brotli gets the Brotli file as it is, typed as the script it is, cached for a year', async () => {
    const res = await text(request(app).get('/assets/index-a.js').set('Accept-Encoding', 'gzip, deflate, br, zstd'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The build's bytes, not compressed again on the way.
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(res.body).toBe(script);
  });

  it('gzip when Brotli is not accepted, or refused by its weight', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip']) {
      const res = await text(request(app).get('/assets/index-a.js').set('Accept-Encoding', accepted));
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(gzipSync(script).length);
      expect(res.body).toBe(script);
    }
  });

  it('the file itself to a client that accepts neither', async () => {
    const res = await text(request(app).get('/assets/index-a.js').set('Accept-Encoding', 'identity'));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const res = await request(app).head('/assets/index-a.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
  });

  it('leaves a file the build did not compress to the compression middleware, and a missing one to the 404', async () => {
    const css = await request(app).get('/assets/style-b.css').set('Accept-Encoding', 'gzip');
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBe('gzip'); // compressed on the way, as before
    expect((await request(app).get('/assets/orphan.js').set('Accept-Encoding', 'br')).status).toBe(404);
    expect((await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br')).status).toBe(404);
  });

  it('never joins a path from the request to the folder', async () => {
    for (const url of ['/assets/..%2f..%2fetc%2fpasswd', '/assets/%2e%2e/index-a.js', '/assets/sub/../index-a.js.br/..']) {
      const res = await request(app).get(url).set('Accept-Encoding', 'br');
      expect(res.headers['content-encoding']).not.toBe('br');
      expect(res.status).not.toBe(500);
    }
  });
});
