import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeLabel } from './metrics.js';

/**
 * The public answers this server has already declared shareable, kept a few seconds in the process
 * and sent again without running the request (issue #22).
 *
 * What is kept is decided by the answer itself, never by this cache:
 *   - a GraphQL read by hash whose answer says `Cache-Control: public, max-age=N` (publicReadCaching in
 *     common/persisted-queries.ts: every root field public, no secret argument, an anonymous caller, no
 *     error). Any browser or proxy may keep that answer N seconds (30 by default); keeping it here for
 *     at most ANSWER_CACHE_SECONDS (5 in production) adds no staleness beyond what it already allows;
 *   - a REST read that its route marks (`res.locals.shareableAnswer`, RouteOptions.shareable in
 *     common/rest.ts) for a caller without a user: the public doctors list, whose every change sends
 *     NOTIFY (migration CacheNotify).
 * Only GET, only 200, only for a request with no Authorization and no X-Api-Key (a signed-in caller's
 * answers are never looked up or kept), at most `maxEntries` answers of at most `maxBodyBytes`.
 *
 * The key is everything the answer can depend on: the path and query string as sent, and the request
 * headers that change the bytes: Origin (CORS headers, absolute picture URLs), Accept-Encoding (the
 * answer is kept as compression wrote it, so a phone still gets gzip) and Accept-Language.
 *
 * A committed change to the doctors or the medicine catalogue, by any replica, clears every
 * process's answers (common/coordination.ts, as for the list totals). A request that asks for a fresh
 * answer (`Cache-Control: no-cache`, a browser's reload) and a revalidation (`If-None-Match`) go through
 * to the app; their answer is kept for the next caller when none is kept, and a kept one is left as it
 * is (nothing it shows has changed, or it would have been cleared).
 *
 * A hit gets its own X-Request-Id and is counted by /metrics (the middleware runs after both), and
 * says `X-Answer-Cache: hit`.
 */
export interface KeptAnswer {
  status: number;
  /** The route that wrote it, for /metrics. */
  route: string;
  headers: [string, string | number | string[]][];
  /**
   * The bytes as the app wrote them: a string (UTF-8) when it wrote one string, as express's res.send
   * does for JSON, so keeping it copies nothing; a Buffer otherwise (compressed answers, pages).
   */
  body: string | Buffer;
  /** The body's length in bytes (Content-Length of a hit). */
  bytes: number;
  expires: number;
}

/** Headers of one connection or one request, never replayed. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'x-answer-cache', 'content-length']);

export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    // At most 200 × 128 kB (25 MB) however many distinct URLs a caller invents; a page of 50 doctors is ~40 kB.
    private readonly maxEntries = 200,
    private readonly maxBodyBytes = 128 * 1024,
    private readonly now = () => Date.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every answer; one being written when this is called is not kept either. */
  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  static keyOf(req: Request): string {
    const h = req.headers;
    return `${req.originalUrl}\n${h.origin ?? ''}\n${h['accept-encoding'] ?? ''}\n${h['accept-language'] ?? ''}`;
  }

  /** Whether this request may be answered from, or fill, the cache. */
  static candidate(req: Request): boolean {
    return req.method === 'GET' && !req.headers.authorization && !req.headers['x-api-key'];
  }

  lookup(key: string): KeptAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** The count of clears so far: an answer made from reads before a clear is not kept after it (`keep`'s `since`). */
  get version(): number {
    return this.generation;
  }

  keep(key: string, answer: Omit<KeptAnswer, 'expires' | 'bytes'>, maxAgeSeconds: number, since = this.generation): void {
    const ttl = Math.min(this.ttlMs, maxAgeSeconds * 1000);
    const bytes = typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length;
    if (ttl <= 0 || bytes > this.maxBodyBytes || since !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...answer, bytes, expires: this.now() + ttl });
  }

  /**
   * The express middleware: answers a hit, records a shareable miss. Mount it after request ids and
   * metrics. `admit` decides whether a hit may be answered (the per-address limit on public reads: a
   * kept answer is cheap, not free); when it answers the request itself it returns false.
   */
  middleware(admit: (req: Request, res: Response) => boolean = () => true): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!this.enabled || !AnswerCache.candidate(req)) return next();
      const key = AnswerCache.keyOf(req);
      const fresh = /no-cache|max-age=0/i.test(String(req.headers['cache-control'] ?? '')) || /no-cache/i.test(String(req.headers.pragma ?? ''));
      const kept = this.lookup(key);
      if (kept && !fresh && !req.headers['if-none-match']) {
        if (!admit(req, res)) return;
        for (const [name, value] of kept.headers) res.setHeader(name, value);
        res.setHeader('Content-Length', kept.bytes);
        res.setHeader('X-Answer-Cache', 'hit');
        res.locals.answerRoute = kept.route;
        res.statusCode = kept.status;
        res.end(kept.body);
        return;
      }
      res.setHeader('X-Answer-Cache', 'miss');
      // A caller asking for a fresh answer (or revalidating) while one is kept: the app answers it,
      // and the kept one stays. It is as fresh as a new one: every change to what it shows clears the
      // cache in every process, and its TTL bounds the rest. Recording this answer too cost a load of
      // reloads about 40 µs of CPU a request and doubled REST's p99 (README, Performance).
      if (!kept) this.record(key, req, res);
      next();
    };
  }

  /**
   * Collects what the app writes (after compression) and keeps it if the answer says it may be shared.
   * It runs for every miss with nothing kept under its key, and holds on to the pieces as written
   * (express's res.send hands one Buffer; a string stays a string), copying only an answer written in
   * several pieces. It used to copy every answer once more (a Buffer.concat, even of one piece): 16 kB
   * per doctors page outside V8's heap, whose growth set off a full mark-compact every 1.2 s or so
   * under load (REST's p99: 25–29 ms with the copy, 10–14 ms without; README, Performance).
   */
  private record(key: string, req: Request, res: Response): void {
    const generation = this.generation;
    const chunks: (string | Buffer)[] = [];
    let size = 0;
    let overflow = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      let piece: string | Buffer;
      if (typeof chunk === 'string') {
        const utf8 = typeof encoding !== 'string' || encoding === 'utf8' || encoding === 'utf-8';
        piece = utf8 ? chunk : Buffer.from(chunk, encoding as BufferEncoding);
      } else if (Buffer.isBuffer(chunk)) piece = chunk;
      else if (chunk instanceof Uint8Array) piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      else {
        overflow = true; // not something this cache can replay: the answer is not kept
        return;
      }
      // A string's length in UTF-16 units is at most its length in bytes: past the limit, it is over for
      // certain; keep() checks the exact bytes of what is left.
      size += piece.length;
      if (size > this.maxBodyBytes) overflow = true;
      else chunks.push(piece);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    res.once('finish', () => {
      if (overflow || res.statusCode !== 200 || generation !== this.generation) return;
      const maxAge = shareableFor(res);
      if (maxAge <= 0) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name, value]) => value !== undefined && !NOT_KEPT.has(name))
        .map(([name, value]) => [name, value] as [string, string | number | string[]]);
      this.keep(key, { status: 200, route: routeLabel(req), headers, body: joined(chunks) }, maxAge);
    });
  }
}

/** One body from the pieces written: the piece itself when there is one, else one string or one Buffer. */
function joined(chunks: (string | Buffer)[]): string | Buffer {
  if (chunks.length === 1) return chunks[0];
  if (chunks.every((c) => typeof c === 'string')) return chunks.join('');
  return Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
}

/** Seconds the answer says it may be shared for: its public max-age, or a REST route's mark; 0 when it is personal. */
function shareableFor(res: Response): number {
  // A REST route's mark: as long as this cache keeps anything (its TTL).
  if (res.locals.shareableAnswer === true) return Number.POSITIVE_INFINITY;
  const cc = String(res.getHeader('cache-control') ?? '');
  if (!/^\s*public\b/i.test(cc) || /no-store|private|no-cache/i.test(cc)) return 0;
  const maxAge = /max-age=(\d+)/i.exec(cc);
  return maxAge ? Number(maxAge[1]) : 0;
}
