import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The API's doors: the REST layer and GraphQL (express mounts them case-insensitively, so this does too). */
const API_PATH = /^\/(?:api|graphql)(?:\/|$)/i;

/**
 * The headers every answer of the API carries: the set the OWASP REST Security Cheat Sheet names for
 * API responses ("Security Headers": no framing, no sniffing, HSTS behind TLS), a policy that lets a
 * JSON answer opened in a tab load nothing, and Cross-Origin-Resource-Policy as every answer had it.
 * Cache-Control is decided per answer (app.ts personalAnswers: `private, no-store` for a signed-in
 * caller). The API answers JSON to programs, and a PDF or CSV only as an attachment.
 */
const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/**
 * Security headers: pages, pictures and every other file get `pages` (helmet's full set, app.ts); the
 * API's answers get API_HEADERS. helmet's other headers (Referrer-Policy, Cross-Origin-Opener-Policy,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection, and the page's long script and style policy) are read by a browser rendering
 * HTML; written on every JSON answer they cost the public lists 10–15 µs of CPU a request (issue
 * #22, the REST rate against the minimal handler; README "Performance").
 */
export function securityHeaders(pages: RequestHandler, opts: { https: boolean }): RequestHandler {
  const api = opts.https ? [...API_HEADERS, ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : API_HEADERS;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!API_PATH.test(req.path)) return pages(req, res, next);
    for (const [name, value] of api) res.setHeader(name, value);
    next();
  };
}
