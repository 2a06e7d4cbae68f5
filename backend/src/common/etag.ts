import { hash } from 'node:crypto';

/**
 * Express's weak ETag (`W/"<length in hex>-<27 characters of the body's SHA-1 in base64>"`), the same
 * value, computed without its two copies: express turns a string body into a new Buffer, then the
 * `etag` package hashes it through a Hash object. Here the body is hashed as it is, in one call (issue
 * #22: express's ETag was about 3 % of the doctors list's CPU, its answer being 16 kB of JSON).
 * Browsers revalidate with it, so it must not change: `etag.test.ts` compares it with express's own.
 */
const EMPTY = 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  const text = typeof body === 'string' && encoding && encoding !== 'utf8' && encoding !== 'utf-8' ? Buffer.from(body, encoding) : body;
  const length = typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : text.length;
  if (length === 0) return EMPTY;
  return `W/"${length.toString(16)}-${hash('sha1', text, 'base64').substring(0, 27)}"`;
}
