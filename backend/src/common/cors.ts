import type { NextFunction, Request, Response } from 'express';

/**
 * Cross-origin access for the earlier app's client, deployed on its own origin (CORS_ORIGINS).
 * Nothing is allowed by default. Tokens travel in the Authorization header, never in cookies, so no
 * credentials mode is offered (no Access-Control-Allow-Credentials): a cross-origin page gets only
 * what its own token entitles it to, exactly as a same-origin one.
 */
export const CORS_METHODS = 'GET, POST, PUT, DELETE, PATCH';
export const CORS_HEADERS = 'Authorization, Content-Type, Idempotency-Key';

/** The request's Origin when it is one of the configured origins, else null. */
export function allowedOrigin(req: Request, origins: readonly string[]): string | null {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origins.includes(origin) ? origin : null;
}

/**
 * /api: an allowed origin gets Access-Control-Allow-Origin (that origin, never '*'), and its preflight
 * (OPTIONS) answers 204 with the methods and headers the REST door takes. Any other origin gets no
 * CORS header, so the browser keeps the answer from the page; its preflight goes on to the 404.
 */
export function apiCors(origins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!origins.length) return next();
    res.vary('Origin');
    const origin = allowedOrigin(req, origins);
    if (!origin) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id, Content-Disposition, Idempotent-Replayed');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * Pictures (/uploads, the defaults under /uploads/defaults too): helmet answers Cross-Origin-Resource-Policy: same-origin,
 * which stops another origin's <img> from showing them. With CORS_ORIGINS set they are cross-origin
 * (they are public files under unguessable names); without it, same-origin as before.
 */
export function crossOriginPictures(origins: readonly string[]) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (origins.length) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  };
}
