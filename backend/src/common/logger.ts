import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'nirog-api' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token', 'refreshToken'], remove: true },
  });
}

/**
 * The request's logger (bound to its id, and to an app's key prefix), made when first used: most
 * requests log nothing below LOG_LEVEL=info, and making a pino child per request, two for an app's
 * (id, then key), was a measurable part of a small request's CPU time (docs/performance.md).
 */
export function lazyRequestLog(req: { id: string; log: Logger; bindLog(bindings: Record<string, string>): void }, base: Logger): void {
  const bindings: Record<string, string> = { requestId: req.id };
  let made: Logger | undefined;
  Object.defineProperty(req, 'log', {
    configurable: true, enumerable: true,
    get: () => (made ??= base.child(bindings)),
    set: (logger: Logger) => { made = logger; },
  });
  req.bindLog = (more) => {
    if (made) made = made.child(more);
    else Object.assign(bindings, more);
  };
}
